/**
 * The sample files of docs/formats (scripts/format-samples.ts writes them; the samples test checks
 * them): generated rows for the demo vendors 4410023 (Dhaka Knitwear, vendor@example.com) and
 * 5520871 / 6630418, with the bad rows listed in BAD_SAMPLE_LINES replaced in.
 */

import type { VariableDataRow } from './rows';
import { sampleRows } from './samples';
import { flatFileDetail, flatFileHeader, flatFileTrailer, ROOTS_HEADER_LINE, rootsLine } from './writers';

/** The bad lines of each sample file: line number → what is wrong (the refusal it must get). */
export const BAD_SAMPLE_LINES = {
  'roots-sample.csv': {
    5: 'UPC-A barcode: has a wrong GS1 check digit',
    12: 'quantity: must be a whole number over 0',
    20: 'size: is required',
    33: 'price CAD: must be an amount like 49.99 (at most 2 decimals, not negative)',
    41: 'ticket type: RT-XX-999 is not a product subcode of Roots (checked by the import)',
    57: 'vendor number: 9999999 is not a known vendor (checked by the import)',
    64: 'PO_NUMBER: is missing: the record has too few fields',
  },
  'dunnes-sample.txt': {
    4: 'EAN-13 barcode: has a wrong GS1 check digit',
    9: 'quantity: must be a whole number over 0',
    15: 'D record: must be 118 characters',
    27: 'ticket type: DS-XX-999 is not a product subcode of Dunnes Stores (checked by the import)',
  },
} as const;

function breakRoots(line: string, n: number, row: VariableDataRow): string {
  switch (n) {
    case 5:
      return line.replace(row.barcode, `${row.barcode.slice(0, -1)}${(Number(row.barcode.at(-1)) + 1) % 10}`);
    case 12:
      return rootsLine({ ...row, quantity: 0 });
    case 20:
      return rootsLine({ ...row, size: '' });
    case 33:
      return rootsLine({
        ...row,
        prices: [{ currency: 'CAD', amount: '12.999' }, row.prices[1] ?? { currency: 'USD', amount: '1.00' }],
      });
    case 41:
      return rootsLine({ ...row, ticketType: 'RT-XX-999' });
    case 57:
      return rootsLine({ ...row, vendorNumber: '9999999' });
    case 64:
      return row.vendorNumber;
    default:
      return line;
  }
}

/** The sample files by name: their full text (Roots CRLF, Dunnes LF). */
export function sampleFiles(): Record<keyof typeof BAD_SAMPLE_LINES, string> {
  const roots = sampleRows({
    layout: 'DELIMITED_ROOTS',
    vendorNumbers: ['4410023', '5520871'],
    ticketTypes: ['RT-PT-401', 'RT-HT-201'],
    poCount: 20,
    poPrefix: 'PO-77',
    seed: 26,
  });
  const rootsLines = [ROOTS_HEADER_LINE, ...roots.map((row, i) => breakRoots(rootsLine(row), i + 2, row))];

  const dunnes = sampleRows({
    layout: 'FLAT_FILE',
    vendorNumbers: ['4410023', '6630418'],
    ticketTypes: ['DS-PT-410', 'DS-PT-412'],
    poCount: 12,
    poPrefix: 'DS-PO-',
    seed: 27,
  });
  const dunnesLines: string[] = [];
  let open = '';
  for (const row of dunnes) {
    if (open !== row.poNumber) {
      dunnesLines.push(flatFileHeader(row.vendorNumber, row.poNumber, row.poDate ?? '2026-01-01'));
      open = row.poNumber;
    }
    const n = dunnesLines.length + 1;
    let line = flatFileDetail(row);
    if (n === 4)
      line = flatFileDetail({
        ...row,
        barcode: `${row.barcode.slice(0, -1)}${(Number(row.barcode.at(-1)) + 1) % 10}`,
      });
    if (n === 9) line = flatFileDetail({ ...row, quantity: 0 });
    if (n === 15) line = line.slice(0, 111);
    if (n === 27) line = flatFileDetail({ ...row, ticketType: 'DS-XX-999' });
    dunnesLines.push(line);
  }
  dunnesLines.push(flatFileTrailer(dunnes.length));
  return {
    'roots-sample.csv': `${rootsLines.join('\r\n')}\r\n`,
    'dunnes-sample.txt': `${dunnesLines.join('\n')}\n`,
  };
}
