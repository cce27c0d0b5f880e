/**
 * The RFID encoding file (docs/rfid.md): GET /orders/{id}/rfid-encoding, one row per tag
 * in print order — the EPC as hex and as tag URI (epc-tds), GTIN-14, serial, and what the ticket
 * prints. CSV or .xlsx through the downloads' one writer (platform/tableFile: formula
 * neutralisation, typed cells; the CSV's per-tag cells written here, csvLinesOf); the ranges come
 * from a cursor and each is expanded tag by tag as the response is read, so an order of a million
 * pieces streams with flat memory.
 */
import type { DownloadFormat } from '@selvedge/shared';
import { DOWNLOAD_DATA_MESSAGES, RFID_ENCODING_MESSAGES } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import { CSV_CONTENT_TYPE, csvRecords, csvStreamOfRecords, type FileColumn } from '../../platform/csv';
import { type Db, streamRows } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { StreamReply } from '../../platform/http';
import { tableFile } from '../../platform/tableFile';
import { orderScope } from '../access/access';
import { sgtinRange } from './rfid.epc';
import { type EncodingRange, rfidRepository } from './rfid.repository';

/** One tag of the file: its range's printed fields, its serial and EPC. */
export interface EncodingRow {
  range: EncodingRange;
  tag: number;
  serial: number;
  hex: string;
  tagUri: string;
}

/** The cells of one tag: what the printer encodes (csvLinesOf writes them without the kit, below). */
const TAG_COLUMNS: FileColumn<EncodingRow>[] = [
  { header: 'Tag', type: 'integer', value: (r) => r.tag, width: 8 },
  { header: 'EPC Hex', value: (r) => r.hex, width: 26 },
  { header: 'EPC Tag URI', value: (r) => r.tagUri, width: 50 },
  { header: 'GTIN-14', value: (r) => r.range.gtin, width: 16 },
  { header: 'Serial', type: 'integer', value: (r) => r.serial, width: 14 },
];

/** The cells the same for every tag of a range: what the ticket prints. */
const RANGE_COLUMNS: FileColumn<Pick<EncodingRow, 'range'>>[] = [
  { header: 'Filter', type: 'integer', value: (r) => r.range.filter, width: 6 },
  { header: 'Order Number', type: 'integer', value: (r) => r.range.orderId, width: 12 },
  { header: 'Order Item', type: 'integer', value: (r) => r.range.orderItemId },
  { header: 'PO Number', value: (r) => r.range.poNumber, width: 14 },
  { header: 'Style Number', value: (r) => r.range.styleNumber, width: 14 },
  { header: 'Ticket Type', value: (r) => r.range.subcode, width: 14 },
  { header: 'Size', value: (r) => r.range.size },
  { header: 'Description', value: (r) => r.range.description, width: 24 },
  { header: 'Colour', value: (r) => r.range.colour },
  { header: 'Barcode', value: (r) => r.range.barcode, width: 14 },
  { header: 'Currency 1', value: (r) => r.range.currency1 },
  { header: 'Price 1', type: 'decimal', value: (r) => r.range.price1, decimals: 2 },
  { header: 'Currency 2', value: (r) => r.range.currency2 },
  { header: 'Price 2', type: 'decimal', value: (r) => r.range.price2, decimals: 2 },
  { header: 'Attributes', value: (r) => r.range.attributes, width: 30 },
];

/** The columns of the encoding file (docs/rfid.md): what the printer encodes, then what it prints. */
export const RFID_ENCODING_COLUMNS: FileColumn<EncodingRow>[] = [...TAG_COLUMNS, ...RANGE_COLUMNS];

/** Tags per batch handed to the writer: the writer's own batch size (streamTextRows' 1,000). */
const BATCH = 1_000;

/** The range's EPCs (sgtinRange); a range without a prefix cannot be encoded. */
function epcsOf(range: EncodingRange) {
  // Stored prefixes and GTINs are checked on save.
  if (!range.prefix) throw new Error(`rfid: order ${range.orderId} has a range without a company prefix`);
  return sgtinRange(range.gtin, range.prefix, range.filter, range.firstSerial, range.count);
}

/** The tags of `ranges` in order, `BATCH` at a time (the .xlsx file's rows). */
export async function* tagsOf(
  ranges: AsyncIterable<readonly EncodingRange[]>,
): AsyncGenerator<EncodingRow[]> {
  let batch: EncodingRow[] = [];
  let tag = 0;
  for await (const rows of ranges) {
    for (const range of rows) {
      const epcs = epcsOf(range);
      for (let serial = range.firstSerial, end = range.firstSerial + range.count; serial < end; serial++) {
        batch.push({ range, tag: ++tag, serial, hex: epcs.hex(serial), tagUri: epcs.tagUri(serial) });
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** Bytes per chunk of the CSV file (a tag's record is ~200 bytes). */
const CSV_CHUNK_BYTES = 256 * 1024;
const GTIN14 = /^\d{14}$/;

/**
 * The CSV records of `ranges`' tags, the same text as csvStream(RFID_ENCODING_COLUMNS, tagsOf(…))
 * writes (rfid.csv.test compares them), at a fraction of its cost (bench:export, decision 0074):
 * the cells the same for a whole range are written once per range by the kit (csvRecords:
 * neutralised, quoted, UTF-8), and each tag's own cells go in front of them — a number, 24 hex
 * digits, a tag URI of letters, digits and dots, the range's GTIN-14 (14 digits, checked here) and
 * a number: ASCII that a CSV never quotes and a spreadsheet never reads as a formula. Each record
 * is written straight into the chunk's bytes: turning a chunk-long concatenated string into bytes
 * cost more than everything else together.
 */
export async function* csvLinesOf(ranges: AsyncIterable<readonly EncodingRange[]>): AsyncGenerator<Buffer> {
  let chunk = Buffer.allocUnsafe(CSV_CHUNK_BYTES);
  let at = 0;
  let tag = 0;
  for await (const rows of ranges) {
    for (const range of rows) {
      if (!GTIN14.test(range.gtin))
        throw new Error(`rfid: order ${range.orderId} has a range whose GTIN is not 14 digits`);
      const epcs = epcsOf(range);
      const gtin = `,${range.gtin},`;
      const printed = `,${csvRecords(RANGE_COLUMNS, [{ range }])}`;
      // A tag's own cells are at most ~100 ASCII characters.
      const room = Buffer.byteLength(printed, 'utf8') + 128;
      for (let serial = range.firstSerial, end = range.firstSerial + range.count; serial < end; serial++) {
        if (at + room > chunk.length) {
          yield chunk.subarray(0, at);
          chunk = Buffer.allocUnsafe(Math.max(CSV_CHUNK_BYTES, room));
          at = 0;
        }
        at += chunk.write(
          `${++tag},${epcs.hex(serial)},${epcs.tagUri(serial)}${gtin}${serial}${printed}`,
          at,
          'utf8',
        );
      }
    }
  }
  if (at > 0) yield chunk.subarray(0, at);
}

/**
 * GET /orders/{id}/rfid-encoding: the file of a placed order the user sees (404 otherwise, and
 * when it has no RFID tags), named order-<id>-rfid.csv / .xlsx.
 */
export async function rfidEncodingFile(
  db: Db,
  user: AuthUser,
  orderId: number,
  format: DownloadFormat = 'csv',
): Promise<StreamReply> {
  const status = await rfidRepository.encodingStatus(db, orderId, orderScope(user));
  if (!status) throw notFound(DOWNLOAD_DATA_MESSAGES.notFound);
  if (!status.hasRanges) throw notFound(RFID_ENCODING_MESSAGES.noTags);
  const ranges = streamRows<EncodingRange>(db, rfidRepository.encodingRangesQuery(orderId), {
    batchSize: 100,
  });
  const names = { baseName: `order-${orderId}-rfid`, sheetName: `Order ${orderId} RFID` };
  if (format === 'xlsx') return tableFile(format, RFID_ENCODING_COLUMNS, tagsOf(ranges), names);
  return {
    body: csvStreamOfRecords(
      RFID_ENCODING_COLUMNS.map((c) => c.header),
      csvLinesOf(ranges),
    ),
    contentType: CSV_CONTENT_TYPE,
    fileName: `${names.baseName}.csv`,
  };
}
