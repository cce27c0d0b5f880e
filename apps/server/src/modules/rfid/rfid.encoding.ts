/**
 * The RFID encoding file (docs/rfid.md): GET /orders/{id}/rfid-encoding, one row per tag
 * in print order — the EPC as hex and as tag URI (epc-tds), GTIN-14, serial, and what the ticket
 * prints. CSV or .xlsx through the downloads' one writer (platform/tableFile: formula
 * neutralisation, typed cells); the ranges come from a cursor and each is expanded tag by tag as
 * the response is read, so an order of a million pieces streams with flat memory.
 */
import type { DownloadFormat } from '@selvedge/shared';
import { DOWNLOAD_DATA_MESSAGES, RFID_ENCODING_MESSAGES } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { FileColumn } from '../../platform/csv';
import { type Db, streamRows } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { StreamReply } from '../../platform/http';
import { tableFile } from '../../platform/tableFile';
import { orderScope } from '../access/access';
import { sgtinEncoder } from './rfid.epc';
import { type EncodingRange, rfidRepository } from './rfid.repository';

/** One tag of the file: its range's printed fields, its serial and EPC. */
export interface EncodingRow {
  range: EncodingRange;
  tag: number;
  serial: number;
  hex: string;
  tagUri: string;
}

/** The columns of the encoding file (docs/rfid.md): what the printer encodes, then what it prints. */
export const RFID_ENCODING_COLUMNS: FileColumn<EncodingRow>[] = [
  { header: 'Tag', type: 'integer', value: (r) => r.tag, width: 8 },
  { header: 'EPC Hex', value: (r) => r.hex, width: 26 },
  { header: 'EPC Tag URI', value: (r) => r.tagUri, width: 50 },
  { header: 'GTIN-14', value: (r) => r.range.gtin, width: 16 },
  { header: 'Serial', type: 'integer', value: (r) => r.serial, width: 14 },
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

/** Tags per batch handed to the writer: the writer's own batch size (streamTextRows' 1,000). */
const BATCH = 1_000;

/** The tags of `ranges` in order, `BATCH` at a time, each range's EPCs from one encoder. */
export async function* tagsOf(
  ranges: AsyncIterable<readonly EncodingRange[]>,
): AsyncGenerator<EncodingRow[]> {
  let batch: EncodingRow[] = [];
  let tag = 0;
  for await (const rows of ranges) {
    for (const range of rows) {
      // Stored prefixes and GTINs are checked on save; a range without a prefix cannot be encoded.
      if (!range.prefix) throw new Error(`rfid: order ${range.orderId} has a range without a company prefix`);
      const encode = sgtinEncoder(range.gtin, range.prefix, range.filter);
      for (let serial = range.firstSerial, end = range.firstSerial + range.count; serial < end; serial++) {
        const epc = encode(serial);
        batch.push({ range, tag: ++tag, serial, hex: epc.hex, tagUri: epc.tagUri });
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
    }
  }
  if (batch.length > 0) yield batch;
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
  return tableFile(format, RFID_ENCODING_COLUMNS, tagsOf(ranges), {
    baseName: `order-${orderId}-rfid`,
    sheetName: `Order ${orderId} RFID`,
  });
}
