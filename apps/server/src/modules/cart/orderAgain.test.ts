/**
 * POST /orders/{id}/order-again (docs/decisions/0016): a placed order's lines go into the user's cart
 * at today's prices and rules, line by line, through the cart's add-line path. Each test orders
 * again as a vendor user of its own (so each has an empty cart of its own) of the demo vendor of
 * vendor@example.com (Dhaka Knitwear, CAD, buys for Roots and Dunnes). The route matrix checks the
 * 401/403 of every role too; the 403 of a role without a cart is also shown here.
 */
import { ORDER_AGAIN_MESSAGES, type OrderAgainResponse, orderAgainMessage } from '@selvedge/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildOrder, buildSubcode, buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let parties: Awaited<ReturnType<typeof demoParties>>;
let placedBy: number;

beforeAll(async () => {
  t = await createTestApp();
  parties = await demoParties(t.db);
  placedBy = (await t.db.select().from(s.users).where(eq(s.users.email, 'vendor@example.com')))[0]!.id;
});
afterAll(() => t?.close());

type Subcode = Awaited<ReturnType<typeof buildSubcode>>;

/** A placed order of the demo vendor for Roots with one line per subcode (100 of every size, unit price 0.1000 CAD). */
const placedOrder = async (subcodes: Subcode[], customerId = parties.rootsId) =>
  (
    await buildOrder(t.db, {
      status: 'PRODUCTION_CONFIRMED',
      userId: placedBy,
      vendorId: parties.vendorId,
      customerId,
      regionId: parties.regionId,
      factoryId: parties.factoryId,
      items: subcodes.map((subcode) => ({ subcode })),
    })
  ).orderId;
const subcode = (opts: Partial<Parameters<typeof buildSubcode>[1]> = {}) =>
  buildSubcode(t.db, { customerId: parties.rootsId, factoryId: parties.factoryId, ...opts });

/** A fresh vendor user of the demo vendor (an empty cart of its own) and its token. */
async function freshVendor(vendorId = parties.vendorId) {
  const user = await buildUser(t.db, { role: 'VENDOR', vendorIds: [vendorId] });
  return { ...user, token: await t.login(user.email) };
}
async function orderAgain(orderId: number, token: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1.0/orders/${orderId}/order-again`,
    headers: t.auth(token),
  });
}
async function ok(orderId: number, token: string): Promise<OrderAgainResponse> {
  const res = await orderAgain(orderId, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The user's cart lines: subcode → size → quantity. */
async function cartOf(userId: number) {
  const cart = (await t.db.select().from(s.orders).where(eq(s.orders.userId, userId))).find(
    (o) => o.orderStatus === 'PENDING',
  );
  if (!cart) return {};
  const lines = await t.db.select().from(s.orderItems).where(eq(s.orderItems.orderId, cart.id));
  const sizes = lines.length
    ? await t.db
        .select({
          line: s.orderItemSizes.orderItemId,
          size: s.productItems.productSize,
          q: s.orderItemSizes.quantity,
        })
        .from(s.orderItemSizes)
        .innerJoin(s.productItems, eq(s.productItems.id, s.orderItemSizes.productItemId))
        .where(
          inArray(
            s.orderItemSizes.orderItemId,
            lines.map((l) => l.id),
          ),
        )
    : [];
  return Object.fromEntries(
    lines.map((l) => [
      l.id,
      Object.fromEntries(sizes.filter((z) => z.line === l.id).map((z) => [z.size, z.q])),
    ]),
  );
}

describe('POST /orders/{id}/order-again', () => {
  it("copies every line as it was when today's prices and rules are the same", async () => {
    const a = await subcode();
    const b = await subcode({ sizes: ['One Size'] });
    const orderId = await placedOrder([a, b]);
    const me = await freshVendor();
    const r = await ok(orderId, me.token);
    expect(r.message).toBe(orderAgainMessage(2, 2));
    expect(r.copied).toBe(2);
    expect(r.lines.map((l) => [l.productSubcode, l.result, l.changes, l.reason])).toEqual([
      [a.productSubcode, 'COPIED', [], null],
      [b.productSubcode, 'COPIED', [], null],
    ]);
    const cart = await cartOf(me.id);
    expect(cart[r.lines[0]!.cartOrderItemId!]).toEqual({ S: 100, M: 100 });
    expect(cart[r.lines[1]!.cartOrderItemId!]).toEqual({ 'One Size': 100 });
  });

  it("says when today's unit price differs from the order's", async () => {
    const dearer = await subcode({ price: '0.1200' });
    const orderId = await placedOrder([dearer]);
    const me = await freshVendor();
    const [line] = (await ok(orderId, me.token)).lines;
    expect(line).toMatchObject({ result: 'CHANGED', reason: null });
    expect(line!.changes).toEqual([
      { kind: 'PRICE', message: ORDER_AGAIN_MESSAGES.price('CAD 0.1000', 'CAD 0.1200') },
    ]);
    // a vendor sees no costs, so no cost change is told
    expect(line!.changes.some((c) => c.kind === 'COST')).toBe(false);
  });

  it('leaves out a size no longer available, and a line with none left', async () => {
    const partly = await subcode({ sizes: ['S', 'M', 'L'] });
    const gone = await subcode({ sizes: ['One Size'] });
    const orderId = await placedOrder([partly, gone]);
    const inactive = [partly.items.find((i) => i.size === 'L')!.id, gone.items[0]!.id];
    await t.db.update(s.productItems).set({ active: false }).where(inArray(s.productItems.id, inactive));
    const me = await freshVendor();
    const r = await ok(orderId, me.token);
    expect(r.copied).toBe(1);
    expect(r.message).toBe(orderAgainMessage(1, 2));
    expect(r.lines[0]).toMatchObject({
      result: 'CHANGED',
      changes: [{ kind: 'INACTIVE_SIZE', message: ORDER_AGAIN_MESSAGES.inactiveSize('L') }],
    });
    expect(r.lines[1]).toMatchObject({
      result: 'NOT_COPIED',
      cartOrderItemId: null,
      reason: ORDER_AGAIN_MESSAGES.nothingLeft,
      changes: [{ kind: 'INACTIVE_SIZE', message: ORDER_AGAIN_MESSAGES.inactiveSize('One Size') }],
    });
    expect(Object.values(await cartOf(me.id))).toEqual([{ S: 100, M: 100 }]);
  });

  it("raises quantities to today's minimum order quantity and pack size", async () => {
    const sub = await subcode();
    const orderId = await placedOrder([sub]);
    await t.db
      .update(s.productSubcodes)
      .set({ minOrderQuantity: 150, packSize: 50 })
      .where(eq(s.productSubcodes.id, sub.subcodeId));
    const me = await freshVendor();
    const [line] = (await ok(orderId, me.token)).lines;
    expect(line!.result).toBe('CHANGED');
    expect(line!.changes).toEqual([
      { kind: 'QUANTITY', message: ORDER_AGAIN_MESSAGES.quantity('S', 100, 150, 150, 50) },
      { kind: 'QUANTITY', message: ORDER_AGAIN_MESSAGES.quantity('M', 100, 150, 150, 50) },
    ]);
    expect((await cartOf(me.id))[line!.cartOrderItemId!]).toEqual({ S: 150, M: 150 });
  });

  it("refuses, line by line, what the cart's rules refuse: another customer than the cart's", async () => {
    const roots = await subcode();
    const dunnes = await buildSubcode(t.db, { customerId: parties.dunnesId, factoryId: parties.factoryId });
    const me = await freshVendor();
    await ok(await placedOrder([roots]), me.token);
    const [line] = (await ok(await placedOrder([dunnes], parties.dunnesId), me.token)).lines;
    expect(line!.result).toBe('NOT_COPIED');
    expect(line!.reason).toMatch(/Roots/);
    expect(Object.keys(await cartOf(me.id))).toHaveLength(1);
  });

  it('tells ACCOUNT (costs, no prices) when the unit cost changed', async () => {
    const sub = await subcode({ cost: '0.0600' });
    const orderId = await placedOrder([sub]);
    const res = await orderAgain(orderId, await t.tokenFor('ACCOUNT'));
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (res.json() as OrderAgainResponse).lines;
    expect(line!.changes.map((c) => c.kind)).toEqual(['COST']);
    expect(line!.changes[0]!.message).toMatch(/^Unit cost was CAD 0\.0500, today \w{3} 0\.0600\.$/);
  });

  it("answers 404 for another tenant's order (and for a cart), without copying anything", async () => {
    const orderId = await placedOrder([await subcode()]);
    const other = await freshVendor(parties.vendor2Id);
    const res = await orderAgain(orderId, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Order not found.');
    expect(await cartOf(other.id)).toEqual({});
    const me = await freshVendor();
    const cart = await buildOrder(t.db, {
      status: 'PENDING',
      userId: placedBy,
      vendorId: parties.vendorId,
      customerId: parties.rootsId,
      regionId: parties.regionId,
      factoryId: parties.factoryId,
      items: [{ subcode: await subcode() }],
    });
    expect((await orderAgain(cart.orderId, me.token)).statusCode).toBe(404);
  });

  it('answers 400 for a bad id', async () => {
    expect((await orderAgain('abc' as unknown as number, await t.tokenFor('VENDOR'))).statusCode).toBe(400);
  });
});
