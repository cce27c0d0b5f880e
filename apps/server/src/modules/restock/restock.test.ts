/**
 * Restock (ordering §2 Restock, §7 /restocking-customers and POST /orders/restock/{customerId}, §9):
 * role and the per-user canRestock flag, scope, the quantities of packages/shared restockQuantity,
 * the cart's own add-line path.
 */
import { MESSAGES, restockQuantity } from '@selvedge/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUser, idOfCustomer, idOfUser } from '../products/products.test-fixtures';

let t: TestApp;
let roots: number;
let dunnes: number;
let dunnesAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  roots = await idOfCustomer(t.db, 'Roots');
  dunnes = await idOfCustomer(t.db, 'Dunnes Stores');
  const id = await createUser(t.db, 'dunnes-restock@example.com', 'ACCOUNT', { customerIds: [dunnes] });
  await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, id));
  dunnesAccount = await t.login('dunnes-restock@example.com');
});
afterAll(() => t?.close());

const call = async (method: 'GET' | 'POST', url: string, token: string | null) =>
  t.app.inject({ method, url: `/api/v1.0${url}`, headers: token ? t.auth(token) : {} });

/** The condition of a customer's stocked sizes (active STANDARD items with inventory; join of items and subcodes). */
const stockedItemsOf = (customerId: number) =>
  and(
    eq(s.productSubcodes.customerId, customerId),
    eq(s.productItems.hasInventory, true),
    eq(s.productItems.active, true),
    eq(s.productItems.productType, 'STANDARD'),
  );

/** The stocked items of a customer with the quantity restock should put in the cart (0: left out). */
async function expectedQuantities(customerId: number) {
  const rows = await t.db
    .select({
      id: s.productItems.id,
      productSubcode: s.productSubcodes.productSubcode,
      currentInventory: s.productItems.currentInventory,
      inventoryMax: s.productItems.maximumInventory,
      defaultOrderQuantity: s.productItems.defaultOrderQuantity,
      minOrderQuantity: s.productSubcodes.minOrderQuantity,
      packSize: s.productSubcodes.packSize,
    })
    .from(s.productItems)
    .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.productItems.productSubcodeId))
    .where(stockedItemsOf(customerId));
  return rows.map((r) => ({ ...r, quantity: restockQuantity(r, r) }));
}

describe('GET /restocking-customers', () => {
  it('answers 401, and 403 to roles other than ADMIN and ACCOUNT and to users without the restock permission', async () => {
    expect((await call('GET', '/restocking-customers', null)).statusCode).toBe(401);
    for (const role of ['VENDOR', 'CSR', 'FINANCE', 'CUSTOMER', 'FACTORY_ACCOUNT'] as const)
      expect((await call('GET', '/restocking-customers', await t.tokenFor(role))).statusCode, role).toBe(403);
  });

  it("lists the customers of the user's scope that have inventory products", async () => {
    const res = await call('GET', '/restocking-customers', await t.tokenFor('ACCOUNT'));
    expect(res.statusCode).toBe(200);
    const names = res.json().customers.map((c: { customerName: string }) => c.customerName);
    expect(names).toEqual(expect.arrayContaining(['Roots', 'Dunnes Stores']));
    expect(names).toEqual([...names].sort());
    const own = await call('GET', '/restocking-customers', dunnesAccount);
    expect(own.json()).toEqual({ customers: [{ customerId: dunnes, customerName: 'Dunnes Stores' }] });
  });
});

describe('POST /orders/restock/{customerId}', () => {
  it('answers 401, 403 (role, per-user flag), 400 (bad id) and 404 (unknown, out of scope)', async () => {
    expect((await call('POST', `/orders/restock/${roots}`, null)).statusCode).toBe(401);
    expect((await call('POST', `/orders/restock/${roots}`, await t.tokenFor('VENDOR'))).statusCode).toBe(403);
    await t.db.update(s.users).set({ canRestock: false }).where(eq(s.users.email, 'account@example.com'));
    await t.app.sessionCacheSync();
    try {
      expect((await call('POST', `/orders/restock/${roots}`, await t.tokenFor('ACCOUNT'))).statusCode).toBe(
        403,
      );
    } finally {
      await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.email, 'account@example.com'));
      await t.app.sessionCacheSync();
    }
    const bad = await call('POST', '/orders/restock/abc', await t.tokenFor('ACCOUNT'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('customerId');
    expect((await call('POST', '/orders/restock/99999999', await t.tokenFor('ACCOUNT'))).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/orders/restock/${roots}`, dunnesAccount)).statusCode).toBe(404);
  });

  it("puts every stocked size below its maximum into the user's cart at the restock quantity", async () => {
    const expected = await expectedQuantities(roots);
    expect(expected.some((e) => e.quantity > 0)).toBe(true);
    const res = await call('POST', `/orders/restock/${roots}`, await t.tokenFor('ACCOUNT'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.restockAdded);
    expect(body.added.length).toBeGreaterThan(0);
    const accountId = await idOfUser(t.db, 'account@example.com');
    const sizes = await t.db
      .select({ productItemId: s.orderItemSizes.productItemId, quantity: s.orderItemSizes.quantity })
      .from(s.orderItemSizes)
      .innerJoin(s.orderItems, eq(s.orderItems.id, s.orderItemSizes.orderItemId))
      .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
      .where(
        and(
          eq(s.orders.userId, accountId),
          inArray(
            s.orderItems.id,
            body.added.map((a: { orderItemId: number }) => a.orderItemId),
          ),
        ),
      );
    const addedSubcodes = new Set(body.added.map((a: { productSubcode: string }) => a.productSubcode));
    const want = expected.filter((e) => e.quantity > 0 && addedSubcodes.has(e.productSubcode));
    expect(new Map(sizes.map((r) => [r.productItemId, r.quantity]))).toEqual(
      new Map(want.map((e) => [e.id, e.quantity])),
    );
    // Every subcode with something to restock was added or is reported with its reason.
    const skipped = body.skipped.map((x: { productSubcode: string }) => x.productSubcode);
    expect(new Set([...addedSubcodes, ...skipped])).toEqual(
      new Set(expected.filter((e) => e.quantity > 0).map((e) => e.productSubcode)),
    );
  });

  it("answers 409 with the cart's reason when no line can go in (another customer's products in the cart)", async () => {
    const res = await call('POST', `/orders/restock/${dunnes}`, await t.tokenFor('ACCOUNT'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^No restocking items could be added to your cart: /);
  });

  it('answers 409 when nothing is below its maximum', async () => {
    const items = (await expectedQuantities(dunnes)).map((e) => e.id);
    await t.db
      .update(s.productItems)
      .set({ currentInventory: 1_000_000 })
      .where(inArray(s.productItems.id, items));
    const res = await call('POST', `/orders/restock/${dunnes}`, dunnesAccount);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Nothing to restock for Dunnes Stores: every inventory product is at or near its maximum inventory.',
    );
  });
});

describe('the restock marker (docs/decisions/0039: shipping a restock order adds to stock)', () => {
  it('a cart restock added to is a restock order; emptying the cart clears the marker', async () => {
    const accountId = await idOfUser(t.db, 'account@example.com');
    const cartOf = async () =>
      (
        await t.db
          .select({ id: s.orders.id, restock: s.orders.restock })
          .from(s.orders)
          .where(and(eq(s.orders.userId, accountId), eq(s.orders.orderStatus, 'PENDING')))
      )[0]!;
    const token = await t.tokenFor('ACCOUNT');
    expect((await call('POST', `/orders/restock/${roots}`, token)).statusCode).toBe(200);
    const cart = await cartOf();
    expect(cart.restock).toBe(true);
    const lines = await t.db
      .select({ id: s.orderItems.id })
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, cart.id));
    for (const [i, line] of lines.entries()) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1.0/orders/cart/${line.id}`,
        headers: t.auth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      // Kept while the cart still holds lines.
      expect((await cartOf()).restock).toBe(i < lines.length - 1);
    }
  });
});

describe('quantities capped at the restock maximum (ordering §5 Quantity fields, §9)', () => {
  it('accepts the restock maximum even off the pack size and refuses more, for a user who may restock only', async () => {
    // A stocked Dunnes size without attributes, its restock maximum 2,500 with packs of 1,000.
    const [item] = await t.db
      .select({ id: s.productItems.id, size: s.productItems.productSize, subcodeId: s.productSubcodes.id })
      .from(s.productItems)
      .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.productItems.productSubcodeId))
      .where(
        and(
          stockedItemsOf(dunnes),
          isNull(s.productSubcodes.attributeSchemaId),
          isNull(s.productItems.attributeSchemaId),
        ),
      )
      .limit(1);
    expect(item).toBeDefined();
    await t.db
      .update(s.productItems)
      .set({ currentInventory: 500, maximumInventory: 3_000 })
      .where(eq(s.productItems.id, item!.id));
    await t.db
      .update(s.productSubcodes)
      .set({ packSize: 1_000, minOrderQuantity: 0 })
      .where(eq(s.productSubcodes.id, item!.subcodeId));
    const mayRestock = await createUser(t.db, 'dunnes-cap@example.com', 'ACCOUNT', { customerIds: [dunnes] });
    await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, mayRestock));
    await createUser(t.db, 'dunnes-nocap@example.com', 'ACCOUNT', { customerIds: [dunnes] });
    const add = (token: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1.0/orders',
        headers: t.auth(token),
        payload: { productType: 'STANDARD', quantities: { [item!.id]: quantity }, attributes: {} },
      });

    const capped = await t.login('dunnes-cap@example.com');
    const above = await add(capped, 3_000);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(
      `Quantity 3000 of size ${item!.size} (item ${item!.id}) is above its restock maximum of 2500; use 2500.`,
    );
    expect((await add(capped, 2_500)).statusCode).toBe(200);

    // Without the restock permission the field has no cap: packs of 1,000 only.
    const uncapped = await t.login('dunnes-nocap@example.com');
    expect((await add(uncapped, 3_000)).statusCode).toBe(200);
    expect((await add(uncapped, 2_500)).statusCode).toBe(400);
  });
});
