/**
 * A generated Roots data file (docs/formats/roots-delimited.md, layout DELIMITED_ROOTS) for the import
 * benchmark (bench/import.bench.ts) and the import kill test (test/import-kill.test.ts): items of
 * 6 sizes × 2 colours for the demo vendors 4410023 and 5520871, ticket types RT-PT-401 and
 * RT-HT-201 (demo subcodes of Roots), 10 styles per PO.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { ROOTS_HEADER_LINE, rootsLine, withCheckDigit } from '@selvedge/shared';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['NVY', 'WHT'];

/** Where a file's POs and styles start: POs `${poPrefix}0`, `${poPrefix}1`…, styles from `firstStyle`. */
export interface RootsFileNames {
  poPrefix: string;
  firstStyle: number;
}

/** The PO number and style number of row `n` (from 0) of a generated file. */
export function rootsFileItem(n: number, names: RootsFileNames): { poNumber: string; styleNumber: string } {
  const item = Math.floor(n / (SIZES.length * COLOURS.length));
  return {
    poNumber: `${names.poPrefix}${Math.floor(item / 10)}`,
    styleNumber: String(names.firstStyle + item),
  };
}

/**
 * Writes a Roots file of `rows` rows (every one good against the demo data) to `path` a line at a
 * time, never holding it whole in memory.
 */
export async function writeRootsFile(
  path: string,
  rows: number,
  names: RootsFileNames = { poPrefix: 'PO-B', firstStyle: 70_000_000 },
) {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${ROOTS_HEADER_LINE}\r\n`);
  const perItem = SIZES.length * COLOURS.length;
  for (let n = 0; n < rows; n++) {
    const item = Math.floor(n / perItem);
    const k = n % perItem;
    const { poNumber, styleNumber: style } = rootsFileItem(n, names);
    const line = rootsLine({
      line: n + 2,
      vendorNumber: item % 3 === 0 ? '5520871' : '4410023',
      poNumber,
      poDate: null,
      styleNumber: style,
      ticketType: item % 2 === 0 ? 'RT-PT-401' : 'RT-HT-201',
      description: `Bench Tee ${style}`,
      colour: COLOURS[Math.floor(k / SIZES.length)]!,
      size: SIZES[k % SIZES.length]!,
      // A UPC of Roots' GS1 Company Prefix 0062040 (its subcodes are RFID, docs/rfid.md): 5 digits
      // of item reference, so a file of more than 100,000 rows repeats barcodes (no rule forbids it).
      barcode: withCheckDigit(`062040${String(n % 100_000).padStart(5, '0')}`),
      prices: [
        { currency: 'CAD', amount: '49.99' },
        { currency: 'USD', amount: '39.99' },
      ],
      quantity: 12 + ((n * 7) % 500),
    });
    await write(`${line}\r\n`);
  }
  out.end();
  await once(out, 'finish');
}
