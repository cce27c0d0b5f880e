/**
 * Test factories for the product catalogue (master-data §Products): subcodes with their product
 * code, items (sizes), price and cost tiers and minimum values. Codes are unique per call unless the
 * test gives its own.
 */
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { unique } from './parties';

/** Tiers by currency code: `[quantity, price]` pairs, written in the order given. */
export type Tiers = Record<string, [quantity: number, price: string][]>;

/** An item of a subcode: its size alone, or its size with other product_items columns. */
export type BuildItem = string | (Partial<typeof s.productItems.$inferInsert> & { productSize: string });

/**
 * A subcode of `customerId` made by `factoryId` (null: none), with its items and tiers.
 *
 * Defaults: code `T-…-1` under a new product code (`productCode`, default `T-…`; none made when
 * `productCodeId` is given), description
 * 'Test label …', pack size 10, minimum order quantity 10, no artwork; items S and M, STANDARD,
 * sort keys 1, 2, … in the order given (unless an item gives its own); one price tier (`price`,
 * default 0.1000) and one cost tier (`cost`, default 0.0500) at quantity 1 in every currency.
 * `prices` and `costs` replace those tiers (`{}`: none); `minValues` adds minimum order values by
 * currency code. Any other product_subcodes column may be given.
 *
 * Returns `{ subcodeId, productSubcode, subcode (the row), items (rows in the order given, each
 * with `size` = its product size) }`.
 */
export async function buildSubcode(
  db: Db,
  opts: Partial<typeof s.productSubcodes.$inferInsert> & {
    customerId: number;
    factoryId: number | null;
    productCode?: string;
    sizes?: BuildItem[];
    price?: string;
    cost?: string;
    prices?: Tiers;
    costs?: Tiers;
    minValues?: Record<string, string>;
  },
) {
  const { productCode, sizes, price, cost, prices, costs, minValues, ...values } = opts;
  const code = unique().toUpperCase();
  const productCodeId =
    values.productCodeId ??
    (
      await db
        .insert(s.productCodes)
        .values({ productCode: `T-${code}` })
        .returning()
    )[0]!.id;
  const [subcode] = await db
    .insert(s.productSubcodes)
    .values({
      productSubcode: `T-${code}-1`,
      description: `Test label ${code}`,
      artworkRequired: false,
      packSize: 10,
      minOrderQuantity: 10,
      ...values,
      productCodeId,
    })
    .returning();
  const subcodeId = subcode!.id;
  const currencies = await db.select().from(s.currencies);
  const currencyOf = (codeOf: string) => {
    const c = currencies.find((x) => x.code === codeOf);
    if (!c) throw new Error(`test data has no currency ${codeOf}`);
    return c.id;
  };
  const everyCurrency = (p: string): Tiers => Object.fromEntries(currencies.map((c) => [c.code, [[1, p]]]));
  const tierRows = (tiers: Tiers) =>
    Object.entries(tiers).flatMap(([cur, list]) =>
      list.map(([quantity, p]) => ({
        productSubcodeId: subcodeId,
        quantity,
        price: p,
        currencyId: currencyOf(cur),
      })),
    );
  const priceRows = tierRows(prices ?? everyCurrency(price ?? '0.1000'));
  const costRows = tierRows(costs ?? everyCurrency(cost ?? '0.0500'));
  if (priceRows.length) await db.insert(s.priceTiers).values(priceRows);
  if (costRows.length) await db.insert(s.costTiers).values(costRows);
  const minRows = Object.entries(minValues ?? {}).map(([cur, p]) => ({
    productSubcodeId: subcodeId,
    currencyId: currencyOf(cur),
    price: p,
  }));
  if (minRows.length) await db.insert(s.minValues).values(minRows);
  const itemRows = (sizes ?? ['S', 'M']).map((item, i) => ({
    productSubcodeId: subcodeId,
    sortKey: i + 1,
    ...(typeof item === 'string' ? { productSize: item } : item),
  }));
  const items = itemRows.length ? await db.insert(s.productItems).values(itemRows).returning() : [];
  return {
    subcodeId,
    productSubcode: subcode!.productSubcode,
    subcode: subcode!,
    items: items.map((r) => ({ ...r, size: r.productSize })),
  };
}

/** A subcode as `buildSubcode` returns it. */
export type BuiltSubcode = Awaited<ReturnType<typeof buildSubcode>>;
