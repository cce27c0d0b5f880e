/**
 * What a care label looks like, as DATA: positioned texts and care symbols in millimetres, computed
 * once here and drawn by two renderers, the React SVG preview beside the editor and on order details
 * (web features/care-label/CareLabelPreview.tsx) and the production PO (server documents/pdf/
 * careLabel.ts), so the screen and the paper cannot disagree (decision 0043).
 *
 * Top to bottom: fibre content per component (percentages in descending order, 16 CFR 303.16;
 * 'English / Français' names when the customer sells in Canada), country of origin, the care symbols
 * in ISO 3758 order (washing, bleaching, drying, ironing, professional care) with their names, or
 * the care code and its text, caution and maintenance, special instructions, dealer identities,
 * copyright. Text is wrapped by an estimate of Helvetica's widths (both renderers draw Helvetica),
 * so a line never depends on the renderer's own wrapping.
 */
import type { CareMarket, CustomerCareConfig } from './config';
import { bilingualFibreName } from './fibres';
import type { CareIdentity } from './markets';
import {
  CARE_INSTRUCTION_FIELDS,
  type CareInstructionField,
  type CareLabelDraft,
  type FabricCompositionDraft,
  labelCountries,
} from './rules';

export type CareLabelElement =
  | {
      kind: 'text';
      /** Left edge (anchor 'start') or centre (anchor 'middle'), mm. */
      x: number;
      /** Baseline, mm. */
      y: number;
      text: string;
      /** Font size, mm. */
      size: number;
      bold: boolean;
      anchor: 'start' | 'middle';
    }
  | {
      kind: 'symbol';
      /** Top-left corner and side of the symbol's square, mm (the symbol's 100 × 100 box scaled). */
      x: number;
      y: number;
      size: number;
      /** A CARE_SYMBOLS name. */
      name: string;
      /** The care instruction's display name (accessible name). */
      title: string;
    };

export interface CareLabelLayout {
  /** Label size, mm. */
  width: number;
  height: number;
  elements: CareLabelElement[];
}

/**
 * A label to lay out. Icons, markets and identities default to what the label itself says it prints
 * (`label.printed`, fixed at Add to Order); the editor passes the customer's current ones.
 */
export interface CareLabelLayoutInput {
  label: CareLabelDraft;
  /** The icon (CARE_SYMBOLS name) of each chosen care instruction; missing ones draw no symbol. */
  icons?: Partial<Record<CareInstructionField, string | null>>;
  markets?: readonly CareMarket[];
  identity?: CareIdentity;
}

/**
 * The icons of a label's chosen care instructions, looked up in the customer's configuration by
 * type and display name (the label stores names, decision 0043). A name no longer offered has no icon.
 */
export function careLabelIcons(
  config: Pick<CustomerCareConfig, 'careInstructions'>,
  label: CareLabelDraft,
): Partial<Record<CareInstructionField, string | null>> {
  const icons: Partial<Record<CareInstructionField, string | null>> = {};
  for (const { field, type } of CARE_INSTRUCTION_FIELDS) {
    const option = config.careInstructions.find((o) => o.type === type && o.displayName === label[field]);
    icons[field] = option?.icon ?? null;
  }
  return icons;
}

/** Label width, margin, font and symbol sizes (mm): a common 40 mm woven care label. */
export const CARE_LABEL_WIDTH = 40;
const MARGIN = 3;
const TEXT = 2.2;
const LINE = 2.9;
const GAP = 1.8;
const SYMBOL = 5.5;
const SYMBOL_GAP = 1;
/** Helvetica's mean advance per character, in font sizes (a little wide, so lines never overflow). */
const CHAR_WIDTH = 0.55;

/** Splits text into lines of at most `max` characters at spaces (a longer word is cut). */
export function wrapText(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (word.length > max) {
        if (line) lines.push(line);
        line = '';
        lines.push(word.slice(0, max));
        word = word.slice(max);
      }
      if (!line) line = word;
      else if (line.length + 1 + word.length <= max) line = `${line} ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Rows of a composition in descending percentage (ties by material name); empty percentages last. */
export function byPredominance(rows: readonly FabricCompositionDraft[]): FabricCompositionDraft[] {
  return [...rows].sort(
    (a, b) => (b.percentage ?? -1) - (a.percentage ?? -1) || a.material.localeCompare(b.material),
  );
}

/** Lays out a label (see the module comment). Never throws; an empty label gives an empty-looking label. */
export function careLabelLayout(input: CareLabelLayoutInput): CareLabelLayout {
  const { label } = input;
  const icons = input.icons ?? label.printed?.icons ?? {};
  const markets = input.markets ?? label.printed?.markets ?? [];
  const identity = input.identity ?? {
    caNumber: label.printed?.caNumber ?? null,
    rnNumber: label.printed?.rnNumber ?? null,
  };
  const elements: CareLabelElement[] = [];
  const inner = CARE_LABEL_WIDTH - 2 * MARGIN;
  const maxChars = Math.floor(inner / (CHAR_WIDTH * TEXT));
  let y = MARGIN;
  let sectionOpen = false;
  const section = () => {
    if (sectionOpen) y += GAP;
    sectionOpen = true;
  };
  const text = (t: string, opts: { bold?: boolean; center?: boolean } = {}) => {
    for (const line of wrapText(t, maxChars)) {
      y += LINE;
      elements.push({
        kind: 'text',
        x: opts.center ? CARE_LABEL_WIDTH / 2 : MARGIN,
        y: y - (LINE - TEXT) / 2,
        text: line,
        size: TEXT,
        bold: opts.bold ?? false,
        anchor: opts.center ? 'middle' : 'start',
      });
    }
  };
  const fibre = (m: string) => (markets.includes('CA') ? bilingualFibreName(m) : m);
  const rowsText = (rows: readonly FabricCompositionDraft[]) =>
    byPredominance(rows)
      .filter((r) => r.material.trim() !== '')
      .forEach((r) => {
        text(`${r.percentage ?? '__'}% ${fibre(r.material)}`);
      });

  for (const component of label.garmentComponents ?? []) {
    section();
    if (component.componentType) text(component.componentType.toUpperCase(), { bold: true });
    rowsText(component.fabricCompositions);
  }
  if (label.fibreContents?.length) {
    section();
    rowsText(label.fibreContents);
  }

  const countries = labelCountries(label);
  if (countries.length > 0) {
    section();
    for (const c of countries) text(`Made in ${c}`, { bold: true });
  }

  if (label.type === 'CARELABEL_STANDARD') {
    const chosen = CARE_INSTRUCTION_FIELDS.flatMap(({ field }) => {
      const name = label[field];
      return typeof name === 'string' && name !== '' ? [{ field, name, icon: icons[field] ?? null }] : [];
    });
    const drawn = chosen.filter((c) => c.icon);
    if (drawn.length > 0) {
      section();
      const rowWidth = drawn.length * SYMBOL + (drawn.length - 1) * SYMBOL_GAP;
      let x = (CARE_LABEL_WIDTH - rowWidth) / 2;
      for (const c of drawn) {
        elements.push({ kind: 'symbol', x, y: y + 0.5, size: SYMBOL, name: c.icon as string, title: c.name });
        x += SYMBOL + SYMBOL_GAP;
      }
      y += SYMBOL + 1.2;
    }
    if (chosen.length > 0) {
      if (drawn.length === 0) section();
      text(`${chosen.map((c) => c.name).join('. ')}.`);
    }
  } else if (label.instructionCode?.codeName) {
    section();
    text(label.instructionCode.codeName, { bold: true, center: true });
    text(label.instructionCode.codeText);
  }

  if (label.cautionMaintenance) {
    section();
    text(label.cautionMaintenance);
  }
  if (label.specialInstructions?.length) {
    section();
    for (const s of label.specialInstructions) text(s);
  }
  const ids = [
    markets.includes('CA') && identity.caNumber ? `CA ${identity.caNumber}` : null,
    markets.includes('US') && identity.rnNumber ? `RN ${identity.rnNumber}` : null,
  ].filter((s): s is string => s !== null);
  if (ids.length > 0) {
    section();
    for (const id of ids) text(id, { center: true });
  }
  if (label.copyright) {
    section();
    text(label.copyright.startsWith('©') ? label.copyright : `© ${label.copyright}`, { center: true });
  }
  return { width: CARE_LABEL_WIDTH, height: Math.max(y + MARGIN, 2 * MARGIN + LINE), elements };
}

/**
 * The label's text as printed, line by line in the layout's order (the care symbols' names are one of
 * its lines): what a mail or another text-only reader shows of the label, so it says exactly what the
 * preview and the production PO draw (decision 0043).
 */
export function careLabelLines(layout: CareLabelLayout): string[] {
  return layout.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
}
