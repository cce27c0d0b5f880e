/**
 * The encoding file's own CSV writer (rfid.encoding.ts csvLinesOf) writes exactly what the
 * downloads' kit writes for the same columns (csvStream over tagsOf): quoting, formula
 * neutralisation, decimals, empty cells, several ranges and chunk boundaries.
 */
import { gtin14Of } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { csvStream, csvStreamOfRecords } from '../../platform/csv';
import { csvLinesOf, RFID_ENCODING_COLUMNS, tagsOf } from './rfid.encoding';
import type { EncodingRange } from './rfid.repository';

const range = (over: Partial<EncodingRange>): EncodingRange => ({
  orderId: 7,
  orderItemId: 70,
  seq: 1,
  gtin: gtin14Of('0062040000017'),
  filter: 3,
  firstSerial: 1,
  count: 3,
  prefix: '0062040',
  subcode: 'RT-PT-401',
  size: 'M',
  poNumber: 'PO-1',
  styleNumber: 'ST-1',
  description: 'Tee',
  colour: 'Red',
  barcode: '062040000017',
  currency1: 'CAD',
  price1: '14.9500',
  currency2: null,
  price2: null,
  attributes: null,
  ...over,
});

async function* batches(ranges: EncodingRange[]) {
  // Two ranges per batch, as a cursor hands them over.
  for (let i = 0; i < ranges.length; i += 2) yield ranges.slice(i, i + 2);
}

async function text(stream: AsyncIterable<Buffer | string>) {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

describe('the RFID encoding CSV', () => {
  it("writes the kit's text: awkward printed fields, several ranges, across chunks", async () => {
    const ranges = [
      range({ poNumber: '=HYPERLINK("x")', description: 'Tee, "long"\nsleeve', attributes: 'Fit: slim; -2' }),
      range({
        seq: 2,
        gtin: gtin14Of('0062040000024'),
        firstSerial: 500,
        count: 2_500,
        size: '+XL',
        price1: '3',
        colour: 'Crème 紅',
      }),
      range({
        seq: 3,
        orderItemId: 71,
        prefix: '006204000',
        gtin: gtin14Of('0062040000031'),
        filter: 0,
        count: 1,
      }),
      range({ seq: 4, firstSerial: 2 ** 33, count: 4, colour: '\r', currency2: 'USD', price2: '12.5' }),
    ];
    const headers = RFID_ENCODING_COLUMNS.map((c) => c.header);
    const ours = await text(csvStreamOfRecords(headers, csvLinesOf(batches(ranges))));
    const kit = await text(csvStream(RFID_ENCODING_COLUMNS, tagsOf(batches(ranges))));
    expect(ours.split('\n').length).toBeGreaterThan(2_500);
    expect(ours).toBe(kit);
  });

  it('refuses a range whose GTIN is not 14 digits', async () => {
    await expect(text(csvLinesOf(batches([range({ gtin: '1,2' })])))).rejects.toThrow(/not 14 digits/);
  });
});
