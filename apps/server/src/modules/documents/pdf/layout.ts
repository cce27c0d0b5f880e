/**
 * The shared look of the generated order documents (ordering §7 Documents, docs/spec/ordering.md;
 * docs/decisions/0015-order-documents.md), written once and used by the vendor PO, the production
 * POs and the packing slips.
 *
 * A document is described declaratively (`DocumentSpec`: heading, party blocks, key-value fields,
 * notes, one lines table, totals, an optional signature box) and drawn by `renderDocument`:
 * A4 portrait, 36 pt margins, pdfkit's built-in Helvetica/Helvetica-Bold. Every page carries the
 * header (brand at the left; title, number and a Code 128 barcode of the order number at the right)
 * and the footer ("Page N of M", generation time). The lines table repeats its column headers on
 * each page and never splits a row; long cell text wraps inside its cell.
 *
 * Text is measured and wrapped here and drawn line by line at explicit positions (pdfkit's own
 * wrapping would add pages on its own). Helvetica prints WinAnsi only: `toWinAnsi` folds accents
 * ('ō' → 'o') and replaces what it cannot print with '?'.
 *
 * Units: pdfkit points (1/72 in). Amounts are decimal strings, formatted by the shared money rules
 * (decimal.js, never binary floats).
 */
import { formatMoney, formatTotal, formatUnit } from '@selvedge/shared';

/** The brand printed in the header when none is given. */
export const DEFAULT_BRAND_NAME = 'Selvedge';

// ---------------------------------------------------------------------------------------------
// Text and value formats
// ---------------------------------------------------------------------------------------------

/** Code points above Latin-1 that WinAnsi (and so Helvetica in pdfkit) can print. */
const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const printable = (cp: number) =>
  (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);

/**
 * Makes text printable with Helvetica's WinAnsi encoding (ordering §7 Documents): accented letters
 * outside it lose their accents ('Zhōngshān' → 'Zhongshan'), other characters (CJK, emoji…) become
 * '?', tabs become spaces, line ends become '\n', other control and format characters are dropped.
 * Never throws.
 */
export function toWinAnsi(text: string): string {
  if (/^[\x20-\x7e\n]*$/.test(text)) return text;
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\n' || printable(cp)) out += ch;
    else if (ch === '\t') out += ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || /\p{Cf}/u.test(ch)) continue;
    else {
      const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      const ok = folded.length > 0 && [...folded].every((c) => printable(c.codePointAt(0) ?? 0));
      out += ok ? folded : '?';
    }
  }
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A date as DD-MMM-YYYY, e.g. '05-Dec-2026' (ordering §7 Documents). A calendar day 'YYYY-MM-DD' is
 * printed as is; an instant (Date or ISO string with time) by its UTC day. Null, empty or invalid: '-'.
 */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}-${MONTHS[Number(day[2]) - 1] ?? day[2]}-${day[1]}`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '-';
  return `${pad2(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/** An instant as 'DD-MMM-YYYY HH:MM UTC' (the generation time in the footer, ordering §7 Documents). */
export function formatDateTime(value: Date): string {
  return `${formatDate(value)} ${pad2(value.getUTCHours())}:${pad2(value.getUTCMinutes())} UTC`;
}

/**
 * A money amount (decimal string) with 2 decimals, thousands separators and its ISO 4217 code:
 * 'CAD 1,234.50' (ordering §7 Documents, §9). Without a currency only the number. Throws on a
 * non-numeric amount (decimal.js).
 */
export function formatAmount(currency: string | null, amount: string): string {
  return currency ? formatMoney({ currency, price: amount }) : formatTotal(amount);
}

/** A unit price or cost (decimal string) with 4 decimals: '0.1250'; null: '-' (ordering §7 Documents). */
export function formatUnitAmount(amount: string | null): string {
  return amount === null ? '-' : formatUnit(amount);
}

/** A count of pieces or packs with thousands separators: 12,500 (ordering §7 Documents). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Attributes as 'Name: Value' lines, in their stored order (ordering §7 Documents). */
export function formatAttributes(attributes: Record<string, string> | null | undefined): string {
  return Object.entries(attributes ?? {})
    .filter(([, v]) => v !== null && v !== undefined && String(v) !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// What a document is made of
// ---------------------------------------------------------------------------------------------

export type Align = 'left' | 'right';

/** Header of every page. `number` is the document's number (PO number, slip number…). */
export interface DocumentHeading {
  brandName?: string;
  title: string;
  number: string;
  orderId: number;
  generatedAt: Date;
}

/** A party block ("Vendor", "Ship To"…): the name in bold, then its lines; null lines are left out. */
export interface Party {
  label: string;
  name: string | null;
  lines: (string | null | undefined)[];
}

/** One key-value pair of the fields block; a missing value prints '-'. */
export interface Field {
  label: string;
  value: string | null | undefined;
}

/** A table column; widths are shares (`weight`) of the text width. */
export interface TableColumn {
  header: string;
  weight: number;
  align?: Align;
}

/**
 * Rows that belong together (one order line): `rows` are full rows; `resume` fills the empty
 * cells of the first row drawn on a new page (e.g. the subcode and '(continued)'); `total`, when
 * given, is a bold row closing the group.
 */
export interface TableGroup {
  rows: string[][];
  resume?: string[];
  total?: string[];
}

export interface TotalLine {
  label: string;
  value: string;
  strong?: boolean;
}

/**
 * The lines table. The first `groupColumns` columns describe the whole group (filled on its first
 * row only): the light rules between a group's rows start after them.
 */
export interface LinesTable {
  columns: TableColumn[];
  groups: TableGroup[];
  groupColumns?: number;
}

/**
 * A drawing placed after the totals (a care label…): `width` × `height` points, drawn by `draw` with
 * its top-left corner at (x, y), under its caption. Figures sit side by side and never split.
 */
export interface Figure {
  caption: string;
  width: number;
  height: number;
  draw: (doc: PDFKit.PDFDocument, x: number, y: number) => void;
}

/** A whole document, drawn top to bottom in this order. */
export interface DocumentSpec {
  heading: DocumentHeading;
  parties: Party[];
  fields: Field[];
  notes?: { label: string; text: string | null }[];
  table: LinesTable;
  totals: TotalLine[];
  /** Drawings after the totals, under the label `figuresLabel` (e.g. the lines' care labels). */
  figures?: Figure[];
  figuresLabel?: string;
  /** Labels of a box to sign at the end, e.g. ['Received by', 'Date', 'Signature']. */
  signature?: string[];
}

// ---------------------------------------------------------------------------------------------
// Geometry and styles
// ---------------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89 }; // A4 portrait, points
const MARGIN = 36;
const LEFT = MARGIN;
const RIGHT = PAGE.width - MARGIN;
const WIDTH = RIGHT - LEFT;
const HEADER_RULE = MARGIN + 76;
const BODY_TOP = HEADER_RULE + 12;
const FOOTER_RULE = PAGE.height - MARGIN - 12;
const BODY_BOTTOM = FOOTER_RULE - 10;
const SECTION_GAP = 12;
const LEADING = 1.22;
const CELL_PAD = { x: 3, y: 3 };
/** Barcode PNG pixels to points: scale 2 → one module is 1 pt (0.35 mm). */
const BARCODE_PT_PER_PX = 0.5;

const COLORS = { text: '#111111', muted: '#5a5a5a', rule: '#8c8c8c', hairline: '#d6d6d6', fill: '#ececec' };

interface Style {
  bold?: boolean;
  size: number;
  color?: string;
}

const S = {
  brand: { bold: true, size: 18 },
  title: { bold: true, size: 14 },
  number: { size: 10.5 },
  sub: { size: 8.5, color: COLORS.muted },
  label: { bold: true, size: 7, color: COLORS.muted },
  value: { size: 9 },
  name: { bold: true, size: 9 },
  head: { bold: true, size: 7.5 },
  cell: { size: 8 },
  cellBold: { bold: true, size: 8 },
  total: { size: 9 },
  totalStrong: { bold: true, size: 10 },
  footer: { size: 7.5, color: COLORS.muted },
} satisfies Record<string, Style>;

const lineHeight = (style: Style) => style.size * LEADING;

interface Barcode {
  /** A data URL: pdfkit embeds an image given by string once and reuses it on every page. */
  src: string;
  width: number;
  height: number;
}

/** Cells wrapped to their widths, and the row height they need. */
interface LaidRow {
  cells: string[][];
  height: number;
  bold: boolean;
}

// ---------------------------------------------------------------------------------------------
// The writer
// ---------------------------------------------------------------------------------------------

class DocumentWriter {
  private y = BODY_TOP;
  private readonly done: Promise<Buffer>;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly heading: Required<DocumentHeading>,
    private readonly barcode: Barcode,
  ) {
    const chunks: Buffer[] = [];
    this.done = new Promise((resolve, reject) => {
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    this.newPage();
  }

  // --- text primitives ---

  private style(s: Style): void {
    this.doc
      .font(s.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(s.size)
      .fillColor(s.color ?? COLORS.text);
  }

  /** Draws one line (already wrapped) at x..x+width, aligned; never wraps or adds a page. */
  private write(text: string, x: number, y: number, s: Style, width = 0, align: Align = 'left'): void {
    if (text === '') return;
    this.style(s);
    const safe = toWinAnsi(text);
    const dx = align === 'right' ? width - this.doc.widthOfString(safe) : 0;
    this.doc.text(safe, x + dx, y, { lineBreak: false });
  }

  /**
   * Word-wraps text to `width` points in style `s`. A word longer than a line is broken after its
   * last '-', '/', '_' or '.' that fits, else wherever it must.
   */
  private wrap(text: string, width: number, s: Style): string[] {
    this.style(s);
    const fits = (t: string) => this.doc.widthOfString(t) <= width;
    const lines: string[] = [];
    for (const paragraph of toWinAnsi(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        if (word === '') continue;
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (!fits(line)) {
          let cut = line.length - 1;
          while (cut > 1 && !fits(line.slice(0, cut))) cut--;
          const soft = Math.max(...['-', '/', '_', '.'].map((c) => line.lastIndexOf(c, cut - 1)));
          if (soft > 0) cut = soft + 1;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  /** One line: `text` as is when it fits `width`, else cut with '...'. */
  private fit(text: string, width: number, s: Style): string {
    this.style(s);
    const line = toWinAnsi(text).replace(/\n/g, ' ');
    if (this.doc.widthOfString(line) <= width) return line;
    return this.ellipsis(line, width, s);
  }

  private ellipsis(line: string, width: number, s: Style): string {
    this.style(s);
    let cut = line;
    while (cut.length > 0 && this.doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  }

  /** Writes one line in `s`, shrunk down to 7 pt to fit `width` (cut with '...' only below that). */
  private writeFitted(text: string, x: number, y: number, s: Style, width: number, align: Align): void {
    let style = s;
    this.style(style);
    while (style.size > 7 && this.doc.widthOfString(toWinAnsi(text)) > width) {
      style = { ...style, size: style.size - 0.5 };
      this.style(style);
    }
    this.write(this.fit(text, width, style), x, y, style, width, align);
  }

  private rule(x1: number, x2: number, y: number, color: string, width: number): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  // --- pages ---

  private newPage(): void {
    this.doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
    this.drawHeader();
    this.y = BODY_TOP;
  }

  /** Starts a new page unless `height` points still fit below the cursor. */
  private ensure(height: number): void {
    if (this.y + height > BODY_BOTTOM && this.y > BODY_TOP) this.newPage();
  }

  private drawHeader(): void {
    const { brandName, title, number, orderId } = this.heading;
    const bw = this.barcode.width * BARCODE_PT_PER_PX;
    const bh = this.barcode.height * BARCODE_PT_PER_PX;
    const rightWidth = Math.max(WIDTH * 0.5, bw);
    const leftWidth = WIDTH - rightWidth - 12;
    this.writeFitted(brandName, LEFT, MARGIN, S.brand, leftWidth, 'left');
    this.write(`Order No. ${orderId}`, LEFT, MARGIN + 24, S.sub);
    const rx = RIGHT - rightWidth;
    this.writeFitted(title, rx, MARGIN, S.title, rightWidth, 'right');
    this.writeFitted(number, rx, MARGIN + 17, S.number, rightWidth, 'right');
    this.doc.image(this.barcode.src, RIGHT - bw, HEADER_RULE - 3 - bh, { width: bw, height: bh });
    this.rule(LEFT, RIGHT, HEADER_RULE, COLORS.text, 1);
  }

  private drawFooter(page: number, pages: number): void {
    const y = FOOTER_RULE + 4;
    const third = WIDTH / 3;
    const { title, number, generatedAt } = this.heading;
    this.rule(LEFT, RIGHT, FOOTER_RULE, COLORS.rule, 0.5);
    this.write(`Generated ${formatDateTime(generatedAt)}`, LEFT, y, S.footer);
    const middle = this.fit(`${title} ${number}`, third, S.footer);
    this.style(S.footer);
    this.write(middle, LEFT + third + (third - this.doc.widthOfString(middle)) / 2, y, S.footer);
    this.write(`Page ${page} of ${pages}`, RIGHT - third, y, S.footer, third, 'right');
  }

  // --- blocks ---

  /** Party blocks side by side in equal columns. */
  parties(parties: Party[]): void {
    if (parties.length === 0) return;
    const gap = 14;
    const w = (WIDTH - gap * (parties.length - 1)) / parties.length;
    const laid = parties.map((p) => ({
      label: p.label.toUpperCase(),
      name: p.name ? this.wrap(p.name, w, S.name) : [],
      lines: p.lines.flatMap((l) => (l ? this.wrap(l, w, S.value) : [])),
    }));
    const labelH = lineHeight(S.label) + 4;
    const height = Math.max(
      ...laid.map((p) => labelH + (p.name.length + p.lines.length) * lineHeight(S.value)),
    );
    this.ensure(height);
    laid.forEach((p, i) => {
      const x = LEFT + i * (w + gap);
      this.write(p.label, x, this.y, S.label);
      this.rule(x, x + w, this.y + labelH - 2.5, COLORS.rule, 0.5);
      let y = this.y + labelH;
      for (const l of p.name) {
        this.write(l, x, y, S.name);
        y += lineHeight(S.value);
      }
      for (const l of p.lines) {
        this.write(l, x, y, S.value);
        y += lineHeight(S.value);
      }
    });
    this.y += height + SECTION_GAP;
  }

  /** Key-value pairs in a shaded grid, `perRow` to a row. */
  fields(fields: Field[], perRow = 4): void {
    const w = WIDTH / perRow;
    const inner = w - 2 * CELL_PAD.x - 4;
    for (let start = 0; start < fields.length; start += perRow) {
      const row = fields.slice(start, start + perRow).map((f) => ({
        label: this.fit(f.label.toUpperCase(), inner, S.label),
        value: this.wrap(f.value ? f.value : '-', inner, S.value),
      }));
      const height =
        2 * CELL_PAD.y +
        lineHeight(S.label) +
        1 +
        Math.max(...row.map((c) => c.value.length)) * lineHeight(S.value);
      this.ensure(height);
      this.doc.rect(LEFT, this.y, WIDTH, height).fillColor('#f4f4f4').fill();
      row.forEach((c, i) => {
        const x = LEFT + i * w + CELL_PAD.x + 2;
        let y = this.y + CELL_PAD.y;
        this.write(c.label, x, y, S.label);
        y += lineHeight(S.label) + 1;
        for (const l of c.value) {
          this.write(l, x, y, S.value);
          y += lineHeight(S.value);
        }
      });
      this.y += height;
    }
    this.y += SECTION_GAP;
  }

  /**
   * Figures side by side under a section label, left to right in rows; a row that does not fit the
   * page starts a new one. A figure wider than the page is drawn as it is (callers keep them small).
   */
  figures(label: string, figures: Figure[]): void {
    const gap = 14;
    const captionH = lineHeight(S.label) + 2;
    this.ensure(lineHeight(S.label) + 4 + captionH + (figures[0]?.height ?? 0));
    this.write(label.toUpperCase(), LEFT, this.y, S.label);
    this.y += lineHeight(S.label) + 4;
    let i = 0;
    while (i < figures.length) {
      const row: Figure[] = [];
      let w = 0;
      for (; i < figures.length; i++) {
        const f = figures[i] as Figure;
        if (row.length > 0 && w + gap + f.width > WIDTH) break;
        w += (row.length > 0 ? gap : 0) + f.width;
        row.push(f);
      }
      const height = captionH + Math.max(...row.map((f) => f.height));
      this.ensure(height);
      let x = LEFT;
      for (const f of row) {
        this.write(this.fit(f.caption, Math.max(f.width, 60), S.cellBold), x, this.y, S.cellBold);
        f.draw(this.doc, x, this.y + captionH);
        x += f.width + gap;
      }
      this.y += height + gap;
    }
    this.y += SECTION_GAP - gap;
  }

  /** A labelled paragraph; breaks between lines when it does not fit the page. */
  note(label: string, text: string): void {
    const lines = this.wrap(text, WIDTH, S.value);
    this.ensure(lineHeight(S.label) + 2 + lineHeight(S.value));
    this.write(label.toUpperCase(), LEFT, this.y, S.label);
    this.y += lineHeight(S.label) + 2;
    for (const l of lines) {
      this.ensure(lineHeight(S.value));
      this.write(l, LEFT, this.y, S.value);
      this.y += lineHeight(S.value);
    }
    this.y += SECTION_GAP;
  }

  /**
   * The lines table: header row repeated on every page, rows never split (a row taller than a whole
   * page is cut with '...'), groups separated by a darker rule.
   */
  table({ columns, groups, groupColumns = 0 }: LinesTable): void {
    const weights = columns.reduce((a, c) => a + c.weight, 0);
    const widths = columns.map((c) => (c.weight / weights) * WIDTH);
    const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const inner = (i: number) => widths[i] - 2 * CELL_PAD.x;
    const headCells = columns.map((c, i) => this.wrap(c.header, inner(i), S.head));
    const headH = 2 * CELL_PAD.y + Math.max(...headCells.map((c) => c.length)) * lineHeight(S.head);
    const maxLines = Math.floor((BODY_BOTTOM - BODY_TOP - headH - 2 * CELL_PAD.y) / lineHeight(S.cell));

    const layRow = (cells: string[], bold: boolean): LaidRow => {
      const style = bold ? S.cellBold : S.cell;
      const wrapped = columns.map((_, i) => {
        const lines = this.wrap(cells[i] ?? '', inner(i), style);
        if (lines.length <= maxLines) return lines;
        const kept = lines.slice(0, maxLines);
        kept[maxLines - 1] = this.ellipsis(kept[maxLines - 1], inner(i), style);
        return kept;
      });
      const height = 2 * CELL_PAD.y + Math.max(1, ...wrapped.map((c) => c.length)) * lineHeight(style);
      return { cells: wrapped, height, bold };
    };
    const drawCells = (cells: string[][], style: Style) => {
      cells.forEach((lines, i) => {
        lines.forEach((l, k) => {
          const y = this.y + CELL_PAD.y + k * lineHeight(style);
          this.write(l, xs[i] + CELL_PAD.x, y, style, inner(i), columns[i].align);
        });
      });
    };
    const drawHead = () => {
      this.doc.rect(LEFT, this.y, WIDTH, headH).fillColor(COLORS.fill).fill();
      drawCells(headCells, S.head);
      this.y += headH;
      this.rule(LEFT, RIGHT, this.y, COLORS.text, 0.75);
    };

    const first = groups[0]?.rows[0];
    this.ensure(headH + (first ? layRow(first, false).height : 0));
    drawHead();
    if (groups.length === 0) {
      this.write('No lines.', LEFT + CELL_PAD.x, this.y + CELL_PAD.y, { ...S.cell, color: COLORS.muted });
      this.y += 2 * CELL_PAD.y + lineHeight(S.cell);
    }
    for (const group of groups) {
      const rows = group.rows.map((cells) => ({ cells, bold: false }));
      if (group.total) rows.push({ cells: group.total, bold: true });
      rows.forEach((row, r) => {
        let laid = layRow(row.cells, row.bold);
        let topOfPage = false;
        if (this.y + laid.height > BODY_BOTTOM) {
          this.newPage();
          drawHead();
          topOfPage = true;
          if (r > 0 && group.resume) {
            const resume = group.resume;
            laid = layRow(
              row.cells.map((c, i) => c || resume[i] || ''),
              row.bold,
            );
          }
        }
        if (!topOfPage && (r === 0 || row.bold)) {
          this.rule(LEFT, RIGHT, this.y, COLORS.rule, r === 0 ? 0.75 : 0.5);
        } else if (!topOfPage) {
          this.rule(xs[groupColumns] ?? LEFT, RIGHT, this.y, COLORS.hairline, 0.4);
        }
        drawCells(laid.cells, laid.bold ? S.cellBold : S.cell);
        this.y += laid.height;
      });
    }
    this.rule(LEFT, RIGHT, this.y, COLORS.text, 0.75);
    this.y += SECTION_GAP;
  }

  /** Totals, right-aligned; kept together on one page. */
  totals(lines: TotalLine[]): void {
    if (lines.length === 0) return;
    const boxW = 270;
    const valueW = 120;
    const labelW = boxW - valueW - 8;
    const x = RIGHT - boxW;
    const laid = lines.map((l) => {
      const style = l.strong ? S.totalStrong : S.total;
      const label = this.wrap(l.label, labelW, style);
      return { ...l, style, label, height: label.length * lineHeight(style) + 4 };
    });
    this.ensure(laid.reduce((a, l) => a + l.height + (l.strong ? 4 : 0), 0));
    for (const l of laid) {
      if (l.strong) {
        this.rule(x, RIGHT, this.y + 1, COLORS.text, 0.75);
        this.y += 4;
      }
      l.label.forEach((t, k) => {
        this.write(t, x, this.y + k * lineHeight(l.style), l.style);
      });
      this.writeFitted(l.value, RIGHT - valueW, this.y, l.style, valueW, 'right');
      this.y += l.height;
    }
    this.y += SECTION_GAP;
  }

  /** A box with one cell per label to fill in by hand (e.g. goods received). */
  signature(labels: string[]): void {
    const height = 58;
    this.ensure(height + 4);
    this.y += 4;
    const w = WIDTH / labels.length;
    this.doc.lineWidth(0.75).strokeColor(COLORS.text).rect(LEFT, this.y, WIDTH, height).stroke();
    labels.forEach((label, i) => {
      const x = LEFT + i * w;
      if (i > 0)
        this.doc
          .moveTo(x, this.y)
          .lineTo(x, this.y + height)
          .stroke();
      this.write(label.toUpperCase(), x + 5, this.y + 5, S.label);
      this.rule(x + 8, x + w - 8, this.y + height - 12, COLORS.rule, 0.5);
    });
    this.y += height + SECTION_GAP;
  }

  /** Writes the footers on every buffered page and ends the document. */
  async finish(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      this.drawFooter(i + 1, count);
    }
    this.doc.end();
    return this.done;
  }
}

/** Reads a PNG's pixel size from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Renders a document described by `spec` to a PDF (ordering §7 Documents): A4 portrait, header
 * with brand (default 'Selvedge'), title, number and a Code 128 barcode of the order number on every
 * page; then parties, fields, notes, the lines table, totals and the signature box; footers
 * "Page N of M" with the generation time (UTC). Text that Helvetica cannot print is replaced, never
 * fatal. Rejects only if the barcode or pdfkit fail.
 */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  const heading: Required<DocumentHeading> = {
    ...spec.heading,
    brandName: spec.heading.brandName?.trim() || DEFAULT_BRAND_NAME,
  };
  // Loaded on first use, not at start: pdfkit (with fontkit and its fonts) and bwip-js are several
  // MB of code and heap that a process which never draws a document should not carry (RSS; decision 0024).
  const [{ toBuffer }, { default: PDFDocument }] = await Promise.all([
    import('bwip-js/node'),
    import('pdfkit'),
  ]);
  const png = await toBuffer({
    bcid: 'code128',
    text: String(heading.orderId),
    scale: 2,
    height: 10,
    includetext: true,
  });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: toWinAnsi(`${heading.title} ${heading.number}`),
      Author: toWinAnsi(heading.brandName),
      Creator: toWinAnsi(heading.brandName),
      CreationDate: heading.generatedAt,
    },
  });
  const writer = new DocumentWriter(doc, heading, {
    src: `data:image/png;base64,${png.toString('base64')}`,
    ...pngSize(png),
  });
  writer.parties(spec.parties);
  writer.fields(spec.fields);
  for (const n of spec.notes ?? []) if (n.text?.trim()) writer.note(n.label, n.text.trim());
  writer.table(spec.table);
  writer.totals(spec.totals);
  if (spec.figures?.length) writer.figures(spec.figuresLabel ?? 'Figures', spec.figures);
  if (spec.signature?.length) writer.signature(spec.signature);
  return writer.finish();
}
