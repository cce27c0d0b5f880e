/**
 * Test products for the cart tests, added on top of the demo data: subcodes with known pack sizes,
 * tiers, minimum values and attribute schemas, so that prices can be asserted exactly. Customers,
 * regions, factories and currencies are looked up in the demo data by name (no hard-coded ids).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  attributeSchemas,
  costTiers,
  currencies,
  customers,
  factories,
  minValues,
  priceTiers,
  productCodes,
  productItems,
  productionRegions,
  productSubcodes,
} from '../../platform/db/schema';

type Tiers = Record<string, [number, string][]>;

export interface FixtureSubcode {
  id: number;
  productSubcode: string;
  /** Active STANDARD items by size. */
  items: Record<string, number>;
}

export async function createCartFixtures(db: Db) {
  const currencyId = Object.fromEntries((await db.select().from(currencies)).map((c) => [c.code, c.id]));
  const customerId = async (name: string) =>
    (await db.select({ id: customers.id }).from(customers).where(eq(customers.companyName, name)))[0].id;
  const factoryIn = async (region: string) =>
    (
      await db
        .select({ id: factories.id, currencyId: factories.currencyTypeId, regionId: productionRegions.id })
        .from(factories)
        .innerJoin(productionRegions, eq(productionRegions.id, factories.productionRegionId))
        .where(eq(productionRegions.productionRegionName, region))
        .orderBy(asc(factories.id))
        .limit(1)
    )[0];
  const roots = await customerId('Roots');
  const dunnes = await customerId('Dunnes Stores');
  const bangladesh = await factoryIn('Bangladesh');
  const china = await factoryIn('China');
  const costCurrency = (await db.select().from(currencies).where(eq(currencies.id, bangladesh.currencyId)))[0]
    .code;

  const [code] = await db.insert(productCodes).values({ productCode: 'ZZCART' }).returning();
  const [otherCode] = await db.insert(productCodes).values({ productCode: 'ZZCART2' }).returning();
  const [lineSchema] = await db
    .insert(attributeSchemas)
    .values({
      name: 'Cart test label',
      customerId: roots,
      attributeFields: [
        { name: 'Style Name', type: 'STRING', options: [] },
        { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Navy'] },
      ],
    })
    .returning();
  const [sizeSchema] = await db
    .insert(attributeSchemas)
    .values({
      name: 'Cart test print side',
      attributeFields: [{ name: 'Print', type: 'DROPDOWN', options: ['Back', 'Front'] }],
    })
    .returning();

  async function subcode(o: {
    productSubcode: string;
    customerId: number;
    factoryId: number | null;
    productCodeId?: number;
    packSize?: number;
    minOrderQuantity?: number;
    artworkRequired?: boolean;
    attributeSchemaId?: number;
    sizes: string[];
    inactiveSizes?: string[];
    prices: Tiers;
    costs?: Tiers;
    minValue?: Record<string, string>;
    itemSchemaId?: number;
  }): Promise<FixtureSubcode> {
    const [s] = await db
      .insert(productSubcodes)
      .values({
        productSubcode: o.productSubcode,
        description: `${o.productSubcode} test label`,
        customerId: o.customerId,
        factoryId: o.factoryId,
        productCodeId: o.productCodeId ?? code.id,
        packSize: o.packSize ?? 1,
        minOrderQuantity: o.minOrderQuantity ?? 0,
        artworkRequired: o.artworkRequired ?? false,
        attributeSchemaId: o.attributeSchemaId ?? null,
      })
      .returning();
    const items: Record<string, number> = {};
    const all = [
      ...o.sizes.map((z) => [z, true] as const),
      ...(o.inactiveSizes ?? []).map((z) => [z, false] as const),
    ];
    for (const [i, [size, active]] of all.entries()) {
      const [item] = await db
        .insert(productItems)
        .values({
          productSubcodeId: s.id,
          productSize: size,
          sortKey: i + 1,
          active,
          attributeSchemaId: o.itemSchemaId ?? null,
        })
        .returning();
      items[size] = item.id;
    }
    const tierRows = (tiers: Tiers) =>
      Object.entries(tiers).flatMap(([cur, list]) =>
        list.map(([quantity, price]) => ({
          productSubcodeId: s.id,
          quantity,
          price,
          currencyId: currencyId[cur],
        })),
      );
    await db.insert(priceTiers).values(tierRows(o.prices));
    if (o.costs) await db.insert(costTiers).values(tierRows(o.costs));
    for (const [cur, price] of Object.entries(o.minValue ?? {})) {
      await db.insert(minValues).values({ productSubcodeId: s.id, currencyId: currencyId[cur], price });
    }
    return { id: s.id, productSubcode: s.productSubcode, items };
  }

  /** Roots, Bangladesh; packs of 50 from 100 pieces; needs artwork; line attributes; CAD tiers at 1 and 1000; minimum 100. */
  const main = await subcode({
    productSubcode: 'ZZ-CART-MAIN',
    customerId: roots,
    factoryId: bangladesh.id,
    packSize: 50,
    minOrderQuantity: 100,
    artworkRequired: true,
    attributeSchemaId: lineSchema.id,
    sizes: ['S', 'M', 'L'],
    inactiveSizes: ['XL'],
    prices: {
      CAD: [
        [1, '0.1000'],
        [1000, '0.0800'],
      ],
      USD: [
        [1, '0.0750'],
        [1000, '0.0600'],
      ],
    },
    costs: {
      [costCurrency]: [
        [1, '0.0400'],
        [1000, '0.0300'],
      ],
    },
    minValue: { CAD: '100.00', USD: '75.00' },
  });
  /** Roots, Bangladesh, same product code as main; one size with a per-size attribute; no artwork. */
  const tag = await subcode({
    productSubcode: 'ZZ-CART-TAG',
    customerId: roots,
    factoryId: bangladesh.id,
    sizes: ['One Size'],
    itemSchemaId: sizeSchema.id,
    prices: { CAD: [[1, '0.2000']], USD: [[1, '0.1500']] },
    costs: { [costCurrency]: [[1, '0.1000']] },
  });
  /** Roots, Bangladesh, another product code, no minimum: used by the refusal (-1, -2) tests. */
  const plain = await subcode({
    productSubcode: 'ZZ-CART-PLAIN',
    customerId: roots,
    factoryId: bangladesh.id,
    productCodeId: otherCode.id,
    sizes: ['One Size'],
    prices: { CAD: [[1, '1.0000']], USD: [[1, '0.8000']] },
    costs: { [costCurrency]: [[1, '0.5000']] },
  });
  const dunnesItem = await subcode({
    productSubcode: 'ZZ-CART-DUNNES',
    customerId: dunnes,
    factoryId: bangladesh.id,
    sizes: ['One Size'],
    prices: { CAD: [[1, '0.5000']], USD: [[1, '0.4000']] },
  });
  const chinaItem = await subcode({
    productSubcode: 'ZZ-CART-CHINA',
    customerId: roots,
    factoryId: china.id,
    sizes: ['One Size'],
    prices: { CAD: [[1, '0.5000']], USD: [[1, '0.4000']] },
  });
  const usdOnly = await subcode({
    productSubcode: 'ZZ-CART-USD',
    customerId: roots,
    factoryId: bangladesh.id,
    sizes: ['One Size'],
    prices: { USD: [[1, '0.4000']] },
  });
  const noFactory = await subcode({
    productSubcode: 'ZZ-CART-NOFACTORY',
    customerId: roots,
    factoryId: null,
    sizes: ['One Size'],
    prices: { CAD: [[1, '0.5000']], USD: [[1, '0.4000']] },
  });
  const [variableItem] = await db
    .insert(productItems)
    .values({ productSubcodeId: plain.id, productType: 'VARIABLE_DATA', productSize: 'VD', poNumber: 'PO-1' })
    .returning();

  return {
    currencyId,
    costCurrency,
    roots,
    dunnes,
    bangladesh,
    china,
    main,
    tag,
    plain,
    dunnesItem,
    chinaItem,
    usdOnly,
    noFactory,
    variableItemId: variableItem.id,
    /** Sets the price of a tier of a subcode (quantity, currency). */
    setPriceTier: (subcodeId: number, quantity: number, currency: string, price: string) =>
      db
        .update(priceTiers)
        .set({ price })
        .where(
          and(
            eq(priceTiers.productSubcodeId, subcodeId),
            eq(priceTiers.quantity, quantity),
            eq(priceTiers.currencyId, currencyId[currency]),
          ),
        ),
    setMinValue: async (subcodeId: number, currency: string, price: string) => {
      await db
        .insert(minValues)
        .values({ productSubcodeId: subcodeId, currencyId: currencyId[currency], price })
        .onConflictDoUpdate({ target: [minValues.productSubcodeId, minValues.currencyId], set: { price } });
    },
    clearMinValue: (subcodeId: number) =>
      db.delete(minValues).where(eq(minValues.productSubcodeId, subcodeId)),
  };
}
export type CartFixtures = Awaited<ReturnType<typeof createCartFixtures>>;
