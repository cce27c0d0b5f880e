/**
 * The product catalogue of the product and lookup API tests: a production region of its own with a
 * factory, product groups, attribute schemas and subcodes of the demo customers Roots and Dunnes
 * Stores. Ids are looked up or returned, never assumed, so the tests hold whatever else the demo
 * data contains. Names start with ZZFX / 'Zz Fixture' to stay apart from demo rows.
 */
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { buildFactory, buildRegion, currencyId, idOfCustomer } from './parties';
import { type BuildItem, buildSubcode } from './products';

/** The product catalogue as `createProductFixtures` returns it. */
export type ProductFixtures = Awaited<ReturnType<typeof createProductFixtures>>;

/** How many paging subcodes (ZZFX-P-01 …) the catalogue has: more than one page of the product list. */
export const PAGING_SUBCODES = 23;

/**
 * Writes the catalogue: region 'Zz Fixture Region' with factory ZZFX (costs in EUR); groups
 * ZZ_FIXTURE_GROUP (items' default) and ZZ_FIXTURE_OTHER; a line and a size attribute schema of
 * Roots; subcodes ZZFX-R-100 (sized, tiers, minimum values, inventory, a variable-data item),
 * ZZFX-R-200 (one item), ZZFX-R-300 (nothing active), ZZFX-D-100 (Dunnes, sized) and the paging
 * subcodes. Subcodes are in packs of 1 with no minimum and no tiers unless said. Returns their rows.
 */
export async function createProductFixtures(db: Db) {
  const roots = await idOfCustomer(db, 'Roots');
  const dunnes = await idOfCustomer(db, 'Dunnes Stores');
  const [cad, usd, eur] = [
    await currencyId(db, 'CAD'),
    await currencyId(db, 'USD'),
    await currencyId(db, 'EUR'),
  ];

  const region = await buildRegion(db, 'Zz Fixture Region');
  const factory = await buildFactory(db, {
    name: 'Zz Fixture Mill',
    shortCode: 'ZZFX',
    currencyTypeId: eur,
    regionId: region.id,
  });
  const [group, otherGroup] = await db
    .insert(s.productGroups)
    .values([
      { value: 'ZZ_FIXTURE_GROUP', displayName: 'Zz Fixture Group' },
      { value: 'ZZ_FIXTURE_OTHER', displayName: 'Zz Fixture Other' },
    ])
    .returning();
  const [code] = await db.insert(s.productCodes).values({ productCode: 'ZZFX' }).returning();
  const [lineSchema, sizeSchema] = await db
    .insert(s.attributeSchemas)
    .values([
      {
        name: 'Zz Fixture line schema',
        customerId: roots,
        attributeFields: [
          { name: 'Style Ref', type: 'STRING', options: [] },
          { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Navy'] },
        ],
      },
      {
        name: 'Zz Fixture size schema',
        customerId: roots,
        attributeFields: [{ name: 'Size Note', type: 'STRING', options: [] }],
      },
    ])
    .returning();

  const subcode = (
    v: Omit<Parameters<typeof buildSubcode>[1], 'factoryId'> & { productSubcode: string; sizes: BuildItem[] },
  ) =>
    buildSubcode(db, {
      description: `Fixture ${v.productSubcode}`,
      factoryId: factory.id,
      productCodeId: code.id,
      packSize: 1,
      minOrderQuantity: 0,
      prices: {},
      costs: {},
      ...v,
      sizes: v.sizes
        .map((i) => (typeof i === 'string' ? { productSize: i } : i))
        .map((i) => ({
          productGroupId: group.id,
          ...i,
        })),
    });

  // Roots, sized: items inserted L, M, S so that the first by sortKey (S) is not the lowest id.
  const rootsSized = await subcode({
    productSubcode: 'ZZFX-R-100',
    description: 'Fixture woven label for Roots',
    customerId: roots,
    packSize: 10,
    minOrderQuantity: 50,
    attributeSchemaId: lineSchema.id,
    productImagePath: 'fixtures/zzfx-r-100.png',
    productImageType: 'image/png',
    sizes: [
      // L names the subcode's own schema: its fields are asked once per line, not per size.
      { productSize: 'L', sortKey: 3, attributeSchemaId: lineSchema.id },
      { productSize: 'M', sortKey: 2, defaultOrderQuantity: 200 },
      {
        productSize: 'S',
        sortKey: 1,
        defaultOrderQuantity: 100,
        hasInventory: true,
        currentInventory: 40,
        maximumInventory: 500,
        attributeSchemaId: sizeSchema.id,
      },
      { productSize: 'XS', sortKey: 0, active: false },
      { productSize: 'VD', sortKey: 0, productType: 'VARIABLE_DATA', productGroupId: null },
    ],
    prices: {
      CAD: [
        [1000, '0.0800'],
        [1, '0.1000'],
      ],
      USD: [
        [1, '0.0750'],
        [1000, '0.0600'],
      ],
    },
    costs: {
      EUR: [
        [1000, '0.0300'],
        [1, '0.0400'],
      ],
      USD: [[1, '0.0450']],
    },
    minValues: { CAD: '100.0000', USD: '75.0000' },
  });
  const [sizeL, sizeM, sizeS, inactiveXS, variableItem] = rootsSized.items;

  // Roots, one item without a size, other group.
  const rootsSingle = await subcode({
    productSubcode: 'ZZFX-R-200',
    description: 'Fixture hang tag for Roots',
    customerId: roots,
    sizes: [{ productSize: 'N/A', productGroupId: otherGroup.id }],
  });

  // Roots, nothing active: never listed.
  const rootsInactive = await subcode({
    productSubcode: 'ZZFX-R-300',
    description: 'Fixture retired label',
    customerId: roots,
    sizes: [{ productSize: 'S', active: false }],
  });

  // Dunnes Stores (vendor@example.com's vendor buys for Dunnes; vendor2's does not).
  const dunnesSized = await subcode({
    productSubcode: 'ZZFX-D-100',
    description: 'Fixture care label for Dunnes',
    customerId: dunnes,
    sizes: [
      { productSize: 'S', sortKey: 1 },
      { productSize: 'M', sortKey: 2 },
    ],
    prices: { CAD: [[1, '0.2000']] },
  });

  // Roots subcodes for paging, in the other group.
  const paging: { productSubcode: string; productItemId: number }[] = [];
  for (let i = 1; i <= PAGING_SUBCODES; i++) {
    const sc = await subcode({
      productSubcode: `ZZFX-P-${String(i).padStart(2, '0')}`,
      description: `Fixture paging item ${i}`,
      customerId: roots,
      sizes: [{ productSize: 'OS', productGroupId: otherGroup.id }],
    });
    paging.push({ productSubcode: sc.productSubcode, productItemId: sc.items[0]!.id });
  }

  return {
    customers: { roots, dunnes },
    currencies: { cad, usd, eur },
    region,
    factory,
    groups: { group, otherGroup },
    schemas: { lineSchema, sizeSchema },
    rootsSized: {
      subcode: rootsSized.subcode,
      sizeS: sizeS!,
      sizeM: sizeM!,
      sizeL: sizeL!,
      inactiveXS: inactiveXS!,
      variableItem: variableItem!,
    },
    rootsSingle: { subcode: rootsSingle.subcode, item: rootsSingle.items[0]! },
    rootsInactive: { subcode: rootsInactive.subcode, item: rootsInactive.items[0]! },
    dunnesSized: { subcode: dunnesSized.subcode, sizeS: dunnesSized.items[0]!, sizeM: dunnesSized.items[1]! },
    paging,
  };
}
