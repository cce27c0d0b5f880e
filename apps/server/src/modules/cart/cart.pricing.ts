/**
 * Re-prices a whole cart inside the caller's transaction (ordering §9; ARCHITECTURE.md Order life):
 * runs after every add, update and remove, and again when placing.
 *
 * - The first line (lowest orderItemId) decides the cart's customer, production region, factory and
 *   cost currency (its subcode's factory currency); with no line left they are cleared, so the
 *   next product may come from anyone.
 * - `priceCart` (packages/shared) chooses the tiers by the pieces of each subcode across the cart,
 *   computes line totals, minimum-order-value charges and the order totals; this stores them on
 *   the lines, their sizes, order_charges and the order.
 * - The answer says whether the stored unit prices, unit costs or charges changed, which placing
 *   turns into the refusals -1 and -2.
 */
import { amountsDiffer, type CartPricing, chargesDiffer, priceCart } from '@selvedge/shared';
import type { Tx } from '../../platform/db';
import * as lookups from '../lookups/lookups.service';
import { type CartPatch, type CartRow, cartRepository as repo } from './cart.repository';

export type PricingLine = Awaited<ReturnType<typeof repo.pricingLines>>[number];

export interface RepriceResult {
  pricing: CartPricing;
  lineCount: number;
  /** A stored unit price differs from the current tier's (or was missing). */
  priceChanged: boolean;
  /** A stored unit cost differs from the current tier's. */
  costChanged: boolean;
  /** The stored charges differ from the current ones. */
  chargesChanged: boolean;
  /** Subcodes without a price tier in the price currency. */
  unpriced: string[];
  priceCurrency: string;
  costCurrency: string | null;
  /** Scope of the cart after pricing (from its first line); all null when empty. */
  customerId: number | null;
  productionRegionId: number | null;
  factoryId: number | null;
  /** The order columns pricing sets (scope, cost currency, totals): written unless `writeOrder` is false. */
  orderPatch: CartPatch;
}

/**
 * Re-prices the cart `cart` (locked by the caller). `lines`: its pricingLines when the caller has
 * read them already (placing does, for its checks); `writeOrder: false` leaves the order row to
 * the caller, who writes `orderPatch` with its own update (placing: with the status).
 */
export async function repriceCart(
  tx: Tx,
  cart: CartRow,
  options: { lines?: PricingLine[]; writeOrder?: boolean } = {},
): Promise<RepriceResult> {
  if (cart.priceCurrencyId == null) throw new Error(`cart ${cart.id} has no price currency`);
  const lines = options.lines ?? (await repo.pricingLines(tx, cart.id));
  const first = lines[0];
  const costCurrencyId = first?.factoryCurrencyId ?? null;
  // The lines carry the currency codes; an empty cart's price currency is looked up.
  const priceCurrency =
    first?.priceCurrency ??
    (await lookups.currencyCodes(tx, [cart.priceCurrencyId])).get(cart.priceCurrencyId) ??
    'USD';
  const costCurrency = first?.costCurrency ?? null;

  const pricing = priceCart(
    lines.map((l) => ({
      key: l.orderItemId,
      productSubcodeId: l.productSubcodeId,
      productSubcode: l.productSubcode,
      description: l.description,
      productCode: l.productCode,
      quantity: l.quantity,
      priceTiers: l.priceTiers,
      costTiers: l.costTiers,
      minValue: l.minValue,
    })),
    { price: priceCurrency, cost: costCurrency },
  );

  let priceChanged = false;
  let costChanged = false;
  const changedLines = lines.flatMap((l, i) => {
    const p = pricing.lines[i];
    if (amountsDiffer(l.unitPrice, p.unitPrice)) priceChanged = true;
    if (amountsDiffer(l.unitCost, p.unitCost)) costChanged = true;
    const stored =
      l.sizesPriced &&
      !amountsDiffer(l.unitPrice, p.unitPrice) &&
      !amountsDiffer(l.unitCost, p.unitCost) &&
      !amountsDiffer(l.totalPrice, p.totalPrice) &&
      !amountsDiffer(l.totalCost, p.totalCost);
    return stored
      ? []
      : [
          {
            orderItemId: l.orderItemId,
            unitPrice: p.unitPrice,
            unitCost: p.unitCost,
            totalPrice: p.totalPrice,
            totalCost: p.totalCost,
          },
        ];
  });
  await repo.setLinesPricing(tx, changedLines);
  // The lines carry the stored charges; an empty cart's are read.
  const storedCharges = first ? first.storedCharges : await repo.chargesOf(tx, cart.id);
  const chargesChanged = chargesDiffer(storedCharges, pricing.charges);
  if (chargesChanged) {
    await repo.replaceCharges(
      tx,
      cart.id,
      pricing.charges.map((c) => ({
        chargeName: c.chargeName,
        productSubcodeId: c.productSubcodeId,
        subcode: c.subcode,
        subCodeDescription: c.subCodeDescription,
        charge: c.charge,
      })),
      cart.priceCurrencyId,
    );
  }
  const scope = {
    customerId: first?.customerId ?? null,
    productionRegionId: first?.productionRegionId ?? null,
    factoryId: first?.factoryId ?? null,
  };
  const orderPatch = {
    ...scope,
    costCurrencyId,
    totalPrice: pricing.totalPrice,
    totalCost: pricing.totalCost,
  } satisfies CartPatch;
  if (options.writeOrder !== false) await repo.updateCart(tx, cart.id, orderPatch);
  return {
    pricing,
    lineCount: lines.length,
    priceChanged,
    costChanged,
    chargesChanged,
    unpriced: pricing.unpriced,
    priceCurrency,
    costCurrency,
    ...scope,
    orderPatch,
  };
}
