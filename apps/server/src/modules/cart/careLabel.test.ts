/**
 * Care labels on the ordering side (ordering §2 Product details, §3 Care label, §5, §8):
 * the editor's configuration call, Add to Order checking the label by the shared rule and fixing
 * what it prints, and placing's -3/-4 reproduced by changing the customer's configuration.
 * Demo data: Roots (standard labels, CA + US) and its care-label subcode RT-CL-301.
 */
import {
  type CareLabel,
  type CustomerCareConfig,
  earliestDateRequested,
  MESSAGES,
  type ProductCareLabelResponse,
  rolesRefused,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { careListItems, customers, orders, productItems, productSubcodes } from '../../platform/db/schema';
import { idOfCustomer, idOfUser } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';

let t: TestApp;
let vendorUserId: number;
let rootsId: number;
const sub: Record<string, { id: number; itemId: number; quantity: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  vendorUserId = await idOfUser(t.db, DEMO_EMAILS.VENDOR);
  rootsId = await idOfCustomer(t.db, 'Roots');
  for (const code of ['RT-CL-301', 'RT-WL-101']) {
    const [s] = await t.db.select().from(productSubcodes).where(eq(productSubcodes.productSubcode, code));
    const [item] = await t.db
      .select()
      .from(productItems)
      .where(and(eq(productItems.productSubcodeId, s.id), eq(productItems.active, true)))
      .orderBy(asc(productItems.sortKey))
      .limit(1);
    sub[code] = { id: s.id, itemId: item.id, quantity: Math.max(s.minOrderQuantity, s.packSize) * 2 };
  }
});
afterAll(() => t?.close());

async function call(
  role: 'VENDOR' | 'ADMIN' | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers: role ? t.auth(await t.tokenFor(role)) : {},
    ...(payload ? { payload } : {}),
  });
}

const resetCart = () =>
  t.db.delete(orders).where(and(eq(orders.userId, vendorUserId), eq(orders.orderStatus, 'PENDING')));

async function editorConfig(): Promise<CustomerCareConfig> {
  const res = await call('VENDOR', 'GET', `/products/care-label?productSubcodeId=${sub['RT-CL-301'].id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProductCareLabelResponse).config;
}

/** A complete standard label from the first options of each of Roots' lists. */
function validLabel(config: CustomerCareConfig): CareLabel {
  const first = (type: string) => config.careInstructions.find((o) => o.type === type)?.displayName ?? null;
  const [m1, m2] = config.materials;
  return {
    type: 'CARELABEL_STANDARD',
    countryOfOrigins: [config.countriesOfOrigin[0].name],
    wash: first('WASH'),
    bleach: first('BLEACH'),
    dry: first('DRY'),
    iron: first('IRON'),
    dryClean: first('DRYCLEAN'),
    garmentComponents: [
      {
        componentType: config.componentTypes[0].name,
        fabricCompositions: [
          { material: m1.name, percentage: 60 },
          { material: m2.name, percentage: 40 },
        ],
      },
    ],
    specialInstructions: [],
  };
}

const line = (careLabel?: CareLabel | object, code = 'RT-CL-301') => ({
  productType: 'STANDARD',
  quantities: { [String(sub[code].itemId)]: sub[code].quantity },
  attributes: {},
  ...(careLabel ? { careLabel } : {}),
});

async function placeableCart() {
  const saved = (await call('VENDOR', 'GET', '/orders/shipping-addresses')).json().addresses as {
    address: string;
  }[];
  const res = await call('VENDOR', 'PUT', '/orders/cart', {
    vendorPO: 'PO-CARE-1',
    shippingAddress: saved[0].address,
    dateRequested: dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD'),
  });
  expect(res.statusCode, res.body).toBe(200);
}
const place = () => call('VENDOR', 'PUT', '/orders/place?termsAndConditions=true');

describe('GET /products/care-label', () => {
  it('answers 401 without a token and 403 for a role that may not see products', async () => {
    const url = `/products/care-label?productSubcodeId=${sub['RT-CL-301'].id}`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const refused = rolesRefused('productsRead')[0];
    if (refused) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1.0${url}`,
        headers: t.auth(await t.tokenFor(refused)),
      });
      expect(res.statusCode).toBe(403);
    }
  });
  it('answers 400 for a bad id, 404 for an unknown subcode and for one without a care label', async () => {
    expect((await call('VENDOR', 'GET', '/products/care-label?productSubcodeId=abc')).statusCode).toBe(400);
    // Beyond an integer column's range (found by the fuzz test: it answered 500)
    expect(
      (await call('VENDOR', 'GET', '/products/care-label?productSubcodeId=2586811341431830')).statusCode,
    ).toBe(400);
    expect((await call('VENDOR', 'GET', '/products/care-label?productSubcodeId=999999')).statusCode).toBe(
      404,
    );
    const res = await call('VENDOR', 'GET', `/products/care-label?productSubcodeId=${sub['RT-WL-101'].id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This product has no care label.');
  });
  it("answers the label type and the customer's lists and settings", async () => {
    const res = await call('VENDOR', 'GET', `/products/care-label?productSubcodeId=${sub['RT-CL-301'].id}`);
    const body = res.json() as ProductCareLabelResponse;
    expect(body.type).toBe('CARELABEL_STANDARD');
    expect(body.config.customerId).toBe(rootsId);
    expect(body.config.materials.length).toBeGreaterThan(1);
    expect(body.config.careInstructions.map((o) => o.type)).toEqual(
      expect.arrayContaining(['WASH', 'BLEACH', 'DRY', 'IRON', 'DRYCLEAN']),
    );
    expect(body.config.markets).toEqual(expect.arrayContaining(['CA', 'US']));
  });
  it('product details name the care label type of each product', async () => {
    const res = await call(
      'VENDOR',
      'GET',
      `/products/details?ids=${sub['RT-CL-301'].itemId},${sub['RT-WL-101'].itemId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products.map((p: { careLabelType: string | null }) => p.careLabelType)).toEqual([
      'CARELABEL_STANDARD',
      null,
    ]);
  });
});

describe('Add to Order with a care label', () => {
  beforeEach(resetCart);

  it('answers 400 without a label for a care-label product, and for a label on a product without one', async () => {
    const none = await call('VENDOR', 'POST', '/orders', line());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      field: 'careLabel',
      message: 'Product RT-CL-301 is ordered with a care label: please fill it in.',
    });
    const stray = await call(
      'VENDOR',
      'POST',
      '/orders',
      line(validLabel(await editorConfig()), 'RT-WL-101'),
    );
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual({ field: 'careLabel', message: 'Product RT-WL-101 has no care label.' });
  });

  it('answers 400 with the spec text when a component does not add up to 100', async () => {
    const label = validLabel(await editorConfig());
    const wrong = {
      ...label,
      garmentComponents: label.garmentComponents?.map((c) => ({
        ...c,
        fabricCompositions: c.fabricCompositions.map((r, i) => (i === 0 ? { ...r, percentage: 50 } : r)),
      })),
    };
    const res = await call('VENDOR', 'POST', '/orders', line(wrong));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.materialPercentages);
  });

  it("answers 400 naming the field for an option not in the customer's lists", async () => {
    const res = await call(
      'VENDOR',
      'POST',
      '/orders',
      line({ ...validLabel(await editorConfig()), wash: 'Boil' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: 'careLabel.wash',
      message: "The chosen wash instruction is not one of the customer's care label options.",
    });
  });

  it('stores the label with what it prints fixed by the server, shown on the cart and in edit details', async () => {
    const config = await editorConfig();
    const label = validLabel(config);
    const forged = {
      ...label,
      printed: { icons: { wash: 'wash-95' }, markets: ['EU'], caNumber: '1', rnNumber: null },
    };
    const res = await call('VENDOR', 'POST', '/orders', line(forged));
    expect(res.statusCode, res.body).toBe(200);
    const orderItemId = res.json().orderItemId as number;
    const cart = (await call('VENDOR', 'GET', '/orders/cart')).json();
    const stored = cart.orderItems.find(
      (i: { orderItemId: number }) => i.orderItemId === orderItemId,
    ).careLabel;
    const washIcon = config.careInstructions.find(
      (o) => o.displayName === label.wash && o.type === 'WASH',
    )?.icon;
    expect(stored).toEqual({
      ...label,
      printed: {
        icons: expect.objectContaining({ wash: washIcon ?? null }),
        markets: config.markets,
        caNumber: config.caNumber ?? null,
        rnNumber: config.rnNumber ?? null,
      },
    });
    const edit = (await call('VENDOR', 'GET', `/products/edit-details/${orderItemId}`)).json();
    expect(edit.products[0].careLabel).toEqual(stored);
  });
});

describe('placing refuses a line whose care label the configuration no longer allows', () => {
  beforeEach(resetCart);

  it('answers -3 when an option the line uses left the customer list, and places once it is back', async () => {
    const config = await editorConfig();
    const label = validLabel(config);
    expect((await call('VENDOR', 'POST', '/orders', line(label))).statusCode).toBe(200);
    await placeableCart();
    const material = config.materials[1];
    const [member] = await t.db.select().from(careListItems).where(eq(careListItems.optionId, material.id));
    await t.db
      .delete(careListItems)
      .where(and(eq(careListItems.listId, member.listId), eq(careListItems.optionId, material.id)));
    try {
      const refused = await place();
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toEqual({ orderId: -3, message: MESSAGES.careLabelChangedRefresh });
      // The cart stays as it was.
      expect((await call('VENDOR', 'GET', '/orders/cart')).json().orderItems).toHaveLength(1);
    } finally {
      // Puts back the list item the test removed, as it was (a restore, not test data).
      await t.db.insert(careListItems).values(member);
    }
    const placed = await place();
    expect(placed.json().orderId, placed.body).toBeGreaterThan(0);
  });

  it('answers -4 when fabric composition became required and a line has none', async () => {
    const config = await editorConfig();
    const { garmentComponents: _none, ...noFabric } = validLabel(config);
    await t.db.update(customers).set({ fabricCompositionShow: false }).where(eq(customers.id, rootsId));
    try {
      const added = await call('VENDOR', 'POST', '/orders', line(noFabric));
      expect(added.statusCode, added.body).toBe(200);
      await placeableCart();
    } finally {
      await t.db.update(customers).set({ fabricCompositionShow: true }).where(eq(customers.id, rootsId));
    }
    const refused = await place();
    expect(refused.json()).toEqual({ orderId: -4, message: MESSAGES.careLabelChangedEdit });
  });
});
