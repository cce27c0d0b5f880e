/**
 * Test fixtures for the product and lookup API tests: a production region of their own with a
 * factory, product groups, attribute schemas and subcodes of the seeded customers Roots and Dunnes
 * Stores, plus cart lines. Ids are looked up or returned, never assumed, so the tests hold whatever
 * else the demo data contains. Names start with ZZFX / 'Zz Fixture' to stay apart from demo rows.
 */

import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords';
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { DEMO_PASSWORD } from '../../seed/demo';

export async function idOfUser(db: Db, email: string) {
  const row = (await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email)))[0];
  if (!row) throw new Error(`fixture: no user ${email}`);
  return row.id;
}

export async function idOfCustomer(db: Db, companyName: string) {
  const row = (
    await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.companyName, companyName))
  )[0];
  if (!row) throw new Error(`fixture: no customer ${companyName}`);
  return row.id;
}

export async function vendorOfUser(db: Db, email: string) {
  const rows = await db
    .select({ id: s.vendors.id, currencyCode: s.currencies.code, currencyId: s.currencies.id })
    .from(s.userVendors)
    .innerJoin(s.vendors, eq(s.vendors.id, s.userVendors.vendorId))
    .innerJoin(s.currencies, eq(s.currencies.id, s.vendors.currencyTypeId))
    .where(eq(s.userVendors.userId, await idOfUser(db, email)))
    .orderBy(s.vendors.id);
  if (!rows[0]) throw new Error(`fixture: ${email} has no vendor`);
  return rows[0];
}

export async function currencyId(db: Db, code: string) {
  await db.insert(s.currencies).values({ code, name: code }).onConflictDoNothing();
  return (await db.select({ id: s.currencies.id }).from(s.currencies).where(eq(s.currencies.code, code)))[0]
    .id;
}

/** The user's cart (PENDING order), created when missing. */
export async function cartOf(db: Db, email: string, values: Partial<typeof s.orders.$inferInsert> = {}) {
  const userId = await idOfUser(db, email);
  const existing = (
    await db
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(and(eq(s.orders.userId, userId), eq(s.orders.orderStatus, 'PENDING')))
  )[0];
  if (existing) return existing.id;
  return (
    await db
      .insert(s.orders)
      .values({ userId, orderStatus: 'PENDING', ...values })
      .returning()
  )[0].id;
}

/** Adds a STANDARD line with quantities per product item to an order. */
export async function addLine(
  db: Db,
  orderId: number,
  productSubcodeId: number,
  sizes: { productItemId: number; quantity: number; attributesItem?: Record<string, string> }[],
  attributes: Record<string, string> = {},
) {
  const quantity = sizes.reduce((a, x) => a + x.quantity, 0);
  const [line] = await db
    .insert(s.orderItems)
    .values({ orderId, productSubcodeId, attributes, quantity })
    .returning();
  await db.insert(s.orderItemSizes).values(
    sizes.map((x) => ({
      orderItemId: line.id,
      productItemId: x.productItemId,
      quantity: x.quantity,
      attributesItem: x.attributesItem ?? {},
    })),
  );
  return line.id;
}

/** A new signed-in-able user with the demo password. */
export async function createUser(
  db: Db,
  email: string,
  role: string,
  links: { vendorIds?: number[]; customerIds?: number[]; factoryIds?: number[]; regionIds?: number[] } = {},
) {
  const [u] = await db
    .insert(s.users)
    .values({
      email,
      contactName: email,
      role,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      passwordChangedAt: new Date(),
    })
    .returning();
  for (const vendorId of links.vendorIds ?? [])
    await db.insert(s.userVendors).values({ userId: u.id, vendorId });
  for (const customerId of links.customerIds ?? [])
    await db.insert(s.userCustomers).values({ userId: u.id, customerId });
  for (const factoryId of links.factoryIds ?? [])
    await db.insert(s.userFactories).values({ userId: u.id, factoryId });
  for (const productionRegionId of links.regionIds ?? [])
    await db.insert(s.userRegions).values({ userId: u.id, productionRegionId });
  return u.id;
}

export type ProductFixtures = Awaited<ReturnType<typeof createProductFixtures>>;

export const PAGING_SUBCODES = 23;

export async function createProductFixtures(db: Db) {
  const roots = await idOfCustomer(db, 'Roots');
  const dunnes = await idOfCustomer(db, 'Dunnes Stores');
  const [cad, usd, eur] = [
    await currencyId(db, 'CAD'),
    await currencyId(db, 'USD'),
    await currencyId(db, 'EUR'),
  ];

  const [region] = await db
    .insert(s.productionRegions)
    .values({ productionRegionName: 'Zz Fixture Region' })
    .returning();
  const [factory] = await db
    .insert(s.factories)
    .values({
      name: 'Zz Fixture Mill',
      shortCode: 'ZZFX',
      currencyTypeId: eur,
      productionRegionId: region.id,
    })
    .returning();
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

  const subcode = async (
    v: Partial<typeof s.productSubcodes.$inferInsert> & { productSubcode: string; customerId: number },
  ) =>
    (
      await db
        .insert(s.productSubcodes)
        .values({
          description: `Fixture ${v.productSubcode}`,
          factoryId: factory.id,
          productCodeId: code.id,
          ...v,
        })
        .returning()
    )[0];
  const item = async (
    v: Partial<typeof s.productItems.$inferInsert> & { productSubcodeId: number; productSize: string },
  ) =>
    (
      await db
        .insert(s.productItems)
        .values({ productGroupId: group.id, ...v })
        .returning()
    )[0];

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
  });
  // L names the subcode's own schema: its fields are asked once per line, not per size.
  const sizeL = await item({
    productSubcodeId: rootsSized.id,
    productSize: 'L',
    sortKey: 3,
    attributeSchemaId: lineSchema.id,
  });
  const sizeM = await item({
    productSubcodeId: rootsSized.id,
    productSize: 'M',
    sortKey: 2,
    defaultOrderQuantity: 200,
  });
  const sizeS = await item({
    productSubcodeId: rootsSized.id,
    productSize: 'S',
    sortKey: 1,
    defaultOrderQuantity: 100,
    hasInventory: true,
    currentInventory: 40,
    maximumInventory: 500,
    attributeSchemaId: sizeSchema.id,
  });
  const inactiveXS = await item({
    productSubcodeId: rootsSized.id,
    productSize: 'XS',
    sortKey: 0,
    active: false,
  });
  const variableItem = await item({
    productSubcodeId: rootsSized.id,
    productSize: 'VD',
    sortKey: 0,
    productType: 'VARIABLE_DATA',
    productGroupId: null,
  });
  await db.insert(s.priceTiers).values([
    { productSubcodeId: rootsSized.id, quantity: 1000, price: '0.0800', currencyId: cad },
    { productSubcodeId: rootsSized.id, quantity: 1, price: '0.1000', currencyId: cad },
    { productSubcodeId: rootsSized.id, quantity: 1, price: '0.0750', currencyId: usd },
    { productSubcodeId: rootsSized.id, quantity: 1000, price: '0.0600', currencyId: usd },
  ]);
  await db.insert(s.costTiers).values([
    { productSubcodeId: rootsSized.id, quantity: 1000, price: '0.0300', currencyId: eur },
    { productSubcodeId: rootsSized.id, quantity: 1, price: '0.0400', currencyId: eur },
    { productSubcodeId: rootsSized.id, quantity: 1, price: '0.0450', currencyId: usd },
  ]);
  await db.insert(s.minValues).values([
    { productSubcodeId: rootsSized.id, currencyId: cad, price: '100.0000' },
    { productSubcodeId: rootsSized.id, currencyId: usd, price: '75.0000' },
  ]);

  // Roots, one item without a size, other group.
  const rootsSingle = await subcode({
    productSubcode: 'ZZFX-R-200',
    description: 'Fixture hang tag for Roots',
    customerId: roots,
  });
  const single = await item({
    productSubcodeId: rootsSingle.id,
    productSize: 'N/A',
    productGroupId: otherGroup.id,
  });

  // Roots, nothing active: never listed.
  const rootsInactive = await subcode({
    productSubcode: 'ZZFX-R-300',
    description: 'Fixture retired label',
    customerId: roots,
  });
  const retired = await item({ productSubcodeId: rootsInactive.id, productSize: 'S', active: false });

  // Dunnes Stores (vendor@example.com's vendor buys for Dunnes; vendor2's does not).
  const dunnesSized = await subcode({
    productSubcode: 'ZZFX-D-100',
    description: 'Fixture care label for Dunnes',
    customerId: dunnes,
  });
  const dunnesS = await item({ productSubcodeId: dunnesSized.id, productSize: 'S', sortKey: 1 });
  const dunnesM = await item({ productSubcodeId: dunnesSized.id, productSize: 'M', sortKey: 2 });
  await db
    .insert(s.priceTiers)
    .values({ productSubcodeId: dunnesSized.id, quantity: 1, price: '0.2000', currencyId: cad });

  // Roots subcodes for paging, in the other group.
  const paging: { productSubcode: string; productItemId: number }[] = [];
  for (let i = 1; i <= PAGING_SUBCODES; i++) {
    const sc = await subcode({
      productSubcode: `ZZFX-P-${String(i).padStart(2, '0')}`,
      description: `Fixture paging item ${i}`,
      customerId: roots,
    });
    const it = await item({ productSubcodeId: sc.id, productSize: 'OS', productGroupId: otherGroup.id });
    paging.push({ productSubcode: sc.productSubcode, productItemId: it.id });
  }

  return {
    customers: { roots, dunnes },
    currencies: { cad, usd, eur },
    region,
    factory,
    groups: { group, otherGroup },
    schemas: { lineSchema, sizeSchema },
    rootsSized: { subcode: rootsSized, sizeS, sizeM, sizeL, inactiveXS, variableItem },
    rootsSingle: { subcode: rootsSingle, item: single },
    rootsInactive: { subcode: rootsInactive, item: retired },
    dunnesSized: { subcode: dunnesSized, sizeS: dunnesS, sizeM: dunnesM },
    paging,
  };
}
