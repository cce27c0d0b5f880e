/**
 * Pricing of a whole cart (ordering §9 tier price and Minimum Order Value; ARCHITECTURE.md Order life).
 *
 * - The tier of a subcode is chosen by the total pieces of that subcode across the cart, in the
 *   order's price currency for prices and its cost currency for costs, by `tierForQuantity`
 *   (pricing.ts): below every tier, the lowest tier applies.
 * - Line totals are unit × quantity to cents; minimum-order-value charges come from
 *   `minimumOrderCharges` over the lines grouped by product code; the order's total price is
 *   items + charges, its total cost is items only.
 * Pure: the server loads the rows, calls `priceCart`, and stores what it answers.
 */
import Decimal from 'decimal.js';
import { type Amount, lineTotal, sumAmounts, toFixedAmount } from './money';
import { type MinimumValueCharge, minimumOrderCharges, type Tier, tierForQuantity } from './pricing';

export interface PricingLine {
  /** The caller's key of the line (orderItemId). */
  key: number;
  productSubcodeId: number;
  productSubcode: string;
  description: string;
  productCode: string;
  /** Pieces of the line (sum of its sizes). */
  quantity: number;
  /** The subcode's price tiers (any currency; only the price currency's count). */
  priceTiers: readonly Tier[];
  /** The subcode's cost tiers (any currency; only the cost currency's count). */
  costTiers: readonly Tier[];
  /** The subcode's minimum order value in the price currency, if any. */
  minValue: Amount | null;
}

export interface PricedLine {
  key: number;
  productSubcodeId: number;
  /** Unit price (4 decimals) of the tier applied; null when the subcode has no tier in the price currency. */
  unitPrice: Amount | null;
  /** Unit cost (4 decimals); null when the subcode has no cost tier in the cost currency. */
  unitCost: Amount | null;
  /** Pieces of the subcode across the cart, which chose the tier. */
  subcodeQuantity: number;
  totalPrice: Amount;
  totalCost: Amount;
}

export interface CartPricing {
  lines: PricedLine[];
  charges: MinimumValueCharge[];
  /** Items + charges, to cents, in the price currency. */
  totalPrice: Amount;
  /** Items, to cents, in the cost currency. */
  totalCost: Amount;
  /** Subcodes (by productSubcode) that have no price tier in the price currency: they cannot be ordered. */
  unpriced: string[];
}

/** Prices every line of a cart together (ordering §9): unit amounts to 4 decimals, totals to cents. */
export function priceCart(
  lines: readonly PricingLine[],
  currencies: { price: string; cost: string | null },
): CartPricing {
  const subcodeTotals = new Map<number, number>();
  for (const l of lines)
    subcodeTotals.set(l.productSubcodeId, (subcodeTotals.get(l.productSubcodeId) ?? 0) + l.quantity);
  const unpriced = new Set<string>();
  const priced: PricedLine[] = lines.map((l) => {
    const total = subcodeTotals.get(l.productSubcodeId) ?? 0;
    const priceTier = tierForQuantity(l.priceTiers, total, currencies.price);
    const costTier = currencies.cost ? tierForQuantity(l.costTiers, total, currencies.cost) : null;
    if (!priceTier) unpriced.add(l.productSubcode);
    const unitPrice = priceTier ? toFixedAmount(priceTier.price, 4) : null;
    const unitCost = costTier ? toFixedAmount(costTier.price, 4) : null;
    return {
      key: l.key,
      productSubcodeId: l.productSubcodeId,
      unitPrice,
      unitCost,
      subcodeQuantity: total,
      totalPrice: unitPrice ? lineTotal(unitPrice, l.quantity) : '0.00',
      totalCost: unitCost ? lineTotal(unitCost, l.quantity) : '0.00',
    };
  });
  const charges = minimumOrderCharges(
    lines.map((l, i) => ({
      productCode: l.productCode,
      productSubcodeId: l.productSubcodeId,
      productSubcode: l.productSubcode,
      description: l.description,
      totalPrice: priced[i].totalPrice,
      minValue: l.minValue,
    })),
  );
  return {
    lines: priced,
    charges,
    totalPrice: sumAmounts([...priced.map((p) => p.totalPrice), ...charges.map((c) => c.charge)]),
    totalCost: sumAmounts(priced.map((p) => p.totalCost)),
    unpriced: [...unpriced].sort(),
  };
}

/** True when two stored amounts differ in value (null and a number differ; '0.12' equals '0.1200'). */
export function amountsDiffer(a: Amount | null | undefined, b: Amount | null | undefined): boolean {
  if (a == null || b == null) return (a == null) !== (b == null);
  return !new Decimal(a).eq(b);
}

/** True when two sets of charges differ (by subcode, name and amount), whatever their order. */
export function chargesDiffer(
  a: readonly { chargeName: string; productSubcodeId: number | null; charge: Amount }[],
  b: readonly { chargeName: string; productSubcodeId: number | null; charge: Amount }[],
): boolean {
  if (a.length !== b.length) return true;
  const key = (c: { chargeName: string; productSubcodeId: number | null }) =>
    `${c.productSubcodeId ?? ''}|${c.chargeName}`;
  const left = new Map(a.map((c) => [key(c), c.charge]));
  for (const c of b) {
    const other = left.get(key(c));
    if (other === undefined || amountsDiffer(other, c.charge)) return true;
  }
  return false;
}
