/**
 * Writers of both retailer data layouts (docs/formats/dunnes-flat-file.md, roots-delimited.md): the
 * inverse of rows.ts's parsers, used by the property tests (a generated file parses back to its
 * rows), the sample files of docs/formats and the import benchmark's million-row file. Pure string building, a record at a time.
 */
import Decimal from 'decimal.js';
import type { VariableDataRow } from './rows';

const left = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');
const zeros = (value: string | number, width: number) => String(value).padStart(width, '0');
const cents = (amount: string) => new Decimal(amount).times(100).toFixed(0);

/** The H record of a Dunnes PO (31 characters); `poDate` ISO. */
export function flatFileHeader(vendorNumber: string, poNumber: string, poDate: string): string {
  return `H${zeros(vendorNumber, 10)}${left(poNumber, 12)}${poDate.replaceAll('-', '')}`;
}

/** The D record of one row (118 characters); prices EUR then GBP. */
export function flatFileDetail(row: VariableDataRow): string {
  const price = (currency: string) => cents(row.prices.find((p) => p.currency === currency)?.amount ?? '0');
  return [
    'D',
    left(row.poNumber, 12),
    left(row.styleNumber, 15),
    left(row.ticketType, 10),
    left(row.description, 30),
    left(row.size, 6),
    left(row.colour, 10),
    row.barcode,
    zeros(price('EUR'), 7),
    zeros(price('GBP'), 7),
    zeros(row.quantity, 7),
  ].join('');
}

/** The T record counting `count` D records. */
export function flatFileTrailer(count: number): string {
  return `T${zeros(count, 7)}`;
}

/**
 * A whole Dunnes file of `rows`: an H record whenever the (vendor, PO) changes, then the D
 * records, then the T record; lines end in CRLF when `crlf`.
 */
export function writeFlatFile(rows: VariableDataRow[], opts: { crlf?: boolean } = {}): string {
  const lines: string[] = [];
  let open = '';
  for (const row of rows) {
    const key = `${row.vendorNumber} ${row.poNumber}`;
    if (key !== open) {
      lines.push(flatFileHeader(row.vendorNumber, row.poNumber, row.poDate ?? '2026-01-01'));
      open = key;
    }
    lines.push(flatFileDetail(row));
  }
  lines.push(flatFileTrailer(rows.length));
  const eol = opts.crlf ? '\r\n' : '\n';
  return lines.join(eol) + eol;
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The Roots header row, in the format page's order. */
export const ROOTS_HEADER_LINE =
  'VENDOR_NUMBER,PO_NUMBER,STYLE_NUMBER,TICKET_TYPE,DESCRIPTION,COLOUR,SIZE,UPC,PRICE_CAD,PRICE_USD,QUANTITY';

/** One Roots record (no line ending); prices CAD then USD. */
export function rootsLine(row: VariableDataRow): string {
  const price = (currency: string) => row.prices.find((p) => p.currency === currency)?.amount ?? '0.00';
  return [
    row.vendorNumber,
    row.poNumber,
    row.styleNumber,
    row.ticketType,
    row.description,
    row.colour,
    row.size,
    row.barcode,
    price('CAD'),
    price('USD'),
    String(row.quantity),
  ]
    .map(csvField)
    .join(',');
}

/** A whole Roots file: header and records, CRLF (RFC 4180) unless `lf`. */
export function writeRootsFile(rows: VariableDataRow[], opts: { lf?: boolean } = {}): string {
  const eol = opts.lf ? '\n' : '\r\n';
  return [ROOTS_HEADER_LINE, ...rows.map(rootsLine)].join(eol) + eol;
}
