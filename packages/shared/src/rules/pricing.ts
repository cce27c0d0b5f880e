/**
 * Tier pricing and minimum order value (ordering §9; master-data §3 Product subcode tiers).
 */
import Decimal from 'decimal.js';
import type { Amount } from './money';

export interface Tier {
  /** Pieces from which the tier applies (≥ 1). */
  quantity: number;
  /** Unit price as a decimal string. */
  price: Amount;
  /** ISO 4217 code. */
  currency: string;
}

/**
 * The tier applied to a total quantity: the highest tier of `currency` whose quantity is at or
 * below the total. The total includes the cart quantity of the same product (marked * on screen).
 * Null when the currency has no tiers or the total is below every tier (e.g. 0).
 */
export function applicableTier(tiers: readonly Tier[], totalQuantity: number, currency: string): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers) {
    if (t.currency !== currency || t.quantity > totalQuantity) continue;
    if (!best || t.quantity > best.quantity) best = t;
  }
  return best;
}

/** The tier shown as the base price when nothing is ordered yet: the lowest tier of the currency. */
export function baseTier(tiers: readonly Tier[], currency: string): Tier | null {
  return tiers.filter((t) => t.currency === currency).sort((a, b) => a.quantity - b.quantity)[0] ?? null;
}

/** Tiers sorted by currency then quantity ascending (how subcodes keep them). */
export function sortTiers<T extends Tier>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => a.currency.localeCompare(b.currency) || a.quantity - b.quantity);
}

export interface MinimumValueLine {
  /** The product code the line's subcode belongs to. */
  productCode: string;
  productSubcodeId: number;
  productSubcode: string;
  description: string;
  /** Line total in the order's price currency. */
  totalPrice: Amount;
  /** The subcode's minimum order value in the order's price currency, if any. */
  minValue: Amount | null;
}

export interface MinimumValueCharge {
  chargeName: 'Minimum Order Value';
  productCode: string;
  productSubcodeId: number;
  subcode: string;
  subCodeDescription: string;
  /** The shortfall, to cents. */
  charge: Amount;
}

/**
 * Minimum order value charges (ordering §9): the minimum applies across all lines with the same
 * product code; the minimum of a product code is the highest minimum among its subcodes in the
 * order; a shortfall is charged as the difference, attributed to the subcode with that minimum.
 */
export function minimumOrderCharges(lines: readonly MinimumValueLine[]): MinimumValueCharge[] {
  const byCode = new Map<string, MinimumValueLine[]>();
  for (const l of lines) byCode.set(l.productCode, [...(byCode.get(l.productCode) ?? []), l]);
  const charges: MinimumValueCharge[] = [];
  for (const [productCode, group] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) {
    const withMin = group.filter((l) => l.minValue !== null && new Decimal(l.minValue).gt(0));
    if (withMin.length === 0) continue;
    const top = withMin.reduce((a, b) => (new Decimal(b.minValue!).gt(a.minValue!) ? b : a));
    const total = group.reduce((acc, l) => acc.plus(l.totalPrice), new Decimal(0));
    const shortfall = new Decimal(top.minValue!).minus(total);
    if (total.gt(0) && shortfall.gt(0)) {
      charges.push({
        chargeName: 'Minimum Order Value',
        productCode,
        productSubcodeId: top.productSubcodeId,
        subcode: top.productSubcode,
        subCodeDescription: top.description,
        charge: shortfall.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      });
    }
  }
  return charges;
}
