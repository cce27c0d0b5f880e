/**
 * Test factories for the parties (master-data §Parties): users with their assignments, production
 * regions, factories, customers and vendors, plus lookups of the demo data's rows by name. Every
 * `build…` factory takes the test database, writes one row (and its links) and returns what it made;
 * names are unique per call unless the test gives its own, so tests can build as many as they like.
 */
import type { Role } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords';
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { DEMO_PASSWORD } from '../../seed/demo';

let seq = 0;
/** A name part unique in this process (time plus a counter, base 36). */
export const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
let passwordHash: Promise<string> | undefined;

/** The id of the user with `email`; throws when there is none. */
export async function idOfUser(db: Db, email: string) {
  const row = (await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email)))[0];
  if (!row) throw new Error(`test data has no user ${email}`);
  return row.id;
}

/** The id of the customer named `companyName`; throws when there is none. */
export async function idOfCustomer(db: Db, companyName: string) {
  const row = (
    await db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.companyName, companyName))
  )[0];
  if (!row) throw new Error(`test data has no customer ${companyName}`);
  return row.id;
}

/** The first vendor (lowest id) of the user with `email`, with its name and currency; throws when it has none. */
export async function vendorOfUser(db: Db, email: string) {
  const rows = await db
    .select({
      id: s.vendors.id,
      name: s.vendors.companyName,
      currencyCode: s.currencies.code,
      currencyId: s.currencies.id,
    })
    .from(s.userVendors)
    .innerJoin(s.vendors, eq(s.vendors.id, s.userVendors.vendorId))
    .innerJoin(s.currencies, eq(s.currencies.id, s.vendors.currencyTypeId))
    .where(eq(s.userVendors.userId, await idOfUser(db, email)))
    .orderBy(s.vendors.id);
  if (!rows[0]) throw new Error(`test data: ${email} has no vendor`);
  return rows[0];
}

/** The id of the currency `code` (e.g. 'CAD'), made (with its code as name) when missing. */
export async function currencyId(db: Db, code: string) {
  await db.insert(s.currencies).values({ code, name: code }).onConflictDoNothing();
  return (await db.select({ id: s.currencies.id }).from(s.currencies).where(eq(s.currencies.code, code)))[0]!
    .id;
}

/**
 * Ids of the demo data's parties (by the names in seed/data.ts): the vendors of vendor@ and
 * vendor2@example.com, the customers Roots and Dunnes Stores, and the factory DHK with its region.
 */
export async function demoParties(db: Db) {
  const dhk = (
    await db
      .select({ id: s.factories.id, regionId: s.factories.productionRegionId })
      .from(s.factories)
      .where(eq(s.factories.shortCode, 'DHK'))
  )[0];
  if (!dhk) throw new Error('demo data has no factory DHK');
  const [vendor, vendor2, rootsId, dunnesId] = await Promise.all([
    vendorOfUser(db, 'vendor@example.com'),
    vendorOfUser(db, 'vendor2@example.com'),
    idOfCustomer(db, 'Roots'),
    idOfCustomer(db, 'Dunnes Stores'),
  ]);
  return {
    vendorId: vendor.id,
    vendor2Id: vendor2.id,
    rootsId,
    dunnesId,
    factoryId: dhk.id,
    regionId: dhk.regionId,
  };
}

/**
 * A user of `role` with the given assignments, active, mail on, password DEMO_PASSWORD. The email
 * defaults to a unique `<role>.…@factory.test`; the contact name to the email when one is given,
 * else to a unique `<role> …`. Returns `{ id, email }`.
 */
export async function buildUser(
  db: Db,
  opts: {
    role: Role;
    email?: string;
    name?: string;
    active?: boolean;
    emailEnabled?: boolean;
    customerIds?: number[];
    vendorIds?: number[];
    factoryIds?: number[];
    regionIds?: number[];
  },
) {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const email = opts.email ?? `${opts.role.toLowerCase()}.${unique()}@factory.test`;
  const [user] = await db
    .insert(s.users)
    .values({
      email,
      contactName: opts.name ?? opts.email ?? `${opts.role} ${unique()}`,
      role: opts.role,
      active: opts.active ?? true,
      emailEnabled: opts.emailEnabled ?? true,
      passwordHash: await passwordHash,
      passwordChangedAt: new Date(),
    })
    .returning({ id: s.users.id });
  const id = user!.id;
  const link = async <T>(ids: number[] | undefined, insert: (ids: number[]) => Promise<T>) => {
    if (ids?.length) await insert(ids);
  };
  await link(opts.customerIds, (ids) =>
    db.insert(s.userCustomers).values(ids.map((customerId) => ({ userId: id, customerId }))),
  );
  await link(opts.vendorIds, (ids) =>
    db.insert(s.userVendors).values(ids.map((vendorId) => ({ userId: id, vendorId }))),
  );
  await link(opts.factoryIds, (ids) =>
    db.insert(s.userFactories).values(ids.map((factoryId) => ({ userId: id, factoryId }))),
  );
  await link(opts.regionIds, (ids) =>
    db.insert(s.userRegions).values(ids.map((productionRegionId) => ({ userId: id, productionRegionId }))),
  );
  return { id, email };
}

/** A production region named `name` (default a unique 'Test Region …'). Returns the row. */
export async function buildRegion(db: Db, name?: string) {
  const [region] = await db
    .insert(s.productionRegions)
    .values({ productionRegionName: name ?? `Test Region ${unique()}` })
    .returning();
  return region!;
}

/**
 * A factory in `regionId`; name defaults to 'Test Mill <shortCode>', short code to a unique one,
 * other columns (address, telephone, cost currency) to the table's defaults unless given. With
 * `customerIds`, the factory makes for those customers (factory_customers). Returns the row.
 */
export async function buildFactory(
  db: Db,
  opts: Partial<typeof s.factories.$inferInsert> & { regionId: number; customerIds?: number[] },
) {
  const { regionId, customerIds, ...values } = opts;
  const shortCode = values.shortCode ?? `F${unique().toUpperCase()}`;
  const [factory] = await db
    .insert(s.factories)
    .values({ name: `Test Mill ${shortCode}`, ...values, shortCode, productionRegionId: regionId })
    .returning();
  if (customerIds?.length) {
    await db
      .insert(s.factoryCustomers)
      .values(customerIds.map((customerId) => ({ factoryId: factory!.id, customerId })));
  }
  return factory!;
}

/** A customer named `companyName` (default a unique 'Test Brand …'), other columns as given. Returns the row. */
export async function buildCustomer(db: Db, values: Partial<typeof s.customers.$inferInsert> = {}) {
  const [customer] = await db
    .insert(s.customers)
    .values({ companyName: `Test Brand ${unique()}`, ...values })
    .returning();
  return customer!;
}

/**
 * A vendor named `companyName` (default a unique 'Test Knits …'), other columns as given; with
 * `customerIds`, the vendor buys for those customers (vendor_customers). Returns the row.
 */
export async function buildVendor(
  db: Db,
  opts: Partial<typeof s.vendors.$inferInsert> & { customerIds?: number[] } = {},
) {
  const { customerIds, ...values } = opts;
  const [vendor] = await db
    .insert(s.vendors)
    .values({ companyName: `Test Knits ${unique()}`, ...values })
    .returning();
  if (customerIds?.length) {
    await db
      .insert(s.vendorCustomers)
      .values(customerIds.map((customerId) => ({ vendorId: vendor!.id, customerId })));
  }
  return vendor!;
}
