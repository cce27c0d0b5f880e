/**
 * Quantities and order of variable-data and dynamic rows (ordering §2 Product details, §9
 * Variable-data Refresh and the fixed size-ordering list).
 */
import type { QuantityLimits } from '../rules/quantity';

/** How 'Refresh' adjusts the customer quantities: by a number of pieces, or by a percentage. */
export interface QuantityAdjustment {
  by: 'UNIT' | 'PERCENT';
  /** Pieces (UNIT) or percent (PERCENT); may be negative. */
  amount: number;
}

/**
 * The order quantity 'Refresh' gives a row (ordering §9): the customer quantity adjusted by
 * `adjustment`, rounded to whole pieces (half up), never below 0, raised to the minimum order
 * quantity, then rounded up to a multiple of the pack size. The rule has no exception for a row
 * adjusted down to 0: every uploaded row asks for tickets (the import refuses a quantity of 0), so
 * Refresh gives it the minimum (docs/decisions/0057); only a minimum of 0 leaves it at 0. Typing 0
 * in the row's field still leaves the row out of the line.
 */
export function refreshQuantity(
  customerQuantity: number,
  adjustment: QuantityAdjustment,
  limits: Pick<QuantityLimits, 'minOrderQuantity' | 'packSize'>,
): number {
  const base = Math.max(0, customerQuantity);
  const adjusted =
    adjustment.by === 'UNIT' ? base + adjustment.amount : base + (base * adjustment.amount) / 100;
  const rounded = Math.max(0, Math.round(Number.isFinite(adjusted) ? adjusted : 0));
  const raised = Math.max(rounded, Math.max(0, Math.floor(limits.minOrderQuantity)));
  const pack = Math.max(1, Math.floor(limits.packSize));
  return Math.ceil(raised / pack) * pack;
}

/**
 * The fixed size-ordering list (ordering §9): letter sizes in garment order. Sizes not in it come
 * after: numeric sizes ascending (waist 28, 30…; shoe 7.5), then the rest alphabetically.
 */
export const SIZE_ORDER = [
  'XXXS',
  '3XS',
  'XXS',
  '2XS',
  'XS',
  'S',
  'S/M',
  'M',
  'M/L',
  'L',
  'L/XL',
  'XL',
  'XXL',
  '2XL',
  'XXXL',
  '3XL',
  'XXXXL',
  '4XL',
  '5XL',
  'OS',
  'ONE SIZE',
] as const;

const SIZE_RANK = new Map<string, number>(SIZE_ORDER.map((s, i) => [s, i]));
const NUMBER = /^\d+(\.\d+)?$/;

/** Sort key parts of a size: [group, number, text] where group 0 = listed, 1 = numeric, 2 = other. */
function sizeKey(size: string): [number, number, string] {
  const s = size.trim().toUpperCase();
  const rank = SIZE_RANK.get(s);
  if (rank !== undefined) return [0, rank, ''];
  if (NUMBER.test(s)) return [1, Number(s), ''];
  return [2, 0, s];
}

/** Colour codes: letters first (alphabetically), then numeric codes (numerically), ordering §9. */
function colourKey(colour: string): [number, number, string] {
  const c = colour.trim().toUpperCase();
  if (NUMBER.test(c)) return [1, Number(c), ''];
  return [0, 0, c];
}

function compareKeys(a: [number, number, string], b: [number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/** Compares two variants by size (the fixed list), then colour code (letters, then numbers). */
export function compareSizeAndColour(
  a: { size: string; colour?: string | null },
  b: { size: string; colour?: string | null },
): number {
  return (
    compareKeys(sizeKey(a.size), sizeKey(b.size)) ||
    compareKeys(colourKey(a.colour ?? ''), colourKey(b.colour ?? ''))
  );
}
