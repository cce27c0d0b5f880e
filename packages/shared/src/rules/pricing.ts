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
 * The tier a line is charged at (ordering §9 tier price; master-data §9): of the tiers in `currency`,
 * the highest whose quantity (pieces) is at or below `totalQuantity`; when the total is below every
 * tier (e.g. 0, or a tier table that starts above 1 piece), the lowest tier, so that what is ordered
 * still has a price. `totalQuantity` is the pieces of the subcode, the cart's pieces of the same
 * product included (marked * on product details). Null only when `currency` has no tiers.
 * The cart (priceCart), the product details screen, the demo data and the bench all use this.
 */
export function tierForQuantity<T extends Tier>(
  tiers: readonly T[],
  totalQuantity: number,
  currency: string,
): T | null {
  let applied: T | null = null;
  let lowest: T | null = null;
  for (const t of tiers) {
    if (t.currency !== currency) continue;
    if (!lowest || t.quantity < lowest.quantity) lowest = t;
    if (t.quantity <= totalQuantity && (!applied || t.quantity > applied.quantity)) applied = t;
  }
  return applied ?? lowest;
}

/**
 * The tier of `currency` (ISO 4217) that `totalQuantity` pieces reach: the highest tier at or below
 * the total (ordering §9), null when the total is below every tier. Not a price rule: for what is
 * charged use `tierForQuantity`. Kept for the demo-data test, which checks that the seeded lines
 * reach a tier.
 */
export function applicableTier<T extends Tier>(
  tiers: readonly T[],
  totalQuantity: number,
  currency: string,
): T | null {
  const tier = tierForQuantity(tiers, totalQuantity, currency);
  return tier && tier.quantity <= totalQuantity ? tier : null;
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
