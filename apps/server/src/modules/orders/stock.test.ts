/**
 * Shipping moves stock (docs/decisions/0039-shipping-moves-stock.md; ordering §2 Product details
 * inventory, §9): shipping an order of inventory products takes its pieces from stock, shipping a
 * restock order adds them, both with an order log line; not enough stock is a 409 with nothing
 * written; two shipments racing for the same last stock: one ships, the other gets the 409.
 */
import { STOCK_MESSAGES } from '@selvedge/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildOrder, buildSubcode, demoParties } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';

let t: TestApp;
let p: Awaited<ReturnType<typeof demoParties>>;
let vendorUserId = 0;

beforeAll(async () => {
  t = await createTestApp();
  p = await demoParties(t.db);
  vendorUserId = (await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!.id;
});
afterAll(() => t?.close());

/** A subcode whose sizes (S, M) are inventory products holding `stock` pieces each (plain: not stocked). */
async function stockedSubcode(stock: number, stocked = true) {
  const sub = await buildSubcode(t.db, { customerId: p.rootsId, factoryId: p.factoryId });
  await t.db
    .update(s.productItems)
    .set({ hasInventory: stocked, currentInventory: stock, maximumInventory: 1000 })
    .where(
      inArray(
        s.productItems.id,
        sub.items.map((i) => i.id),
      ),
    );
  return sub;
}

/** A READY_TO_SHIP order of the demo vendor holding 100 of every size of each subcode. */
async function readyOrder(subs: Awaited<ReturnType<typeof buildSubcode>>[], restock = false) {
  const { orderId } = await buildOrder(t.db, {
    status: 'READY_TO_SHIP',
    userId: vendorUserId,
    vendorId: p.vendorId,
    customerId: p.rootsId,
    regionId: p.regionId,
    factoryId: p.factoryId,
    items: subs.map((subcode) => ({ subcode })),
    financeApproval: true,
    csrProductionConfirmed: true,
  });
  if (restock) await t.db.update(s.orders).set({ restock: true }).where(eq(s.orders.id, orderId));
  return orderId;
}

const ship = async (orderId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1.0/orders/${orderId}/ship-and-complete`,
    headers: t.auth(await t.tokenFor('CSR')),
  });

const inventoryOf = async (sub: Awaited<ReturnType<typeof buildSubcode>>) =>
  (
    await t.db
      .select({ q: s.productItems.currentInventory })
      .from(s.productItems)
      .where(
        inArray(
          s.productItems.id,
          sub.items.map((i) => i.id),
        ),
      )
      .orderBy(s.productItems.id)
  ).map((r) => r.q);

const orderState = async (orderId: number) => ({
  status: (await t.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]!.orderStatus,
  logs: (await t.db.select().from(s.orderLogs).where(eq(s.orderLogs.orderId, orderId))).map(
    (l) => l.description,
  ),
  slips: (await t.db.select().from(s.packingSlips).where(eq(s.packingSlips.orderId, orderId))).length,
});

describe('shipping moves stock', () => {
  it("takes a vendor order's stocked sizes from inventory and says so in the order log; other items are left alone", async () => {
    const stocked = await stockedSubcode(250);
    const plain = await stockedSubcode(30, false);
    const orderId = await readyOrder([stocked, stocked, plain]);
    const res = await ship(orderId);
    expect(res.statusCode, res.body).toBe(200);
    // Two lines of the same subcode: 200 of each size taken.
    expect(await inventoryOf(stocked)).toEqual([50, 50]);
    expect(await inventoryOf(plain)).toEqual([30, 30]);
    const { status, logs } = await orderState(orderId);
    expect(status).toBe('COMPLETE_AND_SHIPPED');
    expect(logs).toContain(
      `Stock taken on shipping: ${stocked.productSubcode} S −200 (250 → 50), ${stocked.productSubcode} M −200 (250 → 50)`,
    );
  });

  it('a restock order adds its stocked sizes to inventory', async () => {
    const stocked = await stockedSubcode(5);
    const orderId = await readyOrder([stocked], true);
    const res = await ship(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await inventoryOf(stocked)).toEqual([105, 105]);
    expect((await orderState(orderId)).logs).toContain(
      `Stock added by restock order: ${stocked.productSubcode} S +100 (5 → 105), ${stocked.productSubcode} M +100 (5 → 105)`,
    );
  });

  it('a restock order that would pass the most a product item holds: 409, nothing written', async () => {
    const stocked = await stockedSubcode(2_147_483_600);
    const orderId = await readyOrder([stocked], true);
    const before = await orderState(orderId);
    const res = await ship(orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Too much stock to receive with this restock order: ${stocked.productSubcode} S has 2147483600 in stock, the order adds 100; ` +
        `${stocked.productSubcode} M has 2147483600 in stock, the order adds 100; a product item holds at most 2,147,483,647.`,
    );
    expect(await inventoryOf(stocked)).toEqual([2_147_483_600, 2_147_483_600]);
    expect(await orderState(orderId)).toEqual(before);
  });

  it('not enough stock: 409 naming the short sizes, and nothing is written', async () => {
    const stocked = await stockedSubcode(99);
    const orderId = await readyOrder([stocked]);
    const before = await orderState(orderId);
    const res = await ship(orderId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Not enough stock to ship this order: ${stocked.productSubcode} S has 99 in stock, the order ships 100; ` +
        `${stocked.productSubcode} M has 99 in stock, the order ships 100.`,
    );
    expect(await inventoryOf(stocked)).toEqual([99, 99]);
    expect(await orderState(orderId)).toEqual(before);
    expect(before.status).toBe('READY_TO_SHIP');
    expect(before.slips).toBe(0);
  });

  it('two orders racing for the same last stock: one ships, the other gets the 409', async () => {
    const stocked = await stockedSubcode(150);
    const [a, b] = [await readyOrder([stocked]), await readyOrder([stocked])];
    const answers = await Promise.all([ship(a), ship(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(
      STOCK_MESSAGES.notEnoughStock([
        {
          productItemId: 0,
          productSubcode: stocked.productSubcode,
          productSize: 'S',
          currentInventory: 50,
          quantity: 100,
        },
        {
          productItemId: 0,
          productSubcode: stocked.productSubcode,
          productSize: 'M',
          currentInventory: 50,
          quantity: 100,
        },
      ]),
    );
    expect(await inventoryOf(stocked)).toEqual([50, 50]);
    const states = [await orderState(a), await orderState(b)].map((o) => o.status).sort();
    expect(states).toEqual(['COMPLETE_AND_SHIPPED', 'READY_TO_SHIP']);
  });
});
