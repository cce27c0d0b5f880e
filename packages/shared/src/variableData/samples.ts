/**
 * Deterministic sample rows for the retailer data files: the sample files of docs/formats (a few
 * hundred rows with some bad ones), the demo data's uploaded POs and the import benchmark's
 * million-row file all come from here, so they follow the layouts the parsers read.
 */
import { withCheckDigit } from './gs1';
import type { TicketCurrency, VariableDataLayout, VariableDataRow } from './rows';

/** A small, seedable pseudo-random generator (mulberry32): the same seed gives the same file. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GARMENTS = [
  ['Cabin Hoodie', 'Heather Grey', 'HGRY'],
  ['Park Slim Sweatpant', 'Black', 'BLK'],
  ['Original Cooper Beaver Tee', 'White', 'WHT'],
  ['Canada Flannel Shirt', 'Park Plaid', 'PLD'],
  ['Linen Shirt', 'Navy', 'NVY'],
  ['Merino Crew Jumper', 'Forest Green', 'FGRN'],
  ['Chino Short', 'Stone', 'STN'],
  ['Puffer Jacket', 'Red', 'RED'],
  ['Chandail en laine mérinos', 'Rouge foncé', 'RGF'],
] as const;

/** Dunnes files are ASCII: accents dropped (é → e). */
const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export interface SampleOptions {
  layout: VariableDataLayout;
  /** Vendor numbers the rows are spread over (the first gets most). */
  vendorNumbers: string[];
  /** Ticket types (the customer's subcodes) the styles are printed on. */
  ticketTypes: string[];
  /** Number of purchase orders, each with a few styles of every size. */
  poCount: number;
  seed?: number;
  /** PO number prefix, e.g. 'PO-77' (Roots) or 'DS-PO-' (Dunnes). */
  poPrefix: string;
}

/**
 * Rows of `poCount` POs: per PO 2 to 4 styles, each in every size of SIZES, one ticket type per
 * style, right check digits, prices by layout (Roots CAD/USD, Dunnes EUR/GBP), quantities
 * 24 to 600. Line numbers are left 0 (a writer's file gives them).
 */
export function sampleRows(opts: SampleOptions): VariableDataRow[] {
  const random = seededRandom(opts.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const currencies: [TicketCurrency, TicketCurrency] =
    opts.layout === 'FLAT_FILE' ? ['EUR', 'GBP'] : ['CAD', 'USD'];
  const rows: VariableDataRow[] = [];
  for (let p = 0; p < opts.poCount; p++) {
    const vendorNumber = random() < 0.7 ? (opts.vendorNumbers[0] ?? '1') : pick(opts.vendorNumbers);
    const poNumber = `${opts.poPrefix}${String(8120 + p * 7).padStart(4, '0')}`;
    const poDate = `2026-${String(1 + (p % 11)).padStart(2, '0')}-${String(1 + ((p * 3) % 27)).padStart(2, '0')}`;
    const styles = 2 + Math.floor(random() * 3);
    for (let s = 0; s < styles; s++) {
      const [garment, colourName, colour] = pick(GARMENTS);
      const styleNumber = String(62040000 + p * 10 + s);
      const ticketType = pick(opts.ticketTypes);
      const base = 19 + Math.floor(random() * 120);
      SIZES.forEach((size, z) => {
        const body =
          opts.layout === 'FLAT_FILE'
            ? `50${styleNumber}${String(z).padStart(2, '0')}`
            : `0${styleNumber}${String(z).padStart(2, '0')}`;
        rows.push({
          line: 0,
          vendorNumber,
          poNumber,
          poDate: opts.layout === 'FLAT_FILE' ? poDate : null,
          styleNumber,
          ticketType,
          description:
            opts.layout === 'FLAT_FILE' ? ascii(`${garment} ${colourName}`) : `${garment} ${colourName}`,
          size,
          colour,
          barcode: withCheckDigit(body),
          prices: [
            { currency: currencies[0], amount: `${base}.99` },
            { currency: currencies[1], amount: `${Math.round(base * 0.8)}.00` },
          ],
          quantity: 24 * (1 + Math.floor(random() * 25)),
        });
      });
    }
  }
  return rows;
}
