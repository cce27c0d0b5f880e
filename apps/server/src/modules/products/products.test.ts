import {
  type ProductDetailsResponse,
  type ProductItemDetails,
  type ProductSearchResponse,
  type Role,
  SIGNED_IN_ROLES,
} from '@selvedge/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  buildOrder,
  buildOrderLine,
  cartOf,
  createProductFixtures,
  idOfUser,
  PAGING_SUBCODES,
  type ProductFixtures,
  vendorOfUser,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let f: ProductFixtures;
/** vendor@example.com's two lines of ZZFX-R-100 and vendor2's line. */
let line1: number;
let line2: number;
let vendor2Line: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await createProductFixtures(t.db);
  const v1 = await vendorOfUser(t.db, 'vendor@example.com');
  const cart = await cartOf(t.db, 'vendor@example.com', {
    vendorId: v1.id,
    customerId: f.customers.roots,
    productionRegionId: f.region.id,
    priceCurrencyId: v1.currencyId,
  });
  const r = f.rootsSized;
  line1 = await buildOrderLine(t.db, {
    orderId: cart,
    productSubcodeId: r.subcode.id,
    sizes: [
      { productItemId: r.sizeS.id, quantity: 20, attributesItem: { 'Size Note': 'short' } },
      { productItemId: r.sizeM.id, quantity: 30 },
    ],
    attributes: { 'Thread Colour': 'Navy', 'Style Ref': 'ABC-1' },
  });
  line2 = await buildOrderLine(t.db, {
    orderId: cart,
    productSubcodeId: r.subcode.id,
    sizes: [
      { productItemId: r.sizeL.id, quantity: 10 },
      { productItemId: r.sizeM.id, quantity: 5 },
    ],
  });
  const v2 = await vendorOfUser(t.db, 'vendor2@example.com');
  const cart2 = await cartOf(t.db, 'vendor2@example.com', { vendorId: v2.id, customerId: f.customers.roots });
  vendor2Line = await buildOrderLine(t.db, {
    orderId: cart2,
    productSubcodeId: f.rootsSingle.subcode.id,
    sizes: [{ productItemId: f.rootsSingle.item.id, quantity: 5 }],
  });
});
afterAll(() => t?.close());

type Who = Role | 'VENDOR2';
const get = async (who: Who | null, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1.0${url}`,
    headers: who ? t.auth(await t.tokenFor(who as Role)) : {},
  });
const search = (who: Who, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return get(who, `/products?${params}`);
};
const details = async (who: Who, ids: string) => {
  const res = await get(who, `/products/details?ids=${ids}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductDetailsResponse;
};
const subcodesOf = (body: ProductSearchResponse) => body.products.map((p) => p.productSubcode);

describe('GET /products', () => {
  const url = () => `/products?productionRegion=${f.region.id}&productGroup=ZZ_FIXTURE_GROUP`;

  it('answers every role that may see products (all but FINANCE)', async () => {
    for (const role of SIGNED_IN_ROLES.filter((r) => r !== 'FINANCE')) {
      expect((await get(role, url())).statusCode, role).toBe(200);
    }
  });

  it('answers 400 naming the field: production region required, then a group or a text', async () => {
    const noRegion = await search('VENDOR', { productGroup: 'ZZ_FIXTURE_GROUP' });
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().field).toBe('productionRegion');
    expect(noRegion.json().message).toMatch(/^Production region is required/);
    const neither = await search('VENDOR', { productionRegion: f.region.id });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/productGroup/);
    expect(neither.json().message).toMatch(/search/);
    const blank = await search('VENDOR', { productionRegion: f.region.id, search: '   ', productGroup: '' });
    expect(blank.statusCode).toBe(400);
    for (const bad of [
      { productionRegion: 'abc', search: 'x' },
      { productionRegion: 0, search: 'x' },
      { productionRegion: f.region.id, search: 'x', page: -1 },
      { productionRegion: f.region.id, search: 'x', size: 0 },
      { productionRegion: f.region.id, search: 'x'.repeat(101) },
    ]) {
      const res = await search('VENDOR', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('answers 400 for an unknown region or product group', async () => {
    const region = await search('VENDOR', { productionRegion: 999999, search: 'x' });
    expect(region.statusCode).toBe(400);
    expect(region.json()).toEqual({
      field: 'productionRegion',
      message: 'The chosen production region does not exist.',
    });
    const group = await search('VENDOR', { productionRegion: f.region.id, productGroup: 'NO_SUCH_GROUP' });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toEqual({
      field: 'productGroup',
      message: 'The chosen product group does not exist.',
    });
  });

  it('lists one row per subcode with an active STANDARD item in the group, its first item by sortKey', async () => {
    const res = await search('VENDOR', { productionRegion: f.region.id, productGroup: 'ZZ_FIXTURE_GROUP' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProductSearchResponse;
    expect(subcodesOf(body)).toEqual(['ZZFX-D-100', 'ZZFX-R-100']);
    expect(body.products[1]).toEqual({
      productItemId: f.rootsSized.sizeS.id,
      productSubcode: 'ZZFX-R-100',
      description: 'Fixture woven label for Roots',
      rfid: false,
    });
    expect(body.products[0].productItemId).toBe(f.dunnesSized.sizeS.id);
    expect(body).toMatchObject({ currentPage: 0, pageSize: 50, lastPage: true, totalItems: 2 });
  });

  it('scopes rows to the customers the user may order for: vendor2 never sees Dunnes', async () => {
    const res = await search('VENDOR2', { productionRegion: f.region.id, productGroup: 'ZZ_FIXTURE_GROUP' });
    expect(subcodesOf(res.json())).toEqual(['ZZFX-R-100']);
    const customer = await search('CUSTOMER', {
      productionRegion: f.region.id,
      productGroup: 'ZZ_FIXTURE_GROUP',
    });
    expect(subcodesOf(customer.json())).toEqual(['ZZFX-R-100']); // customer@example.com is a Roots user
  });

  it('law: across every region and group, vendor2 sees only subcodes of its vendors’ customers', async () => {
    const userId = await idOfUser(t.db, 'vendor2@example.com');
    const allowed = new Set(
      (
        await t.db
          .select({ id: s.vendorCustomers.customerId })
          .from(s.vendorCustomers)
          .innerJoin(s.userVendors, eq(s.userVendors.vendorId, s.vendorCustomers.vendorId))
          .where(eq(s.userVendors.userId, userId))
      ).map((r) => r.id),
    );
    expect(allowed.has(f.customers.dunnes)).toBe(false);
    const regions = await t.db.select({ id: s.productionRegions.id }).from(s.productionRegions);
    const groups = await t.db.select({ value: s.productGroups.value }).from(s.productGroups);
    const seen: number[] = [];
    for (const r of regions) {
      for (const g of groups) {
        const body = (
          await search('VENDOR2', { productionRegion: r.id, productGroup: g.value, size: 500 })
        ).json();
        seen.push(...body.products.map((p: { productItemId: number }) => p.productItemId));
      }
    }
    expect(seen.length).toBeGreaterThan(0);
    const owners = await t.db
      .select({ customerId: s.productSubcodes.customerId })
      .from(s.productItems)
      .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.productItems.productSubcodeId))
      .where(inArray(s.productItems.id, seen));
    expect(owners.every((o) => allowed.has(o.customerId))).toBe(true);
  });

  it('searches subcode and description, case-insensitive, anywhere; ignores the group then', async () => {
    const byDescription = await search('VENDOR', {
      productionRegion: f.region.id,
      search: 'care LABEL for dunnes',
    });
    expect(subcodesOf(byDescription.json())).toEqual(['ZZFX-D-100']);
    const byCode = await search('VENDOR', { productionRegion: f.region.id, search: 'zzfx-r-' });
    expect(subcodesOf(byCode.json())).toEqual(['ZZFX-R-100', 'ZZFX-R-200']);
    const both = await search('VENDOR', {
      productionRegion: f.region.id,
      productGroup: 'ZZ_FIXTURE_OTHER',
      search: 'zzfx-r',
    });
    expect(subcodesOf(both.json())).toEqual(['ZZFX-R-200']);
  });

  it('treats % and _ in the text literally', async () => {
    for (const text of ['%', '_', 'ZZFX_R']) {
      const res = await search('VENDOR', { productionRegion: f.region.id, search: text });
      expect(res.json().totalItems, text).toBe(0);
    }
  });

  it('never lists a subcode without an active STANDARD item, nor one made in another region', async () => {
    const res = await search('ADMIN', { productionRegion: f.region.id, search: 'ZZFX-R-300' });
    expect(res.json().totalItems).toBe(0);
    const [other] = await t.db
      .select()
      .from(s.productionRegions)
      .where(sql`${s.productionRegions.id} <> ${f.region.id}`)
      .limit(1);
    const elsewhere = await search('ADMIN', { productionRegion: other.id, search: 'ZZFX' });
    expect(elsewhere.json().totalItems).toBe(0);
  });

  it('pages in order of subcode with the paging info', async () => {
    const pageOf = async (page: number) =>
      (
        await search('VENDOR', { productionRegion: f.region.id, search: 'ZZFX-P-', page, size: 10 })
      ).json() as ProductSearchResponse;
    const pages = [await pageOf(0), await pageOf(1), await pageOf(2), await pageOf(3)];
    expect(pages.map((p) => p.products.length)).toEqual([10, 10, PAGING_SUBCODES - 20, 0]);
    expect(pages.map((p) => p.lastPage)).toEqual([false, false, true, true]);
    expect(pages.map((p) => p.currentPage)).toEqual([0, 1, 2, 3]);
    for (const p of pages) expect(p).toMatchObject({ pageSize: 10, totalItems: PAGING_SUBCODES });
    const listed = pages.flatMap((p) => p.products);
    expect(listed).toEqual(
      [...f.paging]
        .sort((a, b) => (a.productSubcode < b.productSubcode ? -1 : 1))
        .map((p) => ({
          ...p,
          description: `Fixture paging item ${Number(p.productSubcode.slice(-2))}`,
          rfid: false,
        })),
    );
  });

  it('defaults to page 0 of 50', async () => {
    const body = (await search('VENDOR', { productionRegion: f.region.id, search: 'ZZFX' })).json();
    expect(body).toMatchObject({
      currentPage: 0,
      pageSize: 50,
      lastPage: true,
      totalItems: PAGING_SUBCODES + 3,
    });
  });
});

describe('GET /products/details', () => {
  const r = () => f.rootsSized;
  const entry = (body: ProductDetailsResponse, subcode: string) => {
    const e = body.products.find((p) => p.productSubcode === subcode);
    expect(e, subcode).toBeDefined();
    return e as ProductItemDetails;
  };

  it("answers 400 'Invalid URL params' for bad ids", async () => {
    for (const ids of ['abc', '1,x', '0', '-1', '1.5', '', '1,,2', `${'1,'.repeat(101)}1`]) {
      const res = await get('VENDOR', `/products/details?ids=${encodeURIComponent(ids)}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().message, ids).toContain('Invalid URL params');
    }
    const missing = await get('VENDOR', '/products/details');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Invalid URL params');
  });

  it("answers 404 for another tenant's product: vendor2 opening a Dunnes product", async () => {
    const fixture = await get('VENDOR2', `/products/details?ids=${f.dunnesSized.sizeS.id}`);
    expect(fixture.statusCode).toBe(404);
    expect(fixture.json()).toEqual({ message: 'Product not found.' });
    // and a Dunnes product of the demo data, whatever its id
    const [demo] = await t.db
      .select({ id: s.productItems.id })
      .from(s.productItems)
      .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.productItems.productSubcodeId))
      .where(and(eq(s.productSubcodes.customerId, f.customers.dunnes), eq(s.productItems.active, true)))
      .orderBy(s.productItems.id)
      .limit(1);
    expect((await get('VENDOR2', `/products/details?ids=${demo.id}`)).statusCode).toBe(404);
    // one foreign id spoils the whole call
    expect(
      (await get('VENDOR2', `/products/details?ids=${r().sizeS.id},${f.dunnesSized.sizeS.id}`)).statusCode,
    ).toBe(404);
    // the vendor that buys for Dunnes opens it
    expect((await get('VENDOR', `/products/details?ids=${f.dunnesSized.sizeS.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, inactive or non-STANDARD item', async () => {
    for (const id of [99999999, r().inactiveXS.id, r().variableItem.id, f.rootsInactive.item.id]) {
      expect((await get('ADMIN', `/products/details?ids=${id}`)).statusCode, String(id)).toBe(404);
    }
  });

  it('answers one entry per subcode with every active STANDARD size by sortKey (vendor view)', async () => {
    const body = await details('VENDOR', `${r().sizeM.id}`);
    expect(body.productType).toBe('STANDARD');
    expect(body.products).toHaveLength(1);
    const p = body.products[0];
    expect(p).toMatchObject({
      productItemId: r().sizeS.id,
      productSubcodeId: r().subcode.id,
      productSubcode: 'ZZFX-R-100',
      description: 'Fixture woven label for Roots',
      productType: 'STANDARD',
      customerId: f.customers.roots,
      customer: 'Roots',
      productionRegionId: f.region.id,
      packSize: 10,
      minOrderQuantity: 50,
      defaultOrderQuantity: 100,
      hasSizes: true,
      hasInventory: true,
      productImagePath: 'fixtures/zzfx-r-100.png',
      productImageType: 'image/png',
      priceCurrency: 'CAD',
      costCurrency: 'EUR',
    });
    expect(p.items.map((i) => [i.productItemId, i.productSize, i.sortKey])).toEqual([
      [r().sizeS.id, 'S', 1],
      [r().sizeM.id, 'M', 2],
      [r().sizeL.id, 'L', 3],
    ]);
    expect(p.attributes).toEqual([
      { name: 'Style Ref', type: 'STRING', options: [], value: null },
      { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Navy'], value: null },
    ]);
    expect(p.items[0].attributes).toEqual([{ name: 'Size Note', type: 'STRING', options: [], value: null }]);
    expect(p.items[1].attributes).toEqual([]);
    expect(p.items[2].attributes).toEqual([]); // L's schema is the subcode's own
    expect(p.items.map((i) => i.defaultOrderQuantity)).toEqual([100, 200, 0]);
  });

  it("prices in the vendor's currency only, quantity ascending, with the minimum value; no costs or inventory for VENDOR", async () => {
    const p = (await details('VENDOR', `${r().sizeS.id}`)).products[0];
    expect(p.prices).toEqual([
      { quantity: 1, price: '0.1000', currency: 'CAD' },
      { quantity: 1000, price: '0.0800', currency: 'CAD' },
    ]);
    expect(p.minValue).toEqual({ currency: 'CAD', price: '100.0000' });
    expect(p).not.toHaveProperty('costs');
    for (const i of p.items) {
      expect(i).not.toHaveProperty('inventoryQuantity');
      expect(i).not.toHaveProperty('inventoryMax');
    }
    const usd = (await details('VENDOR2', `${r().sizeS.id}`)).products[0];
    expect(usd.priceCurrency).toBe('USD');
    expect(usd.prices?.map((x) => x.currency)).toEqual(['USD', 'USD']);
    expect(usd.minValue).toEqual({ currency: 'USD', price: '75.0000' });
  });

  it('leaves prices out for CSR and shows costs in the factory currency', async () => {
    const body = await details('CSR', `${r().sizeS.id}`);
    const p = body.products[0];
    expect(p).not.toHaveProperty('prices');
    expect(p).not.toHaveProperty('minValue');
    expect(p.costs).toEqual([
      { quantity: 1, price: '0.0400', currency: 'EUR' },
      { quantity: 1000, price: '0.0300', currency: 'EUR' },
    ]);
    expect(p.priceCurrency).toBeNull();
    expect(p.items[0]).not.toHaveProperty('inventoryQuantity');
    expect(body).toMatchObject({ canUpdateInventory: false, canRestock: false });
  });

  it('shows inventory and costs but not prices to ACCOUNT', async () => {
    const p = (await details('ACCOUNT', `${r().sizeS.id}`)).products[0];
    expect(p).not.toHaveProperty('prices');
    expect(p.costs?.length).toBe(2);
    expect(p.items[0]).toMatchObject({
      productSize: 'S',
      inventoryQuantity: 40,
      inventoryMax: 500,
      hasInventory: true,
    });
    expect(p.items[1]).toMatchObject({
      productSize: 'M',
      inventoryQuantity: 0,
      inventoryMax: 0,
      hasInventory: false,
    });
  });

  it('prices in the house currency (USD) for a price role without a vendor (CUSTOMER, FACTORY_ACCOUNT)', async () => {
    const p = (await details('CUSTOMER', `${r().sizeS.id}`)).products[0];
    expect(p.priceCurrency).toBe('USD');
    expect(p.prices).toEqual([
      { quantity: 1, price: '0.0750', currency: 'USD' },
      { quantity: 1000, price: '0.0600', currency: 'USD' },
    ]);
    expect(p.minValue).toEqual({ currency: 'USD', price: '75.0000' });
    expect(p).not.toHaveProperty('costs');
    const supervisor = (await details('FACTORY_ACCOUNT', `${r().sizeS.id}`)).products[0];
    expect(supervisor.priceCurrency).toBe('USD');
    expect(supervisor.prices?.every((x) => x.currency === 'USD')).toBe(true);
  });

  it('shows both prices and costs to ADMIN, prices in its vendor currency', async () => {
    const admin = await vendorOfUser(t.db, 'admin@example.com');
    const p = (await details('ADMIN', `${r().sizeS.id}`)).products[0];
    expect(p.priceCurrency).toBe(admin.currencyCode);
    expect(p.prices?.every((x) => x.currency === admin.currencyCode)).toBe(true);
    expect(p.costs?.every((x) => x.currency === 'EUR')).toBe(true);
    expect(p.items[0].inventoryMax).toBe(500);
  });

  it("counts the pieces of the same subcode in the user's cart (for the tier) per product and per size", async () => {
    const p = (await details('VENDOR', `${r().sizeS.id}`)).products[0];
    expect(p.cartQuantity).toBe(65);
    expect(p.items.map((i) => [i.productSize, i.cartQuantity])).toEqual([
      ['S', 20],
      ['M', 35],
      ['L', 10],
    ]);
    // someone else's cart does not count
    const other = (await details('VENDOR2', `${r().sizeS.id}`)).products[0];
    expect(other.cartQuantity).toBe(0);
    expect(p.items.every((i) => !('quantity' in i))).toBe(true);
    expect(p).not.toHaveProperty('orderItemId');
  });

  it('answers several subcodes in the order of the ids, one entry per subcode', async () => {
    const ids = [f.rootsSingle.item.id, r().sizeL.id, r().sizeS.id, f.rootsSingle.item.id];
    const body = await details('VENDOR', ids.join(','));
    expect(body.products.map((p) => p.productSubcode)).toEqual(['ZZFX-R-200', 'ZZFX-R-100']);
    const single = entry(body, 'ZZFX-R-200');
    expect(single.hasSizes).toBe(false);
    expect(single.items).toHaveLength(1);
    expect(single.prices).toEqual([]);
    expect(single.minValue).toBeNull();
    // ids=1&ids=2 works as well
    const repeated = await get(
      'VENDOR',
      `/products/details?ids=${f.rootsSingle.item.id}&ids=${r().sizeS.id}`,
    );
    expect((repeated.json() as ProductDetailsResponse).products.map((p) => p.productSubcode)).toEqual([
      'ZZFX-R-200',
      'ZZFX-R-100',
    ]);
  });

  it('answers the per-user inventory and restock permissions', async () => {
    await t.db
      .update(s.users)
      .set({ canUpdateInventory: true, canRestock: true })
      .where(eq(s.users.email, 'account@example.com'));
    await t.db
      .update(s.users)
      .set({ canUpdateInventory: true, canRestock: true })
      .where(eq(s.users.email, 'vendor@example.com'));
    // The flags come with the session (platform/auth.ts): the users trigger's notice drops it.
    await t.app.sessionCacheSync();
    expect(await details('ACCOUNT', `${r().sizeS.id}`)).toMatchObject({
      canUpdateInventory: true,
      canRestock: true,
    });
    // the role must allow it too
    expect(await details('VENDOR', `${r().sizeS.id}`)).toMatchObject({
      canUpdateInventory: false,
      canRestock: false,
    });
    await t.db
      .update(s.users)
      .set({ canUpdateInventory: false, canRestock: false })
      .where(eq(s.users.email, 'account@example.com'));
    await t.app.sessionCacheSync();
    expect(await details('ACCOUNT', `${r().sizeS.id}`)).toMatchObject({
      canUpdateInventory: false,
      canRestock: false,
    });
  });
});

describe('GET /products/edit-details/{orderItemId}', () => {
  const r = () => f.rootsSized;

  it('answers 400 for a bad id', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await get('VENDOR', `/products/edit-details/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().field).toBe('orderItemId');
    }
  });

  it("answers 404 for a line that is not in the user's own cart", async () => {
    expect((await get('VENDOR', `/products/edit-details/${vendor2Line}`)).statusCode).toBe(404);
    expect((await get('VENDOR2', `/products/edit-details/${line1}`)).statusCode).toBe(404);
    expect((await get('ADMIN', `/products/edit-details/${line1}`)).statusCode).toBe(404);
    expect((await get('VENDOR', '/products/edit-details/99999999')).statusCode).toBe(404);
  });

  it('answers 404 for a line of a placed order', async () => {
    const placed = await buildOrder(t.db, {
      status: 'NEEDS_ARTWORK',
      userId: await idOfUser(t.db, 'vendor@example.com'),
      vendorId: (await vendorOfUser(t.db, 'vendor@example.com')).id,
      customerId: f.customers.roots,
      regionId: f.region.id,
      items: [],
    });
    const placedLine = await buildOrderLine(t.db, {
      orderId: placed.orderId,
      productSubcodeId: r().subcode.id,
      sizes: [{ productItemId: r().sizeS.id, quantity: 50 }],
    });
    expect((await get('VENDOR', `/products/edit-details/${placedLine}`)).statusCode).toBe(404);
    // and a placed order's pieces do not count as cart quantity
    expect((await details('VENDOR', `${r().sizeS.id}`)).products[0].cartQuantity).toBe(65);
  });

  it("answers the line's quantities and attribute values, with cart quantities of the other lines", async () => {
    const res = await get('VENDOR', `/products/edit-details/${line1}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProductDetailsResponse;
    expect(body.productType).toBe('STANDARD');
    const p = body.products[0];
    expect(p).toMatchObject({
      orderItemId: line1,
      productSubcode: 'ZZFX-R-100',
      productItemId: r().sizeS.id,
      cartQuantity: 15,
    });
    expect(p.items.map((i) => [i.productSize, i.quantity, i.cartQuantity])).toEqual([
      ['S', 20, 0],
      ['M', 30, 5],
      ['L', 0, 10],
    ]);
    expect(p.attributes).toEqual([
      { name: 'Style Ref', type: 'STRING', options: [], value: 'ABC-1' },
      { name: 'Thread Colour', type: 'DROPDOWN', options: ['Black', 'Navy'], value: 'Navy' },
    ]);
    expect(p.items[0].attributes).toEqual([
      { name: 'Size Note', type: 'STRING', options: [], value: 'short' },
    ]);
    expect(p.prices?.map((x) => x.currency)).toEqual(['CAD', 'CAD']);
    expect(p).not.toHaveProperty('costs');

    const other = (await get('VENDOR', `/products/edit-details/${line2}`)).json() as ProductDetailsResponse;
    expect(other.products[0].cartQuantity).toBe(50);
    expect(other.products[0].attributes.map((a) => a.value)).toEqual([null, null]);
  });
});

describe('OpenAPI', () => {
  it('documents the product calls under the products tag with their parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json();
    for (const path of [
      '/api/v1.0/products',
      '/api/v1.0/products/details',
      '/api/v1.0/products/edit-details/{orderItemId}',
    ]) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['products']);
    }
    const params = doc.paths['/api/v1.0/products'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['productionRegion', 'productGroup', 'search', 'page', 'size']),
    );
    expect(
      doc.paths['/api/v1.0/products/details'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(['ids']);
  });
});
