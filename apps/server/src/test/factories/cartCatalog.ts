/**
 * The product catalogue of the cart tests, added on top of the demo data: subcodes with known pack sizes,
 * tiers, minimum values and attribute schemas, so that prices can be asserted exactly. Customers,
 * regions, factories and currencies are looked up in the demo data by name (no hard-coded ids).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  attributeSchemas,
  currencies,
  factories,
  minValues,
  priceTiers,
  productCodes,
  productItems,
  productionRegions,
} from '../../platform/db/schema';
import { idOfCustomer } from './parties';
import { buildSubcode, type Tiers } from './products';

/** A subcode of the cart catalogue: its id, code and items (ids by size, inactive ones too). */
export interface FixtureSubcode {
  id: number;
  productSubcode: string;
  /** Active STANDARD items by size. */
  items: Record<string, number>;
}

/**
 * Writes the cart tests' catalogue: product codes ZZCART and ZZCART2, a line and a size attribute
 * schema, and subcodes ZZ-CART-MAIN, -TAG, -PLAIN (with a variable-data item), -DUNNES, -CHINA,
 * -USD and -NOFACTORY (each described where it is made). Returns them with the parties they use, the
 * currency ids by code, and helpers that change a tier or a minimum value in a test.
 */
export async function createCartFixtures(db: Db) {
  const currencyId = Object.fromEntries((await db.select().from(currencies)).map((c) => [c.code, c.id]));
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
  const roots = await idOfCustomer(db, 'Roots');
  const dunnes = await idOfCustomer(db, 'Dunnes Stores');
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

  /** A subcode in packs of 1 with no minimum unless given; only the cost tiers given. */
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
    const { sizes, inactiveSizes = [], costs = {}, minValue, itemSchemaId, ...values } = o;
    const made = await buildSubcode(db, {
      description: `${o.productSubcode} test label`,
      productCodeId: code.id,
      packSize: 1,
      minOrderQuantity: 0,
      ...values,
      costs,
      minValues: minValue,
      sizes: [
        ...sizes.map((productSize) => ({ productSize, active: true })),
        ...inactiveSizes.map((productSize) => ({ productSize, active: false })),
      ].map((i) => ({ ...i, attributeSchemaId: itemSchemaId ?? null })),
    });
    return {
      id: made.subcodeId,
      productSubcode: made.productSubcode,
      items: Object.fromEntries(made.items.map((i) => [i.productSize, i.id])),
    };
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
/** The cart catalogue as `createCartFixtures` returns it. */
export type CartFixtures = Awaited<ReturnType<typeof createCartFixtures>>;
