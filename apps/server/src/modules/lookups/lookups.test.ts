import { type Role, SIGNED_IN_ROLES } from '@selvedge/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  buildCustomer,
  buildFactory,
  buildSubcode,
  buildUser,
  buildVendor,
  createProductFixtures,
  currencyId,
  idOfUser,
  type ProductFixtures,
  vendorOfUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let f: ProductFixtures;
/** A vendor whose only customer has products in the fixture region only. */
const SOLO = 'solo.vendor@example.test';
/** A regional supervisor of the fixture region and of one factory that makes for Northwind. */
const SUPERVISOR = 'zz.supervisor@example.test';
let solo: { customerId: number; vendorId: number };
let northwind: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createProductFixtures(t.db);
  const customer = await buildCustomer(t.db, { companyName: 'Zz Solo Customer', parserType: 'NONE' });
  const vendor = await buildVendor(t.db, {
    companyName: 'Zz Solo Vendor',
    currencyTypeId: await currencyId(t.db, 'GBP'),
    customerIds: [customer.id],
  });
  await buildSubcode(t.db, {
    productSubcode: 'ZZSOLO-1',
    description: 'Solo label',
    customerId: customer.id,
    factoryId: f.factory.id,
    productCodeId: f.rootsSized.subcode.productCodeId,
    packSize: 1,
    minOrderQuantity: 0,
    prices: {},
    costs: {},
    sizes: ['OS'],
  });
  await buildUser(t.db, { role: 'VENDOR', email: SOLO, vendorIds: [vendor.id] });
  solo = { customerId: customer.id, vendorId: vendor.id };

  northwind = (
    await t.db.select().from(s.customers).where(eq(s.customers.companyName, 'Northwind Outfitters'))
  )[0]?.id;
  northwind ??= (await buildCustomer(t.db, { companyName: 'Northwind Outfitters' })).id;
  const nwFactory = await buildFactory(t.db, {
    name: 'Zz Northwind Mill',
    shortCode: 'ZZNW',
    regionId: f.region.id,
    customerIds: [northwind],
  });
  await buildUser(t.db, {
    role: 'FACTORY_ACCOUNT',
    email: SUPERVISOR,
    factoryIds: [nwFactory.id],
    regionIds: [f.region.id],
  });
});
afterAll(() => t?.close());

type Who = Role | 'VENDOR2' | string;
const emailTokens = new Map<string, string>();
const tokenOf = async (email: string) => {
  if (!emailTokens.has(email)) emailTokens.set(email, await t.login(email));
  return emailTokens.get(email) as string;
};
const get = async (who: Who | null, url: string) => {
  const token = who === null ? null : who.includes('@') ? await tokenOf(who) : await t.tokenFor(who as Role);
  return t.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers: token ? t.auth(token) : {} });
};
const ok = async (who: Who, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const ENDPOINTS = [
  '/has-vendor',
  '/user-permissions',
  '/refs/currency-types',
  '/refs/product-group',
  '/vendors',
  '/customers',
  '/entity/production-regions',
  '/entity/product-search-production-regions',
  '/customer-default-is-equal-to?defaultName=VARIABLE_DATA_STYLE_NUMBER_REQUIRED&isEqualTo=true',
  '/orders/max-artwork-upload-size',
];

describe('lookups: access', () => {
  it('answers every signed-in role (no role is refused a lookup)', async () => {
    for (const role of SIGNED_IN_ROLES) {
      for (const url of ENDPOINTS) expect((await get(role, url)).statusCode, `${role} ${url}`).toBe(200);
    }
  });
  it('documents the lookups in OpenAPI under the lookups tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json();
    for (const url of ENDPOINTS) {
      const path = `/api/v1.0${url.split('?')[0]}`;
      expect(doc.paths[path]?.get?.tags, path).toEqual(['lookups']);
    }
  });
});

describe('GET /refs/currency-types and /refs/product-group and /entity/production-regions', () => {
  it('answers the currencies with their ISO codes as names', async () => {
    const rows = await t.db.select().from(s.currencies).orderBy(asc(s.currencies.id));
    const body = await ok('VENDOR', '/refs/currency-types');
    expect(body.currencyTypes).toEqual(rows.map((r) => ({ id: r.id, name: r.code })));
    expect(body.currencyTypes.every((c: { name: string }) => /^[A-Z]{3}$/.test(c.name))).toBe(true);
  });
  it('answers every product group with value and display name', async () => {
    const rows = await t.db.select().from(s.productGroups);
    const body = await ok('CSR', '/refs/product-group');
    expect(body.productGroups).toHaveLength(rows.length);
    expect(body.productGroups).toContainEqual({
      id: expect.any(Number),
      value: 'ZZ_FIXTURE_GROUP',
      displayName: 'Zz Fixture Group',
    });
  });
  it('answers every production region, by name', async () => {
    const rows = await t.db.select().from(s.productionRegions);
    const body = await ok('FINANCE', '/entity/production-regions');
    expect(body.productionRegions).toHaveLength(rows.length);
    expect(body.productionRegions).toContainEqual({
      id: f.region.id,
      productionRegionName: 'Zz Fixture Region',
    });
  });
});

describe('GET /has-vendor', () => {
  it('is true for a user linked to a vendor, false otherwise', async () => {
    expect(await ok('VENDOR', '/has-vendor')).toEqual({ hasVendor: true });
    expect(await ok('CSR', '/has-vendor')).toEqual({ hasVendor: false });
  });
});

describe('GET /user-permissions', () => {
  it("answers each per-user permission as the role's admission and the user's own flag together", async () => {
    // The demo ACCOUNT user holds both flags (decision 0040).
    expect(await ok('ACCOUNT', '/user-permissions')).toEqual({ canUpdateInventory: true, canRestock: true });
    const plain = 'zz.account.noflags@example.test';
    await buildUser(t.db, { role: 'ACCOUNT', email: plain });
    expect(await ok(plain, '/user-permissions')).toEqual({ canUpdateInventory: false, canRestock: false });
    // A flag on a role the permission does not admit grants nothing: CSR may update inventory, not restock.
    const csr = 'zz.csr.flags@example.test';
    await buildUser(t.db, { role: 'CSR', email: csr });
    await t.db
      .update(s.users)
      .set({ canRestock: true, canUpdateInventory: true })
      .where(eq(s.users.email, csr));
    await t.app.sessionCacheSync();
    expect(await ok(csr, '/user-permissions')).toEqual({ canUpdateInventory: true, canRestock: false });
  });
});

describe('GET /vendors', () => {
  it('answers a vendor its own vendors only, with their customers', async () => {
    const v2 = await vendorOfUser(t.db, 'vendor2@example.com');
    const body = await ok('VENDOR2', '/vendors');
    expect(body.vendors.map((v: { id: number }) => v.id)).toEqual([v2.id]);
    expect(body.customerVendors).toContainEqual({ customerId: f.customers.roots, vendorId: v2.id });
    expect(body.customerVendors.every((cv: { vendorId: number }) => cv.vendorId === v2.id)).toBe(true);
    expect(
      body.customerVendors.some((cv: { customerId: number }) => cv.customerId === f.customers.dunnes),
    ).toBe(false);

    const v1 = await vendorOfUser(t.db, 'vendor@example.com');
    const mine = await ok('VENDOR', '/vendors');
    expect(mine.vendors).toEqual([{ id: v1.id, name: 'Dhaka Knitwear Ltd.' }]);
    expect(mine.customerVendors).toEqual(
      expect.arrayContaining([
        { customerId: f.customers.roots, vendorId: v1.id },
        { customerId: f.customers.dunnes, vendorId: v1.id },
      ]),
    );
  });
  it('answers ADMIN every vendor and link', async () => {
    const vendors = await t.db.select().from(s.vendors);
    const links = await t.db.select().from(s.vendorCustomers);
    const body = await ok('ADMIN', '/vendors');
    expect(body.vendors).toHaveLength(vendors.length);
    expect(body.customerVendors).toHaveLength(links.length);
  });
  it('answers other roles the vendors buying for their customers, linked to those customers only', async () => {
    const userId = await idOfUser(t.db, 'customer@example.com');
    const mine = (await t.db.select().from(s.userCustomers).where(eq(s.userCustomers.userId, userId))).map(
      (r) => r.customerId,
    );
    const expected = await t.db
      .select()
      .from(s.vendorCustomers)
      .where(inArray(s.vendorCustomers.customerId, mine));
    const body = await ok('CUSTOMER', '/vendors');
    expect(body.customerVendors).toHaveLength(expected.length);
    expect(body.customerVendors.every((cv: { customerId: number }) => mine.includes(cv.customerId))).toBe(
      true,
    );
    expect(new Set(body.vendors.map((v: { id: number }) => v.id))).toEqual(
      new Set(expected.map((e) => e.vendorId)),
    );
    expect(body.vendors.some((v: { id: number }) => v.id === solo.vendorId)).toBe(false);
  });
});

describe('GET /customers', () => {
  const ids = (body: { customers: { id: number }[] }) =>
    body.customers.map((c) => c.id).sort((a, b) => a - b);

  it("answers a vendor the customers of its vendors, with ordering's settings", async () => {
    const body = await ok('VENDOR2', '/customers');
    expect(ids(body)).toContain(f.customers.roots);
    expect(ids(body)).not.toContain(f.customers.dunnes);
    const roots = body.customers.find((c: { id: number }) => c.id === f.customers.roots);
    expect(roots).toEqual({
      id: f.customers.roots,
      companyName: 'Roots',
      parserType: 'DELIMITED_ROOTS',
      specialInstructionsLimit: expect.any(Number),
      copyrightShow: expect.any(Boolean),
      fabricCompositionShow: expect.any(Boolean),
    });
    expect(ids(await ok(SOLO, '/customers'))).toEqual([solo.customerId]);
  });
  it('answers CUSTOMER, CSR, ACCOUNT and FINANCE their assigned customers', async () => {
    for (const [role, email] of [
      ['CUSTOMER', 'customer@example.com'],
      ['CSR', 'csr@example.com'],
      ['ACCOUNT', 'account@example.com'],
      ['FINANCE', 'finance@example.com'],
    ] as const) {
      const userId = await idOfUser(t.db, email);
      const mine = (await t.db.select().from(s.userCustomers).where(eq(s.userCustomers.userId, userId))).map(
        (r) => r.customerId,
      );
      expect(ids(await ok(role, '/customers')), role).toEqual(mine.sort((a, b) => a - b));
    }
  });
  it('answers a regional supervisor the customers of its factories and of subcodes made in its regions', async () => {
    const body = await ok(SUPERVISOR, '/customers');
    // fixture region: Roots, Dunnes and the solo customer have subcodes there; Northwind through its factory
    expect(ids(body)).toEqual(
      [f.customers.roots, f.customers.dunnes, solo.customerId, northwind].sort((a, b) => a - b),
    );
  });
  it('answers ADMIN every customer', async () => {
    const all = await t.db.select().from(s.customers);
    expect(ids(await ok('ADMIN', '/customers'))).toEqual(all.map((c) => c.id).sort((a, b) => a - b));
  });
});

describe('GET /entity/product-search-production-regions', () => {
  it('answers the regions where the user has products, and defaults to the only one', async () => {
    expect(await ok(SOLO, '/entity/product-search-production-regions')).toEqual({
      productionRegions: [{ id: f.region.id, productionRegionName: 'Zz Fixture Region' }],
      productionRegion: f.region.id,
    });
  });
  it('answers no default when there are several, and only regions with the user’s products', async () => {
    const body = await ok('VENDOR2', '/entity/product-search-production-regions');
    expect(body.productionRegions.length).toBeGreaterThan(1);
    expect(body.productionRegion).toBeNull();
    const v2 = await vendorOfUser(t.db, 'vendor2@example.com');
    const customers = (
      await t.db.select().from(s.vendorCustomers).where(eq(s.vendorCustomers.vendorId, v2.id))
    ).map((r) => r.customerId);
    const expected = await t.db
      .selectDistinct({ id: s.factories.productionRegionId })
      .from(s.productSubcodes)
      .innerJoin(s.factories, eq(s.factories.id, s.productSubcodes.factoryId))
      .innerJoin(s.productItems, eq(s.productItems.productSubcodeId, s.productSubcodes.id))
      .where(and(inArray(s.productSubcodes.customerId, customers), eq(s.productItems.active, true)));
    expect(new Set(body.productionRegions.map((r: { id: number }) => r.id))).toEqual(
      new Set(expected.map((e) => e.id)),
    );
  });
  it('answers FINANCE (no products) an empty list', async () => {
    expect(await ok('FINANCE', '/entity/product-search-production-regions')).toEqual({
      productionRegions: [],
      productionRegion: null,
    });
  });
});

describe('GET /customer-default-is-equal-to', () => {
  beforeAll(async () => {
    // customer_defaults has no factory: two rows of one setting, written where they are read.
    await t.db.insert(s.customerDefaults).values([
      { customerId: f.customers.dunnes, defaultName: 'ZZ_FIXTURE_FLAG', defaultValue: 'true' },
      { customerId: f.customers.roots, defaultName: 'ZZ_FIXTURE_FLAG', defaultValue: 'false' },
    ]);
  });
  const url = (name: string, value: string) =>
    `/customer-default-is-equal-to?defaultName=${encodeURIComponent(name)}&isEqualTo=${encodeURIComponent(value)}`;

  it('is true when a customer the user may order for has that value (case-insensitive)', async () => {
    expect(await ok('VENDOR', url('ZZ_FIXTURE_FLAG', 'true'))).toEqual({ value: true });
    expect(await ok('VENDOR', url('ZZ_FIXTURE_FLAG', 'TRUE'))).toEqual({ value: true });
    expect(await ok('ADMIN', url('ZZ_FIXTURE_FLAG', 'true'))).toEqual({ value: true });
  });
  it("is false when only another tenant's customer has it", async () => {
    expect(await ok('VENDOR2', url('ZZ_FIXTURE_FLAG', 'true'))).toEqual({ value: false });
    expect(await ok('VENDOR2', url('ZZ_FIXTURE_FLAG', 'false'))).toEqual({ value: true });
    expect(await ok(SOLO, url('ZZ_FIXTURE_FLAG', 'false'))).toEqual({ value: false });
    expect(await ok('VENDOR', url('NO_SUCH_DEFAULT', 'true'))).toEqual({ value: false });
  });
  it('answers 400 naming the missing field', async () => {
    const noValue = await get('VENDOR', '/customer-default-is-equal-to?defaultName=ZZ_FIXTURE_FLAG');
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().field).toBe('isEqualTo');
    const noName = await get('VENDOR', '/customer-default-is-equal-to?isEqualTo=true');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().field).toBe('defaultName');
  });
});

describe('GET /orders/max-artwork-upload-size', () => {
  it('answers the configured maximum in bytes and MB', async () => {
    const mb = t.config.maxArtworkUploadMb;
    expect(await ok('CSR', '/orders/max-artwork-upload-size')).toEqual({
      maxSizeInBytes: mb * 1024 * 1024,
      maxSizeInMB: mb,
    });
  });
});
