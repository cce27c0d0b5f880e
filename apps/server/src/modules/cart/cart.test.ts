import {
  CART_API_MESSAGES,
  CART_MESSAGES,
  earliestDateRequested,
  MESSAGES,
  ORDER_PLACED_LOG,
  type Role,
  SIGNED_IN_ROLES,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attributeSchemas,
  orderCharges,
  orderItemSizes,
  orderItems,
  orderLogs,
  orders,
  productItems,
  productSubcodes,
  users,
  vendorCustomers,
  vendorShippingAddresses,
  vendors,
} from '../../platform/db/schema';
import { VENDORS } from '../../seed/data';
import { type CartFixtures, createCartFixtures } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';

/** A saved shipping address of vendor@example.com's vendor (Dhaka Knitwear Ltd.). */
const DEMO_VENDOR_ADDRESS = VENDORS.find((v) => v.companyName === 'Dhaka Knitwear Ltd.')!
  .shippingAddresses[0]!.address;

let t: TestApp;
let f: CartFixtures;
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await createCartFixtures(t.db);
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) userId[u.email] = u.id;
});
afterAll(() => t?.close());

type Who = Role | 'VENDOR2';
const NOT_CART_ROLES = SIGNED_IN_ROLES.filter((r) => !['VENDOR', 'ACCOUNT', 'ADMIN'].includes(r));

async function call(
  who: Who | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const headers = who ? t.auth(await t.tokenFor(who)) : {};
  return t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Deletes the user's cart (test isolation). */
const resetCart = (who: Who) =>
  t.db
    .delete(orders)
    .where(and(eq(orders.userId, userId[DEMO_EMAILS[who]]), eq(orders.orderStatus, 'PENDING')));

const mainLine = (
  quantities: Record<string, number>,
  attributes: Record<string, string> = { 'Style Name': 'Cooper Hoodie', 'Thread Colour': 'Navy' },
) => ({
  productType: 'STANDARD',
  quantities: Object.fromEntries(
    Object.entries(quantities).map(([size, q]) => [String(f.main.items[size]), q]),
  ),
  attributes,
});
const oneSize = (sub: { items: Record<string, number> }, q: number, extra: object = {}) => ({
  productType: 'STANDARD',
  quantities: { [String(sub.items['One Size'])]: q },
  attributes: {},
  ...extra,
});
const tagLine = (q: number) =>
  oneSize(f.tag, q, { attributesItems: { [String(f.tag.items['One Size'])]: { Print: 'Front' } } });

const dateOk = () => dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD');
const completeHeader = {
  vendorPO: 'PO-TEST-1',
  shippingAddress: DEMO_VENDOR_ADDRESS,
  dateRequested: '',
};

async function add(who: Who, payload: object) {
  const res = await call(who, 'POST', '/orders', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orderItemId as number;
}
async function fillHeader(who: Who, extra: object = {}) {
  // The shipping address is one of the user's vendor's saved addresses.
  const saved = (await call(who, 'GET', '/orders/shipping-addresses')).json().addresses as {
    address: string;
  }[];
  const res = await call(who, 'PUT', '/orders/cart', {
    ...completeHeader,
    ...(saved[0] ? { shippingAddress: saved[0].address } : {}),
    dateRequested: dateOk(),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const place = (who: Who, terms = 'true') => call(who, 'PUT', `/orders/place?termsAndConditions=${terms}`);

const ENDPOINTS: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
  ['add', 'POST', '/orders', { productType: 'STANDARD', quantities: { '1': 1 }, attributes: {} }],
  [
    'update',
    'PUT',
    '/orders',
    { productType: 'STANDARD', quantities: { '1': 1 }, attributes: {}, orderItemId: 1 },
  ],
  ['cart', 'GET', '/orders/cart'],
  ['header', 'PUT', '/orders/cart', { comments: 'x' }],
  ['remove', 'DELETE', '/orders/cart/1'],
  ['addresses', 'GET', '/orders/shipping-addresses'],
  ['status', 'GET', '/orders/cart-status'],
  ['place', 'PUT', '/orders/place?termsAndConditions=true'],
];

describe('access', () => {
  it.each(ENDPOINTS)('%s answers 401 without a token', async (_n, method, url, payload) => {
    expect((await call(null, method, url, payload)).statusCode).toBe(401);
  });
  it.each(ENDPOINTS)(
    '%s answers 403 for every role but VENDOR, ACCOUNT and ADMIN',
    async (_n, method, url, payload) => {
      for (const role of NOT_CART_ROLES) {
        const res = await call(role, method, url, payload);
        expect(res.statusCode, role).toBe(403);
      }
    },
  );
  it('is documented under the cart tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json();
    expect(doc.paths['/api/v1.0/orders/cart'].get.tags).toEqual(['cart']);
    expect(
      doc.paths['/api/v1.0/orders/place'].put.parameters.some(
        (p: { name: string }) => p.name === 'termsAndConditions',
      ),
    ).toBe(true);
  });
});

describe('GET /orders/cart without a cart', () => {
  beforeEach(() => resetCart('VENDOR'));
  it('answers the header prefilled from the vendor and the user, with no lines, and saves nothing', async () => {
    const vendor = (
      await t.db.select().from(vendors).where(eq(vendors.companyName, 'Dhaka Knitwear Ltd.'))
    )[0];
    const user = (await t.db.select().from(users).where(eq(users.email, DEMO_EMAILS.VENDOR)))[0];
    const res = await call('VENDOR', 'GET', '/orders/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderId: null,
      vendorId: vendor.id,
      company: 'Dhaka Knitwear Ltd.',
      contact: user.contactName,
      email: user.email,
      phone: user.telephone,
      billingAddress: vendor.billingAddress,
      billingAccount: vendor.billingAccountNumber,
      deliveryMethod: vendor.preferredShippingMethod,
      deliveryAccount: vendor.deliveryAccountNumber,
      orderItems: [],
      orderCharges: [],
      totalPrice: { currency: 'CAD', price: '0.00' },
      customer: null,
      productionRegion: null,
    });
    expect(res.json()).not.toHaveProperty('totalCost');
    expect((await call('VENDOR', 'GET', '/orders/cart-status')).json()).toEqual({
      itemCount: 0,
      orderId: null,
    });
  });
});

describe('POST /orders refusals', () => {
  beforeEach(async () => {
    await resetCart('VENDOR');
    await resetCart('VENDOR2');
  });
  const expect400 = async (payload: object, message: RegExp | string, who: Who = 'VENDOR') => {
    const res = await call(who, 'POST', '/orders', payload);
    expect(res.statusCode, res.body).toBe(400);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  };

  it('answers 400 for a quantity that is not a pack multiple, naming the item and the value to use', async () => {
    await expect400(
      mainLine({ S: 120 }),
      new RegExp(`Quantity 120 of size S \\(item ${f.main.items.S}\\).*pack size of 50.*use 150`),
    );
  });
  it('answers 400 for a quantity below the minimum order quantity', async () => {
    await expect400(
      mainLine({ S: 200, M: 50 }),
      /Quantity 50 of size M.*minimum order quantity of 100; use 100/,
    );
  });
  it('answers 400 for fractional or negative quantities and for a zero total', async () => {
    await expect400(mainLine({ S: 100.5 }), /^Quantities are whole pieces/);
    await expect400(mainLine({ S: -100 }), /cannot be negative/);
    await expect400(mainLine({ S: 0, M: 0 }), CART_API_MESSAGES.noQuantity);
    await expect400(
      { productType: 'STANDARD', quantities: {}, attributes: {} },
      CART_API_MESSAGES.noQuantity,
    );
  });
  it('answers 400 for a missing required attribute or a value that is not an option', async () => {
    await expect400(mainLine({ S: 100 }, { 'Thread Colour': 'Navy' }), 'Style Name is required');
    await expect400(
      mainLine({ S: 100 }, { 'Style Name': 'A', 'Thread Colour': 'Pink' }),
      "'Pink' is not an option of Thread Colour",
    );
  });
  it('answers 400 for a missing per-size attribute', async () => {
    await expect400(oneSize(f.tag, 10), 'Size One Size: Print is required');
  });
  it('answers 400 for sizes of two subcodes, a non-STANDARD item, or another product type', async () => {
    await expect400(
      { ...mainLine({ S: 100 }), quantities: { [f.main.items.S]: 100, [f.tag.items['One Size']]: 1 } },
      CART_API_MESSAGES.oneSubcode,
    );
    await expect400(
      { productType: 'STANDARD', quantities: { [f.variableItemId]: 1 }, attributes: {} },
      CART_API_MESSAGES.notOfType(f.variableItemId, 'STANDARD'),
    );
    await expect400({ ...oneSize(f.plain, 1), productType: 'DYNAMIC' }, /^A dynamic product line needs/);
    await expect400({ ...oneSize(f.plain, 1), productType: 'OTHER' }, /^Product Type must be one of/);
  });
  it('answers 404 for an unknown or inactive item and for another tenant’s product', async () => {
    const notFound = async (who: Who, payload: object) => {
      const res = await call(who, 'POST', '/orders', payload);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(CART_API_MESSAGES.productNotFound);
    };
    await notFound('VENDOR', { productType: 'STANDARD', quantities: { '999999': 1 }, attributes: {} });
    await notFound('VENDOR', mainLine({ XL: 100 }));
    // vendor2 buys for Roots only
    await notFound('VENDOR2', oneSize(f.dunnesItem, 1));
    expect((await call('VENDOR2', 'GET', '/orders/cart-status')).json().itemCount).toBe(0);
  });
  it('answers 409 for a subcode without a price in the cart currency, and accepts it where it has one', async () => {
    const res = await call('VENDOR', 'POST', '/orders', oneSize(f.usdOnly, 1));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CART_API_MESSAGES.noPrice('ZZ-CART-USD', 'CAD'));
    // the refused line was rolled back
    expect((await call('VENDOR', 'GET', '/orders/cart-status')).json().itemCount).toBe(0);
    // vendor2's cart is in USD
    expect((await call('VENDOR2', 'POST', '/orders', oneSize(f.usdOnly, 1))).statusCode).toBe(200);
  });
  it('answers 409 for a subcode without a factory', async () => {
    const res = await call('VENDOR', 'POST', '/orders', oneSize(f.noFactory, 1));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CART_API_MESSAGES.noFactory('ZZ-CART-NOFACTORY'));
  });
});

describe('one customer and one production region per cart', () => {
  beforeEach(() => resetCart('VENDOR'));
  it('answers 409 for another customer or another region, and takes anything once emptied', async () => {
    const line = await add('VENDOR', oneSize(f.plain, 5));
    const other = await call('VENDOR', 'POST', '/orders', oneSize(f.dunnesItem, 1));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      'Your cart holds products of Roots made in Bangladesh. Place or empty it before adding products of Dunnes Stores made in Bangladesh.',
    );
    const china = await call('VENDOR', 'POST', '/orders', oneSize(f.chinaItem, 1));
    expect(china.statusCode).toBe(409);
    expect(china.json().message).toMatch(/before adding products of Roots made in China/);

    expect((await call('VENDOR', 'DELETE', `/orders/cart/${line}`)).json()).toEqual({
      message: MESSAGES.itemRemoved,
    });
    const emptied = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(emptied).toMatchObject({
      orderItems: [],
      customer: null,
      productionRegion: null,
      totalPrice: { price: '0.00' },
    });
    expect(emptied.orderId).toBeGreaterThan(0);
    await add('VENDOR', oneSize(f.dunnesItem, 1));
    const cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart).toMatchObject({ customer: 'Dunnes Stores', productionRegion: 'Bangladesh' });
  });
});

describe('lines of another user', () => {
  beforeEach(async () => {
    await resetCart('VENDOR');
    await resetCart('VENDOR2');
  });
  it('answers 404 when updating or removing a line of another user’s cart', async () => {
    const line = await add('VENDOR', oneSize(f.plain, 5));
    await add('VENDOR2', oneSize(f.plain, 5));
    const upd = await call('VENDOR2', 'PUT', '/orders', { ...oneSize(f.plain, 10), orderItemId: line });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().message).toBe(CART_API_MESSAGES.lineNotFound);
    expect((await call('VENDOR2', 'DELETE', `/orders/cart/${line}`)).statusCode).toBe(404);
    expect((await call('VENDOR', 'DELETE', '/orders/cart/abc')).statusCode).toBe(400);
    const stored = await t.db.select().from(orderItems).where(eq(orderItems.id, line));
    expect(stored[0].quantity).toBe(5);
  });
  it('answers 400 when an update moves a line to another subcode', async () => {
    const line = await add('VENDOR', oneSize(f.plain, 5));
    const res = await call('VENDOR', 'PUT', '/orders', { ...tagLine(1), orderItemId: line });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CART_API_MESSAGES.otherSubcode);
  });
});

describe('PUT /orders/cart', () => {
  beforeEach(() => resetCart('VENDOR'));
  it('saves header fields (creating the cart), clears with null or empty, and answers the cart', async () => {
    const res = await call('VENDOR', 'PUT', '/orders/cart', {
      vendorPO: ' PO-77 ',
      comments: 'Rush',
      dateRequested: '2031-02-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      vendorPO: 'PO-77',
      comments: 'Rush',
      dateRequested: '2031-02-03',
      orderItems: [],
    });
    expect(res.json().orderId).toBeGreaterThan(0);
    const cleared = await call('VENDOR', 'PUT', '/orders/cart', { comments: '', dateRequested: null });
    expect(cleared.json()).toMatchObject({ vendorPO: 'PO-77', comments: null, dateRequested: null });
  });
  it('answers 400 for a shipping address over 255 characters, naming it', async () => {
    const res = await call('VENDOR', 'PUT', '/orders/cart', { shippingAddress: 'x'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('shippingAddress');
    expect(res.json().message).toMatch(/^Shipping address cannot exceed 255 characters/);
    // 255 characters pass the length rule, but any text is not an address of the vendor (ordering §2 Cart: one of the vendor's saved addresses)
    const unsaved = await call('VENDOR', 'PUT', '/orders/cart', { shippingAddress: 'x'.repeat(255) });
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json().message).toBe(CART_API_MESSAGES.unsavedAddress);
    const saved = await call('VENDOR', 'PUT', '/orders/cart', { shippingAddress: DEMO_VENDOR_ADDRESS });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().shippingAddress).toBe(DEMO_VENDOR_ADDRESS);
  });
  it('answers 400 for a bad email and for a badly formed date', async () => {
    const bad = await call('VENDOR', 'PUT', '/orders/cart', { email: 'two@a.com, b@c.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.invalidEmail);
    expect((await call('VENDOR', 'PUT', '/orders/cart', { email: '' })).statusCode).toBe(200);
    const date = await call('VENDOR', 'PUT', '/orders/cart', { dateRequested: '03-02-2031' });
    expect(date.statusCode).toBe(400);
    expect(date.json().field).toBe('dateRequested');
  });
  it('writes only header fields: a body naming the status, flags, totals or owner changes none of them', async () => {
    const res = await call('VENDOR', 'PUT', '/orders/cart', {
      comments: 'Only this',
      orderStatus: 'COMPLETE_AND_SHIPPED',
      cancelled: true,
      financeApproval: true,
      totalPrice: '0.01',
      userId: userId[DEMO_EMAILS.ADMIN],
      orderDate: '2020-01-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(row).toMatchObject({
      comments: 'Only this',
      orderStatus: 'PENDING',
      cancelled: false,
      financeApproval: false,
      totalPrice: '0.0000',
      userId: userId[DEMO_EMAILS.VENDOR],
      orderDate: null,
    });
  });
});

describe('GET /orders/shipping-addresses', () => {
  it("answers the vendor's addresses sorted by optionName", async () => {
    const vendor = (
      await t.db.select().from(vendors).where(eq(vendors.companyName, 'Dhaka Knitwear Ltd.'))
    )[0];
    const stored = await t.db
      .select({ optionName: vendorShippingAddresses.optionName, address: vendorShippingAddresses.address })
      .from(vendorShippingAddresses)
      .where(eq(vendorShippingAddresses.vendorId, vendor.id));
    expect(stored.length).toBeGreaterThan(1);
    const res = await call('VENDOR', 'GET', '/orders/shipping-addresses');
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toEqual(
      [...stored].sort((a, b) => a.optionName.localeCompare(b.optionName)),
    );
  });
  it('answers none for a user without a vendor', async () => {
    expect((await call('ACCOUNT', 'GET', '/orders/shipping-addresses')).json()).toEqual({ addresses: [] });
  });
});

describe('the journey: add, see, update, remove, add, header, place', () => {
  beforeAll(() => resetCart('VENDOR'));

  it('prices by the pieces of the subcode across the cart and places the order', async () => {
    // 900 pieces of MAIN: tier 1 (0.1000 CAD); 90.00 is 10.00 short of the 100.00 minimum
    const first = await add('VENDOR', mainLine({ S: 500, M: 400 }));
    let cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart).toMatchObject({
      customer: 'Roots',
      productionRegion: 'Bangladesh',
      company: 'Dhaka Knitwear Ltd.',
    });
    expect(cart.orderItems).toHaveLength(1);
    expect(cart.orderItems[0]).toMatchObject({
      orderItemId: first,
      productSubcode: 'ZZ-CART-MAIN',
      packSize: 50,
      quantity: 900,
      productType: 'STANDARD',
      variableDataProduct: false,
      attributes: { 'Style Name': 'Cooper Hoodie', 'Thread Colour': 'Navy' },
      unitPrice: { currency: 'CAD', price: '0.1000' },
      totalPrice: { currency: 'CAD', price: '90.00' },
      minValue: { currency: 'CAD', price: '100.00' },
      sizes: [
        {
          productItemId: f.main.items.S,
          size: 'S',
          quantity: 500,
          unitPrice: { currency: 'CAD', price: '0.1000' },
          attributesItem: {},
        },
        {
          productItemId: f.main.items.M,
          size: 'M',
          quantity: 400,
          unitPrice: { currency: 'CAD', price: '0.1000' },
          attributesItem: {},
        },
      ],
    });
    // a vendor sees prices, not costs
    expect(cart.orderItems[0]).not.toHaveProperty('unitCost');
    expect(cart.orderItems[0].sizes[0]).not.toHaveProperty('unitCost');
    expect(cart).not.toHaveProperty('totalCost');
    expect(cart.orderCharges).toEqual([
      {
        chargeName: 'Minimum Order Value',
        subcode: 'ZZ-CART-MAIN',
        subCodeDescription: 'ZZ-CART-MAIN test label',
        charge: { currency: 'CAD', price: '10.00' },
      },
    ]);
    expect(cart.totalPrice).toEqual({ currency: 'CAD', price: '100.00' });
    expect((await call('VENDOR', 'GET', '/orders/cart-status')).json()).toEqual({
      itemCount: 1,
      orderId: cart.orderId,
    });

    // a second line of the same subcode: 1100 pieces reach the 1000 tier (0.0800) for both lines
    const second = await add(
      'VENDOR',
      mainLine({ L: 200 }, { 'Style Name': 'Park Tee', 'Thread Colour': 'Black' }),
    );
    cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(
      cart.orderItems.map((i: { unitPrice: { price: string }; totalPrice: { price: string } }) => [
        i.unitPrice.price,
        i.totalPrice.price,
      ]),
    ).toEqual([
      ['0.0800', '72.00'],
      ['0.0800', '16.00'],
    ]);
    expect(cart.orderCharges[0].charge.price).toBe('12.00');
    expect(cart.totalPrice.price).toBe('100.00');

    // update the second line to 100 pieces: 1000 in all, still the 1000 tier
    const upd = await call('VENDOR', 'PUT', '/orders', {
      ...mainLine({ L: 100 }, { 'Style Name': 'Park Tee', 'Thread Colour': 'Black' }),
      orderItemId: second,
    });
    expect(upd.json()).toEqual({ orderItemId: second, message: MESSAGES.productUpdated });
    cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart.orderItems[1]).toMatchObject({
      quantity: 100,
      unitPrice: { price: '0.0800' },
      totalPrice: { price: '8.00' },
    });
    expect(cart.orderCharges[0].charge.price).toBe('20.00');

    // the same 100 pieces in another size: price and totals unchanged, the new size row priced too
    const moved = await call('VENDOR', 'PUT', '/orders', {
      ...mainLine({ S: 100 }, { 'Style Name': 'Park Tee', 'Thread Colour': 'Black' }),
      orderItemId: second,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart.orderItems[1]).toMatchObject({
      totalPrice: { price: '8.00' },
      sizes: [{ size: 'S', quantity: 100, unitPrice: { currency: 'CAD', price: '0.0800' } }],
    });
    expect(
      await t.db
        .select({ unitPrice: orderItemSizes.unitPrice, unitCost: orderItemSizes.unitCost })
        .from(orderItemSizes)
        .where(eq(orderItemSizes.orderItemId, second)),
    ).toEqual([{ unitPrice: '0.0800', unitCost: expect.stringMatching(/^\d+\.\d{4}$/) }]);

    // remove it: back to 900 pieces and the first tier
    expect((await call('VENDOR', 'DELETE', `/orders/cart/${second}`)).statusCode).toBe(200);
    cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart.orderItems).toHaveLength(1);
    expect(cart.orderItems[0].unitPrice.price).toBe('0.1000');

    // a tag of the same product code: 90.00 + 20.00 = 110.00 reaches the minimum, no charge
    const tag = await add('VENDOR', tagLine(100));
    cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    expect(cart.orderItems[1]).toMatchObject({
      orderItemId: tag,
      sizes: [{ attributesItem: { Print: 'Front' } }],
    });
    expect(cart.orderCharges).toEqual([]);
    expect(cart.totalPrice.price).toBe('110.00');

    // header: the full rules apply at place
    const noPo = await call('VENDOR', 'PUT', '/orders/cart', {
      shippingAddress: DEMO_VENDOR_ADDRESS,
      dateRequested: dateOk(),
    });
    expect(noPo.statusCode).toBe(200);
    const missingPo = await place('VENDOR');
    expect(missingPo.statusCode).toBe(400);
    expect(missingPo.json().message).toBe('Vendor PO is required');
    await fillHeader('VENDOR', { dateRequested: dayjs().add(5, 'day').format('YYYY-MM-DD') });
    const early = await place('VENDOR');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(CART_MESSAGES.dateTooEarly(earliestDateRequested()));
    const header = await fillHeader('VENDOR');
    expect(header).toMatchObject({
      vendorPO: 'PO-TEST-1',
      dateRequested: dateOk(),
      totalPrice: { price: '110.00' },
    });
    const noTerms = await place('VENDOR', 'false');
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toBe(CART_MESSAGES.termsRequired);
    expect((await call('VENDOR', 'PUT', '/orders/place')).json().message).toBe(CART_MESSAGES.termsRequired);

    const mailsBefore = t.smtp.messages.length;
    const placed = await place('VENDOR');
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toEqual({ orderId: cart.orderId, message: MESSAGES.orderPlaced });
    // placing runs the workflow's transition: the CSRs of the customer are told to upload artwork
    await t.settleJobs();
    const placedMails = t.smtp.messages
      .slice(mailsBefore)
      .filter((m) => m.raw.includes(`order ${cart.orderId}`));
    expect(placedMails.map((m) => m.to)).toEqual([[DEMO_EMAILS.CSR]]);
    expect(placedMails[0]!.raw).toContain('Upload the artwork and request approval.');

    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(order).toMatchObject({
      orderStatus: 'NEEDS_ARTWORK',
      hasArtwork: true,
      factoryId: f.bangladesh.id,
      productionRegionId: f.bangladesh.regionId,
      customerId: f.roots,
      vendorPO: 'PO-TEST-1',
    });
    expect(order.orderDate).toBeInstanceOf(Date);
    expect(order.termsAcceptedAt).toBeInstanceOf(Date);
    expect(Number(order.totalPrice)).toBe(110);
    // cost: 900 × 0.0400 + 100 × 0.1000 in the Bangladesh factory's currency
    expect(Number(order.totalCost)).toBe(46);
    const lines = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    expect(lines.map((l) => [l.needsArtwork, l.artworkStatus])).toEqual([
      [true, 'NEEDS_UPLOAD'],
      [false, null],
    ]);
    const logs = await t.db.select().from(orderLogs).where(eq(orderLogs.orderId, order.id));
    expect(logs).toEqual([
      expect.objectContaining({
        description: ORDER_PLACED_LOG,
        userName: 'Vera Vendor',
        userId: userId[DEMO_EMAILS.VENDOR],
      }),
    ]);

    // the cart is gone; a new one starts empty
    expect((await call('VENDOR', 'GET', '/orders/cart-status')).json()).toEqual({
      itemCount: 0,
      orderId: null,
    });
    expect((await call('VENDOR', 'GET', '/orders/cart')).json()).toMatchObject({
      orderId: null,
      orderItems: [],
      vendorPO: null,
    });
    // placing again finds no cart
    const again = await place('VENDOR');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CART_API_MESSAGES.alreadyPlaced);
  });

  it('places an order without artwork as PRODUCTION_READY', async () => {
    await resetCart('ADMIN');
    await add('ADMIN', oneSize(f.plain, 3));
    await fillHeader('ADMIN');
    const res = await place('ADMIN');
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ orderStatus: 'PRODUCTION_READY', hasArtwork: false });
  });
});

describe('an empty cart', () => {
  it('cannot be placed', async () => {
    await resetCart('VENDOR');
    const line = await add('VENDOR', oneSize(f.plain, 1));
    await fillHeader('VENDOR');
    await call('VENDOR', 'DELETE', `/orders/cart/${line}`);
    const res = await place('VENDOR');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CART_API_MESSAGES.cartEmpty);
  });
});

describe('ACCOUNT without a vendor', () => {
  beforeEach(() => resetCart('ACCOUNT'));
  it('gets a USD cart without a vendor and sees costs, not prices', async () => {
    await add('ACCOUNT', oneSize(f.plain, 4));
    const cart = (await call('ACCOUNT', 'GET', '/orders/cart')).json();
    expect(cart).toMatchObject({
      vendorId: null,
      company: null,
      totalCost: { currency: f.costCurrency, price: '2.00' },
    });
    expect(cart.orderItems[0]).toMatchObject({ unitCost: { currency: f.costCurrency, price: '0.5000' } });
    expect(cart.orderItems[0]).not.toHaveProperty('unitPrice');
    expect(cart).not.toHaveProperty('totalPrice');
    expect(cart).not.toHaveProperty('orderCharges');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(Number(order.totalPrice)).toBe(3.2); // 4 × 0.8000 USD
  });
  it('gets -1 when a cost changed, with the staff text', async () => {
    await add('ACCOUNT', oneSize(f.plain, 4));
    await fillHeader('ACCOUNT', { vendorPO: null, billingAddress: 'Selvedge Accounts, Toronto' });
    const costTier = sql`update cost_tiers set price = ${'0.6000'} where product_subcode_id = ${f.plain.id}`;
    await t.db.execute(costTier);
    try {
      const res = await place('ACCOUNT');
      expect(res.json()).toEqual({ orderId: -1, message: MESSAGES.pricesChangedStaff });
      const second = await place('ACCOUNT');
      expect(second.json().orderId).toBeGreaterThan(0);
    } finally {
      await t.db.execute(
        sql`update cost_tiers set price = ${'0.5000'} where product_subcode_id = ${f.plain.id}`,
      );
    }
  });
});

describe('PUT /orders/place re-prices', () => {
  beforeEach(() => resetCart('VENDOR'));

  it('answers -1 when a price tier changed since the add, stores the new price, and places on the next call', async () => {
    await add('VENDOR', oneSize(f.plain, 10));
    await fillHeader('VENDOR');
    await f.setPriceTier(f.plain.id, 1, 'CAD', '1.2500');
    try {
      const res = await place('VENDOR');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ orderId: -1, message: MESSAGES.pricesChangedVendor });
      const cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
      expect(cart.orderItems[0].unitPrice.price).toBe('1.2500');
      expect(cart.totalPrice.price).toBe('12.50');
      const second = await place('VENDOR');
      expect(second.json().orderId).toBe(cart.orderId);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
      expect(order.orderStatus).toBe('PRODUCTION_READY');
      expect(Number(order.totalPrice)).toBe(12.5);
    } finally {
      await f.setPriceTier(f.plain.id, 1, 'CAD', '1.0000');
    }
  });

  it('answers -2 when a minimum order value changed since the add, and places on the next call', async () => {
    await add('VENDOR', oneSize(f.plain, 10));
    await fillHeader('VENDOR');
    expect((await call('VENDOR', 'GET', '/orders/cart')).json().orderCharges).toEqual([]);
    await f.setMinValue(f.plain.id, 'CAD', '25.00');
    try {
      const res = await place('VENDOR');
      expect(res.json()).toEqual({ orderId: -2, message: MESSAGES.chargesChanged });
      const cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
      expect(cart.orderCharges).toEqual([
        expect.objectContaining({ subcode: 'ZZ-CART-PLAIN', charge: { currency: 'CAD', price: '15.00' } }),
      ]);
      expect(cart.totalPrice.price).toBe('25.00');
      const second = await place('VENDOR');
      expect(second.json().orderId).toBe(cart.orderId);
      const charges = await t.db.select().from(orderCharges).where(eq(orderCharges.orderId, cart.orderId));
      expect(charges.map((c) => Number(c.charge))).toEqual([15]);
    } finally {
      await f.clearMinValue(f.plain.id);
    }
  });

  it("counts only the minimum order value in the cart's price currency", async () => {
    await f.setMinValue(f.plain.id, 'USD', '99.00');
    try {
      await add('VENDOR', oneSize(f.plain, 10));
      await fillHeader('VENDOR');
      expect((await call('VENDOR', 'GET', '/orders/cart')).json()).toMatchObject({
        orderCharges: [],
        totalPrice: { currency: 'CAD', price: '10.00' },
      });
      expect((await place('VENDOR')).json().orderId).toBeGreaterThan(0);
    } finally {
      await f.clearMinValue(f.plain.id);
    }
  });

  it('a placed order keeps the prices, minimum order value and charges it was placed with', async () => {
    /** Places a cart of 10 pieces of the plain subcode (CAD 1.00 each) and answers its id. */
    const placeTen = async () => {
      await resetCart('VENDOR');
      await add('VENDOR', oneSize(f.plain, 10));
      await fillHeader('VENDOR');
      const id = (await place('VENDOR')).json().orderId as number;
      expect(id).toBeGreaterThan(0);
      return id;
    };
    const details = async (id: number) => {
      const res = await call('VENDOR', 'GET', `/orders/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const o = res.json();
      return {
        unitPrice: o.orderItems[0].unitPrice.price,
        minValue: o.orderItems[0].minValue?.price ?? null,
        charges: o.orderCharges.map((c: { charge: { price: string } }) => c.charge.price),
        totalPrice: o.totalPrice.price,
      };
    };
    /** Changes the plain subcode through the API, as an admin would: its minimum value and CAD tier. */
    const editSubcode = async (minValue: string, tierPrice: string) => {
      const sc = (await call('ADMIN', 'GET', `/product-subcodes/${f.plain.id}`)).json();
      const res = await call('ADMIN', 'PUT', `/product-subcodes/${f.plain.id}`, {
        ...sc,
        minValues: [{ currency: 'CAD', price: minValue }],
        priceTiers: sc.priceTiers.map((tier: { currency: string }) =>
          tier.currency === 'CAD' ? { ...tier, price: tierPrice } : tier,
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    try {
      const withoutMinimum = await placeTen();
      await editSubcode('12.00', '1.0000');
      const withMinimum = await placeTen();
      expect(await details(withMinimum)).toEqual({
        unitPrice: '1.0000',
        minValue: '12.00',
        charges: ['2.00'],
        totalPrice: '12.00',
      });

      // Later: a minimum order value of 25 and a unit price of 2 for the subcode.
      await editSubcode('25.00', '2.0000');
      expect(await details(withoutMinimum)).toEqual({
        unitPrice: '1.0000',
        minValue: null,
        charges: [],
        totalPrice: '10.00',
      });
      expect(await details(withMinimum)).toEqual({
        unitPrice: '1.0000',
        minValue: '12.00',
        charges: ['2.00'],
        totalPrice: '12.00',
      });
      // The cart is priced live: the same line now costs 2.00 and falls short of 25.
      await resetCart('VENDOR');
      await add('VENDOR', oneSize(f.plain, 10));
      const cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
      expect([cart.orderItems[0].minValue?.price, cart.totalPrice.price]).toEqual(['25.00', '25.00']);
    } finally {
      await f.setPriceTier(f.plain.id, 1, 'CAD', '1.0000');
      await f.clearMinValue(f.plain.id);
    }
  });

  it("answers 409 when the vendor no longer orders for the cart's customer, and places once it does again", async () => {
    await add('VENDOR', oneSize(f.plain, 10));
    const cart = await fillHeader('VENDOR');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    const link = and(
      eq(vendorCustomers.vendorId, row.vendorId ?? 0),
      eq(vendorCustomers.customerId, f.roots),
    );
    const [saved] = await t.db.delete(vendorCustomers).where(link).returning();
    expect(saved).toBeDefined();
    try {
      const res = await place('VENDOR');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CART_API_MESSAGES.customerNotOrderable);
    } finally {
      // Puts back the link the test removed, as it was (a restore, not test data).
      await t.db.insert(vendorCustomers).values(saved);
    }
    expect((await place('VENDOR')).json().orderId).toBe(cart.orderId);
  });

  it("answers 400 when the cart's shipping address is no longer one the vendor saved", async () => {
    await add('VENDOR', oneSize(f.plain, 10));
    const cart = await fillHeader('VENDOR');
    await t.db
      .update(orders)
      .set({ shippingAddress: 'A dock no longer used' })
      .where(eq(orders.id, cart.orderId));
    const res = await place('VENDOR');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CART_API_MESSAGES.unsavedAddress);
    await t.db
      .update(orders)
      .set({ shippingAddress: DEMO_VENDOR_ADDRESS })
      .where(eq(orders.id, cart.orderId));
    expect((await place('VENDOR')).json().orderId).toBe(cart.orderId);
  });

  it('answers 409 when an item was deactivated since the add', async () => {
    await add('VENDOR', oneSize(f.plain, 10));
    await fillHeader('VENDOR');
    const itemId = f.plain.items['One Size'];
    await t.db.update(productItems).set({ active: false }).where(eq(productItems.id, itemId));
    try {
      const res = await place('VENDOR');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CART_API_MESSAGES.inactiveAtPlace('ZZ-CART-PLAIN', 'One Size'));
    } finally {
      await t.db.update(productItems).set({ active: true }).where(eq(productItems.id, itemId));
    }
  });
});

describe('placing twice at once', () => {
  it('makes exactly one order; the other call answers 409', async () => {
    await resetCart('VENDOR2');
    await add('VENDOR2', oneSize(f.plain, 2));
    await fillHeader('VENDOR2');
    const cartId = (await call('VENDOR2', 'GET', '/orders/cart-status')).json().orderId;
    const placedBefore = await t.db.$count(
      orders,
      and(eq(orders.userId, userId[DEMO_EMAILS.VENDOR2]), sql`order_status <> 'PENDING'`),
    );
    const [a, b] = await Promise.all([place('VENDOR2'), place('VENDOR2')]);
    const answers = [a, b].map((r) => [r.statusCode, r.json()] as const).sort(([x], [y]) => x - y);
    expect(answers).toEqual([
      [200, { orderId: cartId, message: MESSAGES.orderPlaced }],
      [409, { message: CART_API_MESSAGES.alreadyPlaced }],
    ]);
    const placedAfter = await t.db.$count(
      orders,
      and(eq(orders.userId, userId[DEMO_EMAILS.VENDOR2]), sql`order_status <> 'PENDING'`),
    );
    expect(placedAfter).toBe(placedBefore + 1);
    expect(await t.db.$count(orderLogs, eq(orderLogs.orderId, cartId))).toBe(1);
  });
});

describe('demo products', () => {
  it('a demo subcode of the vendor can be added with its own rules', async () => {
    await resetCart('VENDOR');
    const [sub] = await t.db
      .select()
      .from(productSubcodes)
      .where(and(eq(productSubcodes.productSubcode, 'RT-WL-101'), eq(productSubcodes.customerId, f.roots)));
    const [item] = await t.db
      .select()
      .from(productItems)
      .where(
        and(
          eq(productItems.productSubcodeId, sub.id),
          eq(productItems.active, true),
          eq(productItems.productType, 'STANDARD'),
        ),
      )
      .orderBy(asc(productItems.sortKey))
      .limit(1);
    const quantity = Math.max(sub.minOrderQuantity, sub.packSize) * 2;
    const fieldsOf = async (schemaId: number | null) =>
      schemaId
        ? (await t.db.select().from(attributeSchemas).where(eq(attributeSchemas.id, schemaId)))[0]
            .attributeFields
        : [];
    const fill = (fields: { name: string; options: string[] }[]) =>
      Object.fromEntries(fields.map((a) => [a.name, a.options[0] ?? 'Test']));
    const res = await call('VENDOR', 'POST', '/orders', {
      productType: 'STANDARD',
      quantities: { [item.id]: quantity },
      attributes: fill(await fieldsOf(sub.attributeSchemaId)),
      attributesItems: { [item.id]: fill(await fieldsOf(item.attributeSchemaId)) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sizes = await t.db
      .select()
      .from(orderItemSizes)
      .where(eq(orderItemSizes.orderItemId, res.json().orderItemId));
    expect(sizes).toEqual([expect.objectContaining({ productItemId: item.id, quantity })]);
    expect(sizes[0].unitPrice).not.toBeNull();
  });
});
