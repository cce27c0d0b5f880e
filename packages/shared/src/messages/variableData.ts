/** Texts of the variable data upload (master-data §2 Variable data upload, §5, §8 Success). */
import { MASTER_DATA_MESSAGES } from './masterData';

/** master-data §8 Success. */
export const VARIABLE_DATA_SPEC_MESSAGES = {
  variableDataUploaded:
    'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.',
} as const;

/** Ours: the upload call's refusals (master-data §5: "Upload of variable data needs customer and file"). */
export const VARIABLE_DATA_UPLOAD_MESSAGES = {
  /** A customer the user may not see answers the same. */
  customerNotFound: MASTER_DATA_MESSAGES.notFound('Customer'),
  customerRequired: 'Customer is required (a form field sent before the file).',
  /** `customer` is the customer's name. */
  noParser: (customer: string) => `${customer} has no variable data parser.`,
} as const;

/**
 * Ours: what the uploader reads when the import was cut off twice (decision 0055); the import's
 * file refusal and its mail.
 */
export const IMPORT_INTERRUPTED =
  'The file could not be processed: its import was interrupted twice (the server processing it stopped). Nothing of it was kept: upload it again, and tell us if it happens again.';

/** Ours: what the uploader reads when every run of an import failed on a fault of ours (not the file's). */
export const IMPORT_GAVE_UP =
  'The file could not be processed because of a fault on our side, after several attempts. Nothing of it was kept: upload it again later, and tell us if it happens again.';

/** Ours: the refusal of a line whose quotes are not whole CSV (docs/formats/roots-delimited.md). */
export const BROKEN_QUOTES_REASON =
  'cannot be read as CSV: a quoted field is not closed on its line, or its closing quote is not followed by a comma';

/**
 * Ours: the import's refusals of a whole file or of a row, besides the layouts' own (decision
 * 0057; docs/formats/). A row's reason follows its line and field in the report.
 */
export const VARIABLE_DATA_IMPORT_MESSAGES = {
  emptyFile: 'The file is empty: it has no header row.',
  /** The whole file's refusal at the first line that is not UTF-8 (docs/formats/). */
  notUtf8: (line: number) =>
    `Line ${line} holds bytes that are not UTF-8 text: save the file as UTF-8 (or ASCII) and upload it again.`,
  /** The whole file's refusal when its header row is not whole CSV. */
  headerUnreadable: 'The header row cannot be read as CSV: its quotes are not closed.',
  /** `detail` is csv-parse's own message, without its line counting. */
  notCsv: (detail: string) => `cannot be read as CSV (${detail})`,
  unknownVendor: (vendorNumber: string) => `${vendorNumber} is not a known vendor`,
  /** `customer` is the customer's name. */
  notASubcode: (ticketType: string, customer: string) =>
    `${ticketType} is not a product subcode of ${customer}`,
  /**
   * A row of an RFID subcode whose barcode is not a GTIN of the customer's GS1 Company Prefix
   * (`prefix` null when the customer has none): its tags could not be encoded (docs/rfid.md).
   */
  barcodeNotOfPrefix: (ticketType: string, prefix: string | null) =>
    prefix === null
      ? `${ticketType} is an RFID subcode but its customer has no GS1 Company Prefix`
      : `${ticketType} is an RFID subcode: the barcode must be a GTIN of the GS1 Company Prefix ${prefix}`,
  alreadyOrdered: (row: { poNumber: string; styleNumber: string; ticketType: string }) =>
    `${row.poNumber} style ${row.styleNumber} (${row.ticketType}) is already ordered: its rows are kept`,
} as const;

/**
 * Ours: the refusals of the retailer file layouts (docs/formats/dunnes-flat-file.md,
 * docs/formats/roots-delimited.md), as variableData/rows.ts reads them. A row's reason follows its
 * line and field in the upload report ('Line 5, UPC-A barcode: has a wrong GS1 check digit'); a
 * whole file's refusal is a sentence. `line` is the file's line number, lengths are characters.
 */
export const VARIABLE_DATA_FILE_MESSAGES = {
  required: 'is required',
  longerThan: (max: number) => `is longer than ${max} characters`,
  controlCharacter: 'holds a control character',
  vendorNumberDigits: 'must be 1 to 10 digits',
  barcodeDigits: (digits: number) => `must be ${digits} digits`,
  checkDigit: 'has a wrong GS1 check digit',
  wholeCents: 'must be a whole number of cents',
  amount: 'must be an amount like 49.99 (at most 2 decimals, not negative)',
  priceAtMost: 'must be at most 999999.99',
  quantityOverZero: 'must be a whole number over 0',
  quantityAtMost: (max: number) => `must be at most ${max}`,
  notAscii: (line: number) =>
    `Line ${line} holds a character that is not ASCII: a Dunnes file is ASCII text (no accents).`,
  afterTrailer: (line: number) => `Line ${line} follows the T record, which must be the last line.`,
  trailerFormat: (line: number) => `Line ${line}: the T record must be 'T' and 7 digits.`,
  recordType: "must be 'H', 'D' or 'T'",
  noTrailer: 'The file has no T record: it may have been cut short.',
  trailerCount: (counted: number, held: number) =>
    `The T record counts ${counted} D records but the file holds ${held}.`,
  recordLength: (expected: number, actual: number) => `must be ${expected} characters, not ${actual}`,
  poDate: 'must be a date written YYYYMMDD',
  detailBeforeHeader: 'comes before any H record',
  headerRefused: 'belongs to an H record that was refused',
  poNumberOfHeader: (poNumber: string) => `must equal its H record's PO number ${poNumber}`,
  columnTwice: (name: string) => `The header names the column ${name} twice.`,
  missingColumns: (missing: readonly string[]) =>
    `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
  tooFewFields: 'is missing: the record has too few fields',
} as const;
