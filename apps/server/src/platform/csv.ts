/**
 * CSV files for spreadsheets (ordering §7 Downloads; the retailer-data files): columns described
 * once, rows streamed in batches, written with csv-stringify.
 *
 * - UTF-8 with a byte order mark, so that Excel reads accents (it assumes the ANSI code page
 *   otherwise); records end with a line feed, as PostgreSQL's COPY writes them (the large files on
 *   PostgreSQL are written by COPY: platform/queryFile.ts; decision 0049); fields are quoted when
 *   they hold a comma, a quote, a line feed or a carriage return — the same rule as COPY's, so a
 *   line break inside a cell can never start a record of its own.
 * - Formula injection (OWASP ASVS 1.2.10 / 5.3.x, "CSV injection"): a text cell that begins with
 *   = + - @ a tab or a carriage return (or their full-width forms, which some spreadsheets fold) is
 *   written with a leading apostrophe, so that `=HYPERLINK(...)` in a vendor PO is shown as text,
 *   never run. Cells of the number columns are written only when they are numbers (a negative
 *   number stays a number); anything else in them is treated as text.
 * - Dates as ISO 8601: a date `YYYY-MM-DD`, an instant `YYYY-MM-DD HH:mm:ss` in UTC (the form Excel
 *   reads as a date and time; the column header says UTC; a value already in that form is taken as a
 *   UTC instant and written as it is). Booleans (or their PostgreSQL
 *   text form t / f) as Yes / No.
 *
 * The same column descriptions write .xlsx (platform/xlsx.ts), so a download in both formats has
 * the same columns and rows.
 *
 * Use: `sendStream(reply, { body: csvStream(columns, rows), contentType: CSV_CONTENT_TYPE,
 * fileName })` (platform/http.ts), where `rows` is an array or the batches of
 * `streamRows(db, query)` (platform/db).
 */
import { Readable } from 'node:stream';
import { toFixedAmount } from '@selvedge/shared';
import { stringify } from 'csv-stringify/sync';

/** What a cell may hold before it is written. */
export type Cell = string | number | boolean | Date | null | undefined;

/**
 * How a column's cells are written. text: as given, neutralised; integer/decimal: numbers (a decimal
 * at its column's `decimals`, else with the value's own digits); date: a calendar day; datetime: an
 * instant (UTC); boolean: Yes/No.
 */
export type CellType = 'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean';

/** One column of a downloaded file. */
export interface FileColumn<Row> {
  header: string;
  /** Default 'text'. */
  type?: CellType;
  value: (row: Row) => Cell;
  /**
   * decimal: digits after the point (money: totals 2, unit prices and costs 4, ordering §9). Both
   * files write the value rounded to them, half up (a stored total '14.9500' is 14.95 in the CSV
   * and in the spreadsheet, '6.4' is 6.40); without it the value keeps its own digits.
   */
  decimals?: number | ((row: Row) => number);
  /** Column width in characters in a spreadsheet (xlsx); default from the header. */
  width?: number;
}

/** Content type of the CSV downloads. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;
/** An instant already in the files' form (`YYYY-MM-DD HH:mm:ss`, UTC), e.g. formatted by the database. */
export const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The first characters that make a spreadsheet read a cell as a formula: = + - @ tab, carriage
 * return, and their full-width forms. startsFormula below is the same list as a switch (it runs for
 * every text cell of a large file); queryFile.ts writes it as SQL for COPY.
 */
export const FORMULA_FIRST_CHARACTERS = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
] as const;

/**
 * Whether a cell starting with the UTF-16 code `first` is read as a formula by a spreadsheet
 * (FORMULA_FIRST_CHARACTERS). A switch on the first code rather than a pattern: it runs for every
 * text cell of a large file.
 */
function startsFormula(first: number): boolean {
  switch (first) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
    case 0xff1d:
    case 0xff0b:
    case 0xff0d:
    case 0xff20:
      return true;
    default:
      return false;
  }
}

/** `text` made safe to open in a spreadsheet: prefixed with an apostrophe when it would be a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && startsFormula(text.charCodeAt(0)) ? `'${text}` : text;
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in UTC. */
export function utcDateTime(instant: Date): string {
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * What a cell of each typed column holds, read once for both writers (CSV here, .xlsx in xlsx.ts):
 * the digits of a number (a finite number, or text such as '12.50' that keeps its digits)…
 */
export function numberText(value: Cell): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return typeof value === 'string' && NUMBER_TEXT.test(value) ? value : null;
}

/**
 * …the digits of a decimal at `decimals` places (rounded half up, as money is: rules/money.ts
 * toFixedAmount), or its own digits without `decimals`; null when the value is not a number…
 */
export function decimalText(value: Cell, decimals: number | undefined): string | null {
  const digits = numberText(value);
  return digits === null || decimals === undefined ? digits : toFixedAmount(digits, decimals);
}

/** …the calendar day (`YYYY-MM-DD`) of a date: a valid Date's UTC day, or text starting with one… */
export function calendarDay(value: Cell): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return typeof value === 'string' && ISO_DAY.test(value) ? value.slice(0, 10) : null;
}

/** …whether a boolean holds true: a boolean, or PostgreSQL's text form of one ('t' / 'f')… */
export function booleanOf(value: Cell): boolean | null {
  if (typeof value === 'boolean') return value;
  return value === 't' ? true : value === 'f' ? false : null;
}

/** …and the instant of a datetime: a valid Date, ISO text, or `YYYY-MM-DD HH:mm:ss` read as UTC. */
export function asInstant(value: Cell): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const d = new Date(UTC_DATE_TIME.test(value) ? `${value.replace(' ', 'T')}Z` : value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/**
 * The text a CSV cell holds for `value` in a column of `type`, a decimal at `decimals` places when
 * given (exported for the tests).
 */
export function csvCell(value: Cell, type: CellType = 'text', decimals?: number): string {
  if (value === null || value === undefined) return '';
  if (type === 'text' && typeof value === 'string') return neutraliseFormula(value);
  switch (type) {
    case 'integer': {
      const digits = numberText(value);
      if (digits !== null) return digits;
      break;
    }
    case 'decimal': {
      const digits = decimalText(value, decimals);
      if (digits !== null) return digits;
      break;
    }
    case 'date': {
      const day = calendarDay(value);
      if (day) return day;
      break;
    }
    case 'datetime': {
      // Already in the files' form: written as it is (the common case of a large download).
      if (typeof value === 'string' && UTC_DATE_TIME.test(value)) return value;
      const instant = asInstant(value);
      if (instant) return utcDateTime(instant);
      break;
    }
    case 'boolean': {
      const yes = booleanOf(value);
      if (yes !== null) return yes ? 'Yes' : 'No';
      break;
    }
  }
  return neutraliseFormula(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * Line feed records, as COPY writes them. csv-stringify quotes a field holding the record delimiter
 * ('\n') or a quote or comma; `quoted_match` adds a lone carriage return, which COPY quotes too.
 * (With 'windows' records it quoted neither a lone '\n' nor a lone '\r': a vendor PO holding a
 * line break then began a record of its own, whose first cell escaped the formula check.)
 */
const CSV_OPTIONS = { record_delimiter: 'unix', quoted_match: '\r', escape_formulas: false } as const;

/** The BOM and the header line of a CSV file with `headers` (neutralised like any text cell). */
export function csvHeader(headers: readonly string[]): string {
  return `\uFEFF${stringify([headers.map(neutraliseFormula)], CSV_OPTIONS)}`;
}

/** The CSV text of `rows` (no BOM, no header), one record per row, each ending with a line feed. */
export function csvRecords<Row>(columns: readonly FileColumn<Row>[], rows: readonly Row[]): string {
  // Plain loops into arrays of known length: this runs for every cell of a large download.
  const width = columns.length;
  const records: string[][] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const cells: string[] = new Array(width);
    for (let i = 0; i < width; i++) {
      const c = columns[i];
      cells[i] = csvCell(
        c.value(row),
        c.type,
        typeof c.decimals === 'function' ? c.decimals(row) : c.decimals,
      );
    }
    records[r] = cells;
  }
  // csv-stringify's sync API: one call per batch, not one stream write per record.
  return stringify(records, CSV_OPTIONS);
}

/** Rows given whole (an array) or in batches (streamRows' batches, any async iterable of arrays). */
export type RowSource<Row> = readonly Row[] | AsyncIterable<readonly Row[]>;

/** The batches of `rows`, whichever way they are given. */
export async function* batchesOf<Row>(rows: RowSource<Row>): AsyncGenerator<readonly Row[]> {
  if (Array.isArray(rows)) {
    if (rows.length > 0) yield rows as readonly Row[];
    return;
  }
  yield* rows as AsyncIterable<readonly Row[]>;
}

/**
 * A CSV file as a stream of UTF-8 chunks: the BOM, the header line and the first batch of rows, then
 * one chunk per batch. The first batch is read before anything is written, so a source that fails at
 * once (a bad statement) fails before the answer's headers; later batches are read only when the
 * stream's reader asks for more (backpressure), and destroying the stream stops the source (a
 * cursor is closed). A source failing midway fails the stream.
 */
export function csvStream<Row>(columns: readonly FileColumn<Row>[], rows: RowSource<Row>): Readable {
  async function* chunks() {
    const header = csvHeader(columns.map((c) => c.header));
    const batches = batchesOf(rows);
    const first = await batches.next();
    yield Buffer.from(first.done ? header : header + csvRecords(columns, first.value), 'utf8');
    for await (const batch of { [Symbol.asyncIterator]: () => batches }) {
      if (batch.length > 0) yield Buffer.from(csvRecords(columns, batch), 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * A CSV file whose records come written already (COPY's CSV output, in chunks of any size): the
 * BOM and the header line of `headers`, then the records as they come. The first chunk (or the end)
 * is awaited before anything is written, so a statement that fails at once fails before the
 * answer's headers (sendStream); destroying the stream stops the source.
 */
export function csvStreamOfRecords(headers: readonly string[], records: AsyncIterable<Uint8Array>): Readable {
  async function* chunks() {
    const header = Buffer.from(csvHeader(headers), 'utf8');
    let first = true;
    // for await ends the source (its return) when the reader stops early.
    for await (const chunk of records) {
      yield first ? Buffer.concat([header, chunk]) : chunk;
      first = false;
    }
    if (first) yield header;
  }
  return Readable.from(chunks(), { objectMode: false });
}
