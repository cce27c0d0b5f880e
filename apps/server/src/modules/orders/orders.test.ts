/**
 * GET /orders and GET /orders/{id} against a real database with the demo data, plus a few orders
 * of our own placed in March 2001 (long before any demo order) so that filters can be checked
 * exactly. Ids are read from the database, never assumed.
 */
import {
  type OrderDetails,
  type OrderListResponse,
  type OrderStatus,
  SIGNED_IN_ROLES,
  startsWithFieldPath,
} from '@selvedge/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  buildFactory,
  buildOrder,
  buildOrderLine,
  buildOrderParts,
  buildSubcode,
  buildUser,
  currencyId,
  idOfCustomer,
  vendorOfUser,
} from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';
import { orderDateBounds } from './orders.service';

let t: TestApp;

/** Ids of the parties and of our own orders. */
const f = {
  v1: 0, // vendor@example.com's vendor
  v2: 0, // vendor2@example.com's vendor
  v1Name: '',
  roots: 0,
  dunnes: 0,
  regionA: 0,
  regionB: 0,
  factory: 0,
  usd: 0,
  cad: 0,
  /** NEEDS_ARTWORK, V1, Roots, region A, 2001-03-01 10:00Z; artwork NEEDS_UPLOAD with a comment. */
  o1: 0,
  /** NEEDS_ART_APPROVAL, V1, Dunnes, region B, 2001-03-02 23:59:59Z; artwork UPLOADED with a comment. */
  o2: 0,
  /** COMPLETE_AND_SHIPPED, V2, Roots, region A, finance approved, 2001-03-03 12:00Z. */
  o3: 0,
  /** PRODUCTION_READY but cancelled, V1, Roots, region B, 2001-03-04 08:00Z. */
  o4: 0,
  /** READY_TO_SHIP, V2, Roots, region B, our factory, finance approved, 2001-03-05 08:00Z. */
  o5: 0,
  /** A cart (PENDING) of a V1 user, with an order date in the window all the same. */
  cart: 0,
  o1Item: 0,
  sizeS: 0,
  sizeL: 0,
};
const WINDOW = 'startDate=2001-03-01&endDate=2001-03-31';
const REGIONAL_EMAIL = 'regional.orders-test@example.com';
const CART_EMAIL = 'cart.orders-test@example.com';

async function get(url: string, who?: keyof typeof DEMO_EMAILS | string) {
  const headers = who
    ? t.auth(who in DEMO_EMAILS ? await t.tokenFor(who as keyof typeof DEMO_EMAILS) : await t.login(who))
    : {};
  return t.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers });
}
async function list(
  query: string,
  who: keyof typeof DEMO_EMAILS | string = 'ADMIN',
): Promise<OrderListResponse> {
  const res = await get(`/orders?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (r: OrderListResponse) => r.orders.map((o) => o.orderId);
async function details(id: number, who: keyof typeof DEMO_EMAILS): Promise<OrderDetails> {
  const res = await get(`/orders/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const userId = async (email: string) =>
    (await db.select().from(s.users).where(eq(s.users.email, email)))[0];
  const v1 = await vendorOfUser(db, DEMO_EMAILS.VENDOR);
  const v2 = await vendorOfUser(db, DEMO_EMAILS.VENDOR2);
  f.v1 = v1.id;
  f.v1Name = v1.name;
  f.v2 = v2.id;
  f.roots = await idOfCustomer(db, 'Roots');
  f.dunnes = await idOfCustomer(db, 'Dunnes Stores');
  const regions = await db.select().from(s.productionRegions).orderBy(asc(s.productionRegions.id));
  f.regionA = regions[0].id;
  f.regionB = regions[1].id;
  f.usd = await currencyId(db, 'USD');
  f.cad = await currencyId(db, 'CAD');
  const factory = await buildFactory(db, {
    name: 'Orders Test Mill',
    shortCode: 'ORDTEST',
    currencyTypeId: f.usd,
    regionId: f.regionB,
  });
  f.factory = factory.id;

  // a subcode of Roots with two sizes, made here so the test does not depend on the product catalogue
  const subcode = await buildSubcode(db, {
    productCode: 'ORDERS-TEST',
    productSubcode: 'ORDERS-TEST-01',
    description: 'Orders test woven label',
    packSize: 100,
    minOrderQuantity: 0,
    customerId: f.roots,
    factoryId: null,
    artworkRequired: true,
    productImagePath: 'orders-test.png',
    productImageType: 'image/png',
    sizes: [
      { productSize: 'L', sortKey: 3 },
      { productSize: 'S', sortKey: 1 },
    ],
    prices: {},
    costs: {},
    minValues: { CAD: '75' },
  });
  const [sizeL, sizeS] = subcode.items;
  f.sizeS = sizeS!.id;
  f.sizeL = sizeL!.id;

  // users of our own: a regional supervisor of region A and our factory, and a vendor user with a cart
  const admin = await userId(DEMO_EMAILS.ADMIN);
  await buildUser(db, {
    role: 'FACTORY_ACCOUNT',
    email: REGIONAL_EMAIL,
    name: 'Rita Regional',
    regionIds: [f.regionA],
    factoryIds: [f.factory],
  });
  const cartUser = await buildUser(db, {
    role: 'VENDOR',
    email: CART_EMAIL,
    name: 'Carl Cart',
    vendorIds: [f.v1],
  });

  const base = {
    userId: admin.id,
    priceCurrencyId: f.cad,
    costCurrencyId: f.usd,
    contact: 'Test Contact',
    email: 'contact@example.com',
    phone: '555-0100',
    shippingAddress: '1 Test Road',
    billingAddress: '2 Bill Street',
  };
  // Each order's columns as the filters read them; buildOrder's defaults fill the rest.
  const orders: (Partial<typeof s.orders.$inferInsert> & {
    orderStatus: OrderStatus;
    vendorId: number;
    customerId: number;
    productionRegionId: number;
  })[] = [
    {
      ...base,
      vendorId: f.v1,
      customerId: f.roots,
      productionRegionId: f.regionA,
      orderStatus: 'NEEDS_ARTWORK',
      orderDate: new Date('2001-03-01T10:00:00Z'),
      vendorPO: 'T-PO-1',
      totalPrice: '1234.5',
      totalCost: '600.25',
      hasArtwork: true,
      dateRequested: '2001-03-20',
    },
    {
      ...base,
      vendorId: f.v1,
      customerId: f.dunnes,
      productionRegionId: f.regionB,
      orderStatus: 'NEEDS_ART_APPROVAL',
      orderDate: new Date('2001-03-02T23:59:59Z'),
      vendorPO: 'T-PO-2',
      hasArtwork: true,
    },
    {
      ...base,
      vendorId: f.v2,
      customerId: f.roots,
      productionRegionId: f.regionA,
      orderStatus: 'COMPLETE_AND_SHIPPED',
      financeApproval: true,
      orderDate: new Date('2001-03-03T12:00:00Z'),
      vendorPO: 'T-PO-3',
      shipAndCompleteDate: new Date('2001-03-10T12:00:00Z'),
    },
    {
      ...base,
      vendorId: f.v1,
      customerId: f.roots,
      productionRegionId: f.regionB,
      orderStatus: 'PRODUCTION_READY',
      cancelled: true,
      orderDate: new Date('2001-03-04T08:00:00Z'),
      vendorPO: 'T-PO-4',
    },
    {
      ...base,
      vendorId: f.v2,
      customerId: f.roots,
      productionRegionId: f.regionB,
      factoryId: f.factory,
      orderStatus: 'READY_TO_SHIP',
      financeApproval: true,
      orderDate: new Date('2001-03-05T08:00:00Z'),
      vendorPO: 'T-PO-5',
    },
    {
      ...base,
      userId: cartUser.id,
      vendorId: f.v1,
      customerId: f.roots,
      productionRegionId: f.regionA,
      orderStatus: 'PENDING',
      orderDate: new Date('2001-03-06T08:00:00Z'),
      vendorPO: 'T-CART',
    },
  ];
  const made: number[] = [];
  for (const v of orders) {
    const order = await buildOrder(db, {
      status: v.orderStatus,
      userId: v.userId ?? admin.id,
      vendorId: v.vendorId,
      customerId: v.customerId,
      regionId: v.productionRegionId,
      items: [],
      values: { ...base, ...v },
    });
    made.push(order.orderId);
  }
  [f.o1, f.o2, f.o3, f.o4, f.o5, f.cart] = made;

  f.o1Item = await buildOrderLine(db, {
    orderId: f.o1,
    productSubcodeId: subcode.subcodeId,
    attributes: { Colour: 'Navy' },
    quantity: 300,
    unitPrice: '0.125',
    unitCost: '0.05',
    totalPrice: '37.5',
    totalCost: '15',
    // As placing stores it (decision 0047): a placed line keeps the minimum value it was placed with.
    minValue: '75',
    needsArtwork: true,
    artworkStatus: 'NEEDS_UPLOAD',
    artworkComments: 'Logo too small',
    sizes: [
      {
        productItemId: sizeL!.id,
        quantity: 100,
        unitPrice: '0.125',
        unitCost: '0.05',
        attributesItem: { Fit: 'Slim' },
      },
      { productItemId: sizeS!.id, quantity: 200, unitPrice: '0.125', unitCost: '0.05' },
    ],
  });
  // o2's line has no size rows: the list and details read the line alone.
  await buildOrderLine(db, {
    orderId: f.o2,
    sizes: [],
    productSubcodeId: subcode.subcodeId,
    quantity: 100,
    unitPrice: '0.2',
    unitCost: '0.1',
    totalPrice: '20',
    totalCost: '10',
    needsArtwork: true,
    artworkStatus: 'UPLOADED',
    artworkName: 'art.pdf',
    artworkComments: 'Please check the colours',
  });
  await buildOrderParts(db, f.o1, {
    charges: [
      {
        chargeName: 'Minimum Order Value',
        subcode: 'ORDERS-TEST-01',
        subCodeDescription: 'Orders test woven label',
        charge: '37.5',
        currencyId: f.cad,
      },
    ],
    logs: [
      {
        timestamp: new Date('2001-03-01T10:00:00Z'),
        userId: admin.id,
        userName: 'Ada Admin',
        description: 'Order placed',
      },
      {
        timestamp: new Date('2001-03-01T11:00:00Z'),
        userId: admin.id,
        userName: 'Ada Admin',
        description: 'Comment',
      },
    ],
    documents: [
      { kind: 'RELATED', name: 'spec-sheet.pdf', storagePath: 'x/1', contentType: 'application/pdf' },
      { kind: 'SHIPPING', name: 'waybill.pdf', storagePath: 'x/2', contentType: 'application/pdf' },
    ],
  });
});
afterAll(() => t?.close());

describe('orderDateBounds', () => {
  it('takes the start as given and the end to the end of its day; a start after the end drops the end', () => {
    expect(orderDateBounds('2026-01-05', '2026-01-07')).toEqual({
      from: new Date('2026-01-05T00:00:00Z'),
      to: new Date('2026-01-08T00:00:00Z'),
    });
    expect(orderDateBounds('2026-01-05 13:30:00', '2026-01-07 00:00:00')).toEqual({
      from: new Date('2026-01-05T13:30:00Z'),
      to: new Date('2026-01-08T00:00:00Z'),
    });
    expect(orderDateBounds('2026-01-08', '2026-01-07')).toEqual({
      from: new Date('2026-01-08T00:00:00Z'),
      to: undefined,
    });
    expect(orderDateBounds('2026-01-07 23:00:00', '2026-01-07')).toEqual({
      from: new Date('2026-01-07T23:00:00Z'),
      to: new Date('2026-01-08T00:00:00Z'),
    });
    expect(orderDateBounds(undefined, '2024-02-29')).toEqual({
      from: undefined,
      to: new Date('2024-03-01T00:00:00Z'),
    });
  });
});

describe('GET /orders: access', () => {
  it('answers every signed-in role', async () => {
    for (const role of SIGNED_IN_ROLES) {
      const res = await get('/orders', role);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().orders.length, role).toBeGreaterThan(0);
    }
  });

  it.each([
    ['orderNumber=abc', 'orderNumber'],
    ['orderNumber=12a', 'orderNumber'],
    ['orderNumber=99999999999', 'orderNumber'],
    ['financeApproval=MAYBE', 'financeApproval'],
    ['orderStatus=SHIPPED', 'orderStatus'],
    ['orderStatus=PENDING', 'orderStatus'],
    ['orderStatus=OPEN_ORDERS', 'orderStatus'],
    ['orderStatus=ALL', 'orderStatus'],
    ['needsAction=everything', 'needsAction'],
    ['cancelled=yes', 'cancelled'],
    ['customer=roots', 'customer'],
    ['company=-1', 'company'],
    ['productionRegion=1.5', 'productionRegion'],
    ['startDate=yesterday', 'startDate'],
    ['startDate=2026-13-01', 'startDate'],
    ['endDate=2026-02-30', 'endDate'],
    ['endDate=2026-02-03%2025:00:00', 'endDate'],
    ['page=-1', 'page'],
    ['size=0', 'size'],
    ['size=201', 'size'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/orders?${query}`, 'ADMIN');
    expect(res.statusCode).toBe(400);
    // The field in `field`, the message a sentence naming it in the screen's words (decision 0058).
    expect(res.json().field).toBe(field);
    expect(res.json().message).toMatch(/^[A-Z]/);
    expect(startsWithFieldPath(res.json().message)).toBe(false);
  });

  it('takes an empty filter as no filter', async () => {
    const all = await list('');
    const blank = await list(
      'orderNumber=&customer=&company=&productionRegion=&financeApproval=&startDate=&endDate=&cancelled=',
    );
    expect(blank.totalItems).toBe(all.totalItems);
  });
});

describe('GET /orders: scope', () => {
  const inWindow = (who: string) => list(WINDOW, who);

  it('shows ADMIN every placed order and never a cart', async () => {
    expect(ids(await inWindow('ADMIN'))).toEqual([f.o5, f.o4, f.o3, f.o2, f.o1]);
    const all = await list('size=200');
    const placed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.orders)
      .where(ne(s.orders.orderStatus, 'PENDING'));
    expect(all.totalItems).toBe(placed[0].n);
    expect(all.orders.every((o) => o.orderStatus !== 'PENDING')).toBe(true);
  });

  it('shows a VENDOR the orders of its vendors only', async () => {
    expect(ids(await inWindow('VENDOR'))).toEqual([f.o4, f.o2, f.o1]);
    expect(ids(await inWindow('VENDOR2'))).toEqual([f.o5, f.o3]);
    const all = await list('size=200', 'VENDOR');
    expect(all.orders.length).toBeGreaterThan(3);
    expect(new Set(all.orders.map((o) => o.company))).toEqual(new Set([f.v1Name]));
  });

  it("shows CUSTOMER, CSR, ACCOUNT and FINANCE their customers' orders", async () => {
    expect(ids(await inWindow('CUSTOMER'))).toEqual([f.o5, f.o4, f.o3, f.o1]);
    const all = await list('size=200', 'CUSTOMER');
    expect(new Set(all.orders.map((o) => o.customer))).toEqual(new Set(['Roots']));
    for (const role of ['CSR', 'ACCOUNT', 'FINANCE'] as const) {
      expect(ids(await inWindow(role)), role).toEqual([f.o5, f.o4, f.o3, f.o2, f.o1]);
      const assigned = await t.db
        .select({ name: s.customers.companyName })
        .from(s.userCustomers)
        .innerJoin(s.users, eq(s.users.id, s.userCustomers.userId))
        .innerJoin(s.customers, eq(s.customers.id, s.userCustomers.customerId))
        .where(eq(s.users.email, DEMO_EMAILS[role]));
      const names = new Set(assigned.map((a) => a.name));
      const mine = await list('size=200', role);
      expect(mine.orders.length, role).toBeGreaterThan(0);
      expect(
        mine.orders.every((o) => names.has(o.customer ?? '')),
        role,
      ).toBe(true);
      const expected = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.orders)
        .innerJoin(s.userCustomers, eq(s.userCustomers.customerId, s.orders.customerId))
        .innerJoin(s.users, eq(s.users.id, s.userCustomers.userId))
        .where(and(eq(s.users.email, DEMO_EMAILS[role]), ne(s.orders.orderStatus, 'PENDING')));
      expect(mine.totalItems, role).toBe(expected[0].n);
    }
  });

  it('shows a regional supervisor the orders of its regions or of its factories', async () => {
    expect(ids(await inWindow('FACTORY_ACCOUNT'))).toEqual([f.o5, f.o4, f.o3, f.o2, f.o1]);
    expect(ids(await inWindow(REGIONAL_EMAIL))).toEqual([f.o5, f.o3, f.o1]);
  });
});

describe('GET /orders: entries and visibility', () => {
  it('answers the list entry fields', async () => {
    const r = await list(`${WINDOW}&orderNumber=${f.o1}`);
    expect(r.orders).toEqual([
      {
        orderId: f.o1,
        orderNumber: String(f.o1),
        orderDate: '2001-03-01T10:00:00.000Z',
        company: f.v1Name,
        customerId: f.roots,
        customer: 'Roots',
        productionRegion: expect.any(String),
        vendorPO: 'T-PO-1',
        productionPONumbers: [],
        orderStatus: 'NEEDS_ARTWORK',
        financeApproval: false,
        hasArtwork: true,
        hasVariableData: false,
        cancelled: false,
        totalPrice: { currency: 'CAD', price: '1234.50' },
        totalCost: { currency: 'USD', price: '600.25' },
      },
    ]);
  });

  it('gives totalPrice only to price roles and totalCost only to cost roles', async () => {
    const o1 = `${WINDOW}&orderNumber=${f.o1}`;
    const vendor = (await list(o1, 'VENDOR')).orders[0];
    expect(vendor.totalPrice).toEqual({ currency: 'CAD', price: '1234.50' });
    expect(vendor).not.toHaveProperty('totalCost');
    const csr = (await list(o1, 'CSR')).orders[0];
    expect(csr.totalCost).toEqual({ currency: 'USD', price: '600.25' });
    expect(csr).not.toHaveProperty('totalPrice');
    const customer = (await list(o1, 'CUSTOMER')).orders[0];
    expect(customer.totalPrice).toEqual({ currency: 'CAD', price: '1234.50' });
    expect(customer).not.toHaveProperty('totalCost');
  });
});

describe('GET /orders: filters', () => {
  const window = (q: string) => list(`${WINDOW}&${q}`).then(ids);

  it('maps the status filter as ordering §4 does: READY_TO_SHIP is Open Orders, a status (not cancelled), CANCELLED', async () => {
    expect(await window('orderStatus=READY_TO_SHIP')).toEqual([f.o5, f.o2, f.o1]);
    expect(await window('orderStatus=NEEDS_ARTWORK')).toEqual([f.o1]);
    expect(await window('orderStatus=NEEDS_ART_APPROVAL')).toEqual([f.o2]);
    expect(await window('orderStatus=PRODUCTION_READY')).toEqual([]);
    expect(await window('orderStatus=PRODUCTION_CONFIRMED')).toEqual([]);
    expect(await window('orderStatus=COMPLETE_AND_SHIPPED')).toEqual([f.o3]);
    expect(await window('orderStatus=CANCELLED')).toEqual([f.o4]);
    expect(await window('')).toEqual([f.o5, f.o4, f.o3, f.o2, f.o1]);
  });

  it('Open Orders (READY_TO_SHIP) over the demo data holds every order not shipped and not cancelled', async () => {
    const open = await list('orderStatus=READY_TO_SHIP&size=200');
    expect(open.orders.length).toBeGreaterThan(0);
    expect(open.orders.every((o) => o.orderStatus !== 'COMPLETE_AND_SHIPPED' && !o.cancelled)).toBe(true);
    expect(new Set(open.orders.map((o) => o.orderStatus)).size).toBeGreaterThan(1);
    const all = await list('size=200');
    const expected = all.orders.filter(
      (o) => o.orderStatus !== 'COMPLETE_AND_SHIPPED' && !o.cancelled,
    ).length;
    expect(open.totalItems).toBe(expected);
  });

  it('filters on the cancelled flag and on finance approval', async () => {
    expect(await window('cancelled=true')).toEqual([f.o4]);
    expect(await window('cancelled=false')).toEqual([f.o5, f.o3, f.o2, f.o1]);
    expect(await window('orderStatus=CANCELLED&cancelled=false')).toEqual([]);
    expect(await window('financeApproval=APPROVED')).toEqual([f.o5, f.o3]);
    expect(await window('financeApproval=NOT_APPROVED')).toEqual([f.o4, f.o2, f.o1]);
  });

  it('filters on customer, company and production region', async () => {
    expect(await window(`customer=${f.dunnes}`)).toEqual([f.o2]);
    expect(await window(`company=${f.v2}`)).toEqual([f.o5, f.o3]);
    expect(await window(`productionRegion=${f.regionA}`)).toEqual([f.o3, f.o1]);
    expect(await window(`customer=${f.roots}&company=${f.v1}&productionRegion=${f.regionB}`)).toEqual([f.o4]);
  });

  it('finds one order by its number, within the scope only', async () => {
    expect(ids(await list(`orderNumber=${f.o2}`))).toEqual([f.o2]);
    expect(ids(await list(`orderNumber=${f.o2}`, 'CUSTOMER'))).toEqual([]);
    expect(ids(await list(`orderNumber=${f.cart}`))).toEqual([]);
  });

  it('finds an order by its number whatever the other filters (the default start date, Open Orders...)', async () => {
    const others =
      'orderStatus=READY_TO_SHIP&startDate=2030-01-01&endDate=2030-01-31&financeApproval=NOT_APPROVED' +
      `&customer=${f.dunnes}&company=${f.v1}&productionRegion=${f.regionB}&cancelled=false&needsAction=shipmentsToMake`;
    expect(ids(await list(`orderNumber=${f.o3}&${others}`))).toEqual([f.o3]);
    expect(ids(await list(`orderNumber=${f.o4}&${others}`))).toEqual([f.o4]);
    // the scope still applies: VENDOR (vendor 1) may not find vendor 2's order
    expect(ids(await list(`orderNumber=${f.o3}&${others}`, 'VENDOR'))).toEqual([]);
  });

  it('filters on order dates, the end date reaching to the end of its day', async () => {
    const dates = (q: string) => list(q).then(ids);
    expect(await dates('startDate=2001-03-02&endDate=2001-03-02')).toEqual([f.o2]);
    expect(await dates('startDate=2001-03-02%2000:00:00&endDate=2001-03-02%2000:00:00')).toEqual([f.o2]);
    expect(await dates('startDate=2001-03-01%2010:00:01&endDate=2001-03-03')).toEqual([f.o3, f.o2]);
    expect(await dates('startDate=2001-03-01T10:00:00&endDate=2001-03-01T00:00:00')).toEqual([f.o1]);
    expect(await dates('endDate=2001-03-01')).toEqual([f.o1]);
  });

  it('ignores an end date before the start date', async () => {
    const both = await list('startDate=2001-03-03&endDate=2001-03-01&size=200');
    const startOnly = await list('startDate=2001-03-03&size=200');
    expect(both.totalItems).toBe(startOnly.totalItems);
    expect(ids(both)).toEqual(expect.arrayContaining([f.o3, f.o4, f.o5]));
    expect(ids(both)).not.toContain(f.o1);
    expect(ids(both)).not.toContain(f.o2);
  });
});

describe('GET /orders: paging', () => {
  it('pages from 0 with consistent currentPage, pageSize, lastPage and totalItems, newest first', async () => {
    const first = await list('size=7');
    const total = first.totalItems;
    expect(total).toBeGreaterThan(14);
    const pages = Math.ceil(total / 7);
    const seen: number[] = [];
    const dates: string[] = [];
    for (let page = 0; page < pages; page++) {
      const r = await list(`size=7&page=${page}`);
      expect(r.currentPage).toBe(page);
      expect(r.pageSize).toBe(7);
      expect(r.totalItems).toBe(total);
      expect(r.lastPage).toBe(page === pages - 1);
      expect(r.orders.length).toBe(page === pages - 1 ? total - 7 * (pages - 1) : 7);
      seen.push(...ids(r));
      dates.push(...r.orders.map((o) => o.orderDate));
    }
    expect(new Set(seen).size).toBe(total);
    expect([...dates].sort().reverse()).toEqual(dates);
    const beyond = await list(`size=7&page=${pages + 3}`);
    expect(beyond).toMatchObject({ orders: [], currentPage: pages + 3, lastPage: true, totalItems: total });
  });

  it('uses page 0 and size 50 by default, and takes sizes up to 200', async () => {
    const r = await list('');
    expect(r.currentPage).toBe(0);
    expect(r.pageSize).toBe(50);
    expect(r.orders.length).toBe(Math.min(50, r.totalItems));
    expect((await list('size=200')).pageSize).toBe(200);
  });

  it('answers an empty first page with totalItems 0', async () => {
    expect(await list('startDate=1990-01-01&endDate=1990-01-02')).toEqual({
      orders: [],
      currentPage: 0,
      pageSize: 50,
      lastPage: true,
      totalItems: 0,
    });
  });
});

describe('GET /orders/{id}', () => {
  it('answers 400 naming the id when it is not a number', async () => {
    for (const id of ['abc', '12x', '-4', '1.5']) {
      const res = await get(`/orders/${id}`, 'ADMIN');
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ field: 'id', message: 'ID must be an order number (digits only)' });
    }
  });

  it("answers 404 for another tenant's order, a cart, or an order that does not exist", async () => {
    const notFound = async (id: number | string, who: string) => {
      const res = await get(`/orders/${id}`, who);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json().message).toBe('Order not found.');
    };
    await notFound(f.o1, 'VENDOR2');
    await notFound(f.o2, 'CUSTOMER');
    await notFound(f.o2, REGIONAL_EMAIL);
    await notFound(f.cart, 'ADMIN');
    await notFound(f.cart, CART_EMAIL);
    await notFound(2147483647, 'ADMIN');
    // beyond the id range: bad input, naming the field (decision 0058)
    const huge = await get('/orders/9999999999', 'ADMIN');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().field).toBe('id');
    // and a demo order of vendor@example.com's vendor, opened by vendor2
    const demo = await t.db
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(
        and(
          eq(s.orders.vendorId, f.v1),
          ne(s.orders.orderStatus, 'PENDING'),
          sql`${s.orders.orderDate} > now() - interval '1 year'`,
        ),
      )
      .limit(1);
    expect(demo.length).toBe(1);
    await notFound(demo[0].id, 'VENDOR2');
    expect((await get(`/orders/${demo[0].id}`, 'VENDOR')).statusCode).toBe(200);
  });

  it('answers every signed-in role for an order in its scope', async () => {
    for (const role of SIGNED_IN_ROLES) {
      const first = (await list('size=1', role)).orders[0];
      const d = await details(first.orderId, role);
      expect(d.orderId, role).toBe(first.orderId);
    }
  });

  it('answers every demo order to ADMIN (all statuses, cancelled, finance approved)', async () => {
    const all = await list('size=200');
    expect(new Set(all.orders.map((o) => o.orderStatus)).size).toBeGreaterThanOrEqual(6);
    for (const o of all.orders) {
      const d = await details(o.orderId, 'ADMIN');
      expect(d.orderStatus).toBe(o.orderStatus);
      expect(d.totalPrice).toEqual(o.totalPrice);
      expect(d.cancelAllowed).toBe(
        !o.cancelled && ['NEEDS_ARTWORK', 'NEEDS_ART_APPROVAL', 'PRODUCTION_READY'].includes(o.orderStatus),
      );
    }
  });

  it('answers the order fields, lines, charges, documents and logs to ADMIN', async () => {
    const d = await details(f.o1, 'ADMIN');
    expect(d).toMatchObject({
      orderId: f.o1,
      orderStatus: 'NEEDS_ARTWORK',
      cancelled: false,
      cancelAllowed: true,
      financeApproval: false,
      hasArtwork: true,
      allArtPrepared: false,
      allArtReviewed: false,
      csrArtPrepared: false,
      csrProductionConfirmed: false,
      company: f.v1Name,
      customerId: f.roots,
      customer: 'Roots',
      orderDate: '2001-03-01T10:00:00.000Z',
      dateRequested: '2001-03-20',
      estimatedCompletionDate: null,
      shipAndCompleteDate: null,
      invoiceNumber: null,
      vendorPO: 'T-PO-1',
      vendorPackingSlip: null,
      productionsPurchaseOrders: [],
      productionPackingSlips: [],
      totalPrice: { currency: 'CAD', price: '1234.50' },
      totalCost: { currency: 'USD', price: '600.25' },
      contact: 'Test Contact',
      shippingAddress: '1 Test Road',
      billingAddress: '2 Bill Street',
      relatedDocs: [{ documentId: expect.any(Number), name: 'spec-sheet.pdf' }],
      shippingDocs: [{ documentId: expect.any(Number), name: 'waybill.pdf' }],
      orderCharges: [
        {
          chargeName: 'Minimum Order Value',
          subcode: 'ORDERS-TEST-01',
          subCodeDescription: 'Orders test woven label',
          charge: { currency: 'CAD', price: '37.50' },
        },
      ],
      logs: [
        { timestamp: '2001-03-01T10:00:00.000Z', user: 'Ada Admin', description: 'Order placed' },
        { timestamp: '2001-03-01T11:00:00.000Z', user: 'Ada Admin', description: 'Comment' },
      ],
    });
    expect(d.orderItems).toEqual([
      {
        orderItemId: f.o1Item,
        productSubcode: 'ORDERS-TEST-01',
        description: 'Orders test woven label',
        packSize: 100,
        quantity: 300,
        productType: 'STANDARD',
        variableDataProduct: false,
        rfid: false,
        poNumber: null,
        productThumbnail: { path: 'orders-test.png', type: 'image/png' },
        sizes: [
          {
            productItemId: f.sizeS,
            size: 'S',
            quantity: 200,
            attributesItem: {},
            unitPrice: { currency: 'CAD', price: '0.1250' },
            unitCost: { currency: 'USD', price: '0.0500' },
          },
          {
            productItemId: f.sizeL,
            size: 'L',
            quantity: 100,
            attributesItem: { Fit: 'Slim' },
            unitPrice: { currency: 'CAD', price: '0.1250' },
            unitCost: { currency: 'USD', price: '0.0500' },
          },
        ],
        attributes: { Colour: 'Navy' },
        unitPrice: { currency: 'CAD', price: '0.1250' },
        unitCost: { currency: 'USD', price: '0.0500' },
        minValue: { currency: 'CAD', price: '75.00' },
        totalPrice: { currency: 'CAD', price: '37.50' },
        totalCost: { currency: 'USD', price: '15.00' },
        artwork: {
          name: null,
          status: 'NEEDS_UPLOAD',
          comments: 'Logo too small',
          artworkFinalized: false,
          actions: ['upload'],
          versions: [],
        },
        careLabel: null,
        digitalLink: null,
      },
    ]);
  });

  it('gives a VENDOR prices but no costs and no logs, and artwork comments only during review', async () => {
    const d = await details(f.o1, 'VENDOR');
    expect(d.totalPrice).toEqual({ currency: 'CAD', price: '1234.50' });
    expect(d).not.toHaveProperty('totalCost');
    expect(d).not.toHaveProperty('logs');
    expect(d.orderCharges).toHaveLength(1);
    expect(d.shippingDocs).toHaveLength(1);
    const item = d.orderItems[0];
    expect(item.unitPrice).toEqual({ currency: 'CAD', price: '0.1250' });
    expect(item.minValue).toEqual({ currency: 'CAD', price: '75.00' });
    expect(item).not.toHaveProperty('unitCost');
    expect(item).not.toHaveProperty('totalCost');
    expect(item.sizes.every((z) => z.unitPrice && !('unitCost' in z))).toBe(true);
    expect(item.artwork).not.toHaveProperty('comments');
    const review = await details(f.o2, 'VENDOR');
    expect(review.orderItems[0].artwork?.comments).toBe('Please check the colours');
    expect(review.allArtPrepared).toBe(true);
    expect(review.allArtReviewed).toBe(false);
  });

  it('gives a CSR costs but no prices, no charges, no shipping documents and no logs', async () => {
    const d = await details(f.o1, 'CSR');
    expect(d.totalCost).toEqual({ currency: 'USD', price: '600.25' });
    for (const key of ['totalPrice', 'orderCharges', 'shippingDocs', 'logs'])
      expect(d).not.toHaveProperty(key);
    expect(d.relatedDocs).toHaveLength(1);
    const item = d.orderItems[0];
    expect(item.unitCost).toEqual({ currency: 'USD', price: '0.0500' });
    for (const key of ['unitPrice', 'totalPrice', 'minValue']) expect(item).not.toHaveProperty(key);
    expect(item.sizes.every((z) => z.unitCost && !('unitPrice' in z))).toBe(true);
    expect(item.artwork?.comments).toBe('Logo too small');
  });

  it('gives FINANCE prices, costs and logs; CUSTOMER prices only; ACCOUNT costs and logs', async () => {
    const fin = await details(f.o1, 'FINANCE');
    expect(fin.logs).toHaveLength(2);
    expect(fin.totalPrice).toEqual({ currency: 'CAD', price: '1234.50' });
    expect(fin.totalCost).toEqual({ currency: 'USD', price: '600.25' });
    const cust = await details(f.o1, 'CUSTOMER');
    expect(cust.totalPrice).toEqual({ currency: 'CAD', price: '1234.50' });
    for (const key of ['totalCost', 'logs']) expect(cust).not.toHaveProperty(key);
    const acc = await details(f.o1, 'ACCOUNT');
    expect(acc.logs).toHaveLength(2);
    expect(acc.totalCost).toEqual({ currency: 'USD', price: '600.25' });
    for (const key of ['totalPrice', 'orderCharges']) expect(acc).not.toHaveProperty(key);
  });

  it('allows cancelling only before production is confirmed and never twice', async () => {
    expect((await details(f.o2, 'ADMIN')).cancelAllowed).toBe(true);
    expect((await details(f.o3, 'ADMIN')).cancelAllowed).toBe(false);
    expect((await details(f.o4, 'ADMIN')).cancelAllowed).toBe(false);
    expect((await details(f.o5, 'ADMIN')).cancelAllowed).toBe(false);
    expect((await details(f.o3, 'ADMIN')).shipAndCompleteDate).toBe('2001-03-10T12:00:00.000Z');
  });

  it('describes the order calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json();
    expect(doc.paths['/api/v1.0/orders'].get.description).toMatch(/orderNumber is the orderId/);
    expect(
      doc.paths['/api/v1.0/orders/{id}'].get.responses['200'].content['application/json'].schema,
    ).toEqual({
      $ref: '#/components/schemas/Order',
    });
  });
});
