/**
 * Retailer data files (master-data §2 Variable data upload; the layouts as these parsers read them:
 * docs/formats/dunnes-flat-file.md for Dunnes FLAT_FILE, docs/formats/roots-delimited.md for Roots
 * DELIMITED_ROOTS): the row every layout yields, the field rules every row must pass, and the pure
 * record parsers of both layouts. Reading the bytes (streaming, encoding, CSV tokenising) is the
 * server's (modules/variableData); checks that need the database (vendor number known, ticket type a
 * subcode of the customer) are too. Everything here is a pure function of its
 * input, so a 1,000,000-row file is parsed a record at a time.
 */
import Decimal from 'decimal.js';
import { VARIABLE_DATA_FILE_MESSAGES } from '../messages';
import { isValidGtin } from './gs1';

/** The customer parser types that have a layout (CUSTOMER_PARSER_TYPES without NONE). */
export type VariableDataLayout = 'FLAT_FILE' | 'DELIMITED_ROOTS';

/** A currency printed on a ticket: Roots CAD and USD, Dunnes EUR and GBP. */
export type TicketCurrency = 'CAD' | 'USD' | 'EUR' | 'GBP';

/** The currencies of each layout's prices, in the order the layout gives them. */
export const LAYOUT_CURRENCIES: Record<VariableDataLayout, readonly TicketCurrency[]> = {
  DELIMITED_ROOTS: ['CAD', 'USD'],
  FLAT_FILE: ['EUR', 'GBP'],
};

/** The barcode's field as an upload report names it: each layout's barcode is one GS1 kind. */
export const barcodeFieldName = (layout: VariableDataLayout) =>
  layout === 'FLAT_FILE' ? 'EAN-13 barcode' : 'UPC-A barcode';

/** A retail price printed on a ticket: `amount` a decimal string with 2 decimals ('49.99'). */
export interface TicketPrice {
  currency: TicketCurrency;
  amount: string;
}

/**
 * One good row of a retailer data file: one size and colour of a style on a PO, for one ticket type.
 * `line` is its 1-based line number in the file (a quoted Roots field may span lines: the record's
 * first line). `vendorNumber` is digits without leading zeros.
 */
export interface VariableDataRow {
  line: number;
  vendorNumber: string;
  poNumber: string;
  /** ISO date (YYYY-MM-DD) of the PO: Dunnes H records carry it; Roots files do not (null). */
  poDate: string | null;
  styleNumber: string;
  ticketType: string;
  description: string;
  size: string;
  colour: string;
  barcode: string;
  prices: TicketPrice[];
  /** Tickets the retailer asks for (the customer quantity), whole pieces > 0. */
  quantity: number;
}

/** Why one row (or one field of it) was refused: its line, the field's name and the rule broken. */
export interface RowRefusal {
  line: number;
  field: string;
  reason: string;
}

/** A file refused whole (missing column, bad trailer count, wrong encoding): nothing of it is kept. */
export class FileRefusedError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'FileRefusedError';
  }
}

/** A row as a layout's record gives it, every field still text. */
export interface RawRow {
  vendorNumber: string;
  poNumber: string;
  poDate?: string | null;
  styleNumber: string;
  ticketType: string;
  description: string;
  size: string;
  colour: string;
  barcode: string;
  /** Price texts in LAYOUT_CURRENCIES order: decimals ('49.99', Roots) or cents ('0004999', Dunnes). */
  prices: string[];
  quantity: string;
}

/**
 * Field limits (characters, and pieces for `quantity`) of a row of either layout: wider than the
 * Dunnes fields, which their widths bound already; they bound the Roots file's (docs/formats/).
 */
export const VARIABLE_DATA_LIMITS = {
  poNumber: 30,
  styleNumber: 30,
  ticketType: 30,
  description: 200,
  size: 20,
  colour: 20,
  quantity: 9_999_999,
} as const;

// Control characters other than tab would break the CSV download and the ticket printer's file.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the very characters refused
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const MAX_PRICE = new Decimal('999999.99');

function text(
  refusals: RowRefusal[],
  line: number,
  field: string,
  value: string,
  max: number,
  required: boolean,
) {
  const v = value.trim();
  if (required && v === '') refusals.push({ line, field, reason: VARIABLE_DATA_FILE_MESSAGES.required });
  else if (v.length > max)
    refusals.push({ line, field, reason: VARIABLE_DATA_FILE_MESSAGES.longerThan(max) });
  else if (CONTROL.test(v))
    refusals.push({ line, field, reason: VARIABLE_DATA_FILE_MESSAGES.controlCharacter });
  return v;
}

/**
 * Checks a raw row against the field rules of both layouts (docs/formats/dunnes-flat-file.md D
 * record, docs/formats/roots-delimited.md Columns) and turns it into a row:
 * vendor number 1 to 10 digits; PO, style, ticket type and size required; the barcode a GTIN-12
 * (Roots UPC-A) or GTIN-13 (Dunnes EAN-13) with a right GS1 check digit; prices ≥ 0 with at most 2
 * decimals (Dunnes: whole cents); quantity a whole number over 0. Every broken rule is listed.
 */
export function checkRow(
  raw: RawRow,
  layout: VariableDataLayout,
  line: number,
): { row: VariableDataRow; refusals?: undefined } | { row?: undefined; refusals: RowRefusal[] } {
  const refusals: RowRefusal[] = [];
  const vendorText = raw.vendorNumber.trim();
  let vendorNumber = vendorText;
  if (!/^\d{1,10}$/.test(vendorText)) {
    refusals.push({ line, field: 'vendor number', reason: VARIABLE_DATA_FILE_MESSAGES.vendorNumberDigits });
  } else {
    vendorNumber = vendorText.replace(/^0+(?=\d)/, '');
  }
  const poNumber = text(refusals, line, 'PO number', raw.poNumber, VARIABLE_DATA_LIMITS.poNumber, true);
  const styleNumber = text(
    refusals,
    line,
    'style number',
    raw.styleNumber,
    VARIABLE_DATA_LIMITS.styleNumber,
    true,
  );
  const ticketType = text(
    refusals,
    line,
    'ticket type',
    raw.ticketType,
    VARIABLE_DATA_LIMITS.ticketType,
    true,
  );
  const description = text(
    refusals,
    line,
    'description',
    raw.description,
    VARIABLE_DATA_LIMITS.description,
    false,
  );
  const size = text(refusals, line, 'size', raw.size, VARIABLE_DATA_LIMITS.size, true);
  const colour = text(refusals, line, 'colour', raw.colour, VARIABLE_DATA_LIMITS.colour, false);

  const barcode = raw.barcode.trim();
  const gtinLength = layout === 'FLAT_FILE' ? 13 : 12;
  const barcodeName = barcodeFieldName(layout);
  if (!new RegExp(`^\\d{${gtinLength}}$`).test(barcode)) {
    refusals.push({
      line,
      field: barcodeName,
      reason: VARIABLE_DATA_FILE_MESSAGES.barcodeDigits(gtinLength),
    });
  } else if (!isValidGtin(barcode, gtinLength)) {
    refusals.push({ line, field: barcodeName, reason: VARIABLE_DATA_FILE_MESSAGES.checkDigit });
  }

  const prices: TicketPrice[] = [];
  LAYOUT_CURRENCIES[layout].forEach((currency, i) => {
    const field = `price ${currency}`;
    const value = (raw.prices[i] ?? '').trim();
    if (layout === 'FLAT_FILE') {
      if (!/^\d{1,8}$/.test(value))
        refusals.push({ line, field, reason: VARIABLE_DATA_FILE_MESSAGES.wholeCents });
      else prices.push({ currency, amount: new Decimal(value).dividedBy(100).toFixed(2) });
    } else if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) {
      refusals.push({
        line,
        field,
        reason: VARIABLE_DATA_FILE_MESSAGES.amount,
      });
    } else {
      const amount = new Decimal(value);
      if (amount.greaterThan(MAX_PRICE))
        refusals.push({ line, field, reason: VARIABLE_DATA_FILE_MESSAGES.priceAtMost });
      else prices.push({ currency, amount: amount.toFixed(2) });
    }
  });

  const quantityText = raw.quantity.trim();
  const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity <= 0) {
    refusals.push({ line, field: 'quantity', reason: VARIABLE_DATA_FILE_MESSAGES.quantityOverZero });
  } else if (quantity > VARIABLE_DATA_LIMITS.quantity) {
    refusals.push({
      line,
      field: 'quantity',
      reason: VARIABLE_DATA_FILE_MESSAGES.quantityAtMost(VARIABLE_DATA_LIMITS.quantity),
    });
  }

  if (refusals.length > 0) return { refusals };
  return {
    row: {
      line,
      vendorNumber,
      poNumber,
      poDate: raw.poDate ?? null,
      styleNumber,
      ticketType,
      description,
      size,
      colour,
      barcode,
      prices,
      quantity,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Dunnes FLAT_FILE (docs/formats/dunnes-flat-file.md)

const H_LENGTH = 31;
const D_LENGTH = 118;
const T_LENGTH = 8;

/** 1-based `from`, `length` of a fixed-width field, as the format page writes them. */
function field(record: string, from: number, length: number): string {
  return record.slice(from - 1, from - 1 + length);
}

function isoDate(yyyymmdd: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** What one line of a Dunnes file yields: a row, refusals of that line, or nothing (H, T, blank). */
export type FlatFileLineResult = { row: VariableDataRow } | { refusals: RowRefusal[] } | null;

/**
 * The Dunnes flat-file parser, fed one line at a time (without its line ending; a trailing CR is
 * dropped), so a file of any size streams through it. An H record opens a PO; its D records follow;
 * one T record, the last line, counts the D records. `feed` answers each line's row or refusals;
 * `end` checks the trailer. A bad D record (or a D under a refused H) is refused alone.
 * @throws FileRefusedError (from feed or end) when the file cannot be read as a whole: a non-ASCII
 *   character, a record after the T, no T, or a T count that differs from the D records.
 */
export class FlatFileParser {
  private header: { vendorNumber: string; poNumber: string; poDate: string } | 'refused' | null = null;
  private dCount = 0;
  private trailer: { line: number; count: number } | null = null;
  private lastLine = 0;

  feed(input: string, line: number): FlatFileLineResult {
    this.lastLine = line;
    const record = input.endsWith('\r') ? input.slice(0, -1) : input;
    if (record.trim() === '') return null;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is 0x00-0x7f
    if (/[^\u0000-\u007f]/.test(record)) {
      throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.notAscii(line), line);
    }
    if (this.trailer) {
      throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.afterTrailer(line), line);
    }
    switch (record[0]) {
      case 'H':
        return this.headerRecord(record, line);
      case 'D':
        this.dCount++;
        return this.detailRecord(record, line);
      case 'T': {
        const count = field(record, 2, 7);
        if (record.length !== T_LENGTH || !/^\d{7}$/.test(count)) {
          throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.trailerFormat(line), line);
        }
        this.trailer = { line, count: Number(count) };
        return null;
      }
      default:
        return { refusals: [{ line, field: 'record type', reason: VARIABLE_DATA_FILE_MESSAGES.recordType }] };
    }
  }

  /** Checks the trailer once every line was fed; answers the number of D records. */
  end(): number {
    if (!this.trailer) {
      throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.noTrailer, this.lastLine || null);
    }
    if (this.trailer.count !== this.dCount) {
      throw new FileRefusedError(
        VARIABLE_DATA_FILE_MESSAGES.trailerCount(this.trailer.count, this.dCount),
        this.trailer.line,
      );
    }
    return this.dCount;
  }

  private headerRecord(record: string, line: number): FlatFileLineResult {
    const refusals: RowRefusal[] = [];
    if (record.length !== H_LENGTH) {
      refusals.push({
        line,
        field: 'H record',
        reason: VARIABLE_DATA_FILE_MESSAGES.recordLength(H_LENGTH, record.length),
      });
    }
    const vendorNumber = field(record, 2, 10).trim();
    const poNumber = field(record, 12, 12).trim();
    const poDate = isoDate(field(record, 24, 8));
    if (!/^\d{1,10}$/.test(vendorNumber))
      refusals.push({ line, field: 'vendor number', reason: VARIABLE_DATA_FILE_MESSAGES.vendorNumberDigits });
    if (poNumber === '')
      refusals.push({ line, field: 'PO number', reason: VARIABLE_DATA_FILE_MESSAGES.required });
    if (!poDate) refusals.push({ line, field: 'PO date', reason: VARIABLE_DATA_FILE_MESSAGES.poDate });
    if (refusals.length > 0 || !poDate) {
      this.header = 'refused';
      return { refusals };
    }
    this.header = { vendorNumber, poNumber, poDate };
    return null;
  }

  private detailRecord(record: string, line: number): FlatFileLineResult {
    if (this.header === null) {
      return {
        refusals: [{ line, field: 'D record', reason: VARIABLE_DATA_FILE_MESSAGES.detailBeforeHeader }],
      };
    }
    if (this.header === 'refused') {
      return { refusals: [{ line, field: 'D record', reason: VARIABLE_DATA_FILE_MESSAGES.headerRefused }] };
    }
    if (record.length !== D_LENGTH) {
      return {
        refusals: [
          {
            line,
            field: 'D record',
            reason: VARIABLE_DATA_FILE_MESSAGES.recordLength(D_LENGTH, record.length),
          },
        ],
      };
    }
    const poNumber = field(record, 2, 12).trim();
    if (poNumber !== this.header.poNumber) {
      return {
        refusals: [
          {
            line,
            field: 'PO number',
            reason: VARIABLE_DATA_FILE_MESSAGES.poNumberOfHeader(this.header.poNumber),
          },
        ],
      };
    }
    const checked = checkRow(
      {
        vendorNumber: this.header.vendorNumber,
        poNumber,
        poDate: this.header.poDate,
        styleNumber: field(record, 14, 15),
        ticketType: field(record, 29, 10),
        description: field(record, 39, 30),
        size: field(record, 69, 6),
        colour: field(record, 75, 10),
        barcode: field(record, 85, 13),
        prices: [field(record, 98, 7), field(record, 105, 7)],
        quantity: field(record, 112, 7),
      },
      'FLAT_FILE',
      line,
    );
    return checked.row ? { row: checked.row } : { refusals: checked.refusals };
  }
}

// ---------------------------------------------------------------------------------------------
// Roots DELIMITED_ROOTS (docs/formats/roots-delimited.md)

/** The Roots columns, by the RawRow field each fills (prices as PRICE_CAD, PRICE_USD). */
export const ROOTS_COLUMNS = [
  'VENDOR_NUMBER',
  'PO_NUMBER',
  'STYLE_NUMBER',
  'TICKET_TYPE',
  'DESCRIPTION',
  'COLOUR',
  'SIZE',
  'UPC',
  'PRICE_CAD',
  'PRICE_USD',
  'QUANTITY',
] as const;
export type RootsColumn = (typeof ROOTS_COLUMNS)[number];

/** Where each Roots column is in a file's records (0-based), read from its header row. */
export type RootsHeader = Record<RootsColumn, number>;

/**
 * Reads a Roots header row: names matched without regard to case or surrounding spaces, in any
 * order; unknown columns ignored.
 * @throws FileRefusedError when a column is missing or named twice (nothing of the file is kept).
 */
export function rootsHeader(cells: string[]): RootsHeader {
  const found = new Map<string, number>();
  cells.forEach((cell, i) => {
    const name = cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toUpperCase();
    if (!(ROOTS_COLUMNS as readonly string[]).includes(name)) return;
    if (found.has(name)) throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.columnTwice(name), 1);
    found.set(name, i);
  });
  const missing = ROOTS_COLUMNS.filter((c) => !found.has(c));
  if (missing.length > 0) {
    throw new FileRefusedError(VARIABLE_DATA_FILE_MESSAGES.missingColumns(missing), 1);
  }
  return Object.fromEntries(found) as RootsHeader;
}

/** One Roots record (its cells, as the CSV reader split them) → its row or its refusals. */
export function rootsRecord(
  cells: string[],
  header: RootsHeader,
  line: number,
): { row: VariableDataRow } | { refusals: RowRefusal[] } {
  const at = (c: RootsColumn) => cells[header[c]];
  const absent = ROOTS_COLUMNS.filter((c) => at(c) === undefined);
  if (absent.length > 0) {
    return {
      refusals: [{ line, field: absent[0] ?? 'record', reason: VARIABLE_DATA_FILE_MESSAGES.tooFewFields }],
    };
  }
  const checked = checkRow(
    {
      vendorNumber: at('VENDOR_NUMBER') ?? '',
      poNumber: at('PO_NUMBER') ?? '',
      styleNumber: at('STYLE_NUMBER') ?? '',
      ticketType: at('TICKET_TYPE') ?? '',
      description: at('DESCRIPTION') ?? '',
      colour: at('COLOUR') ?? '',
      size: at('SIZE') ?? '',
      barcode: at('UPC') ?? '',
      prices: [at('PRICE_CAD') ?? '', at('PRICE_USD') ?? ''],
      quantity: at('QUANTITY') ?? '',
    },
    'DELIMITED_ROOTS',
    line,
  );
  return checked.row ? { row: checked.row } : { refusals: checked.refusals };
}
