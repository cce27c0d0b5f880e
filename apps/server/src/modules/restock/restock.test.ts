/**
 * Restock (ordering §2 Restock, §5 Quantity fields, §7 /restocking-customers and POST
 * /orders/restock/{customerId}, §9; docs/decisions/0039, 0040, 0056): role and the per-user
 * canRestock flag, scope, the quantities of packages/shared restockPlan (the default restock
 * quantity under the quantity rules, never past the room the restock maximum leaves beside the
 * cart), every size left out answered with why, repeats and parallel restocks that never take the
 * cart above the restock maximum (PGlite, and PostgreSQL with TEST_DATABASE_URL, where the requests
 * really run side by side), and POST/PUT /orders capped the same way.
 */
import { MESSAGES, restockPlan } from '@selvedge/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildUser, idOfCustomer, idOfUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let roots: number;
let dunnes: number;
let dunnesAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  roots = await idOfCustomer(t.db, 'Roots');
  dunnes = await idOfCustomer(t.db, 'Dunnes Stores');
  const { id } = await buildUser(t.db, {
    role: 'ACCOUNT',
    email: 'dunnes-restock@example.com',
    customerIds: [dunnes],
  });
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

/** The stocked items of a customer with what restock should do with each in an empty cart. */
async function expectedPlans(customerId: number) {
  const rows = await t.db
    .select({
      id: s.productItems.id,
      productSubcode: s.productSubcodes.productSubcode,
      productSize: s.productItems.productSize,
      currentInventory: s.productItems.currentInventory,
      inventoryMax: s.productItems.maximumInventory,
      defaultOrderQuantity: s.productItems.defaultOrderQuantity,
      minOrderQuantity: s.productSubcodes.minOrderQuantity,
      packSize: s.productSubcodes.packSize,
    })
    .from(s.productItems)
    .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.productItems.productSubcodeId))
    .where(stockedItemsOf(customerId));
  return rows.map((r) => ({ ...r, plan: restockPlan(r, r) }));
}

/** Pieces per product item in the cart of the user `email`. */
async function cartPieces(email: string) {
  const rows = await t.db
    .select({
      productItemId: s.orderItemSizes.productItemId,
      quantity: sql<number>`sum(${s.orderItemSizes.quantity})::int`.mapWith(Number),
    })
    .from(s.orderItemSizes)
    .innerJoin(s.orderItems, eq(s.orderItems.id, s.orderItemSizes.orderItemId))
    .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
    .where(and(eq(s.orders.userId, await idOfUser(t.db, email)), eq(s.orders.orderStatus, 'PENDING')))
    .groupBy(s.orderItemSizes.productItemId);
  return new Map(rows.map((r) => [r.productItemId, r.quantity]));
}

/** Empties the cart of the user `email` (its lines; the marker goes with them as DELETE does). */
async function emptyCart(email: string) {
  const userId = await idOfUser(t.db, email);
  await t.db.execute(sql`delete from order_items where order_id in
    (select id from orders where user_id = ${userId} and order_status = 'PENDING')`);
  await t.db
    .update(s.orders)
    .set({ restock: false })
    .where(and(eq(s.orders.userId, userId), eq(s.orders.orderStatus, 'PENDING')));
}

interface Skipped {
  productItemId: number;
  productSubcode: string;
  productSize: string;
  cause: string;
  reason: string;
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

  it('puts every stocked size below its maximum into the cart at its restock quantity, and answers every other with why', async () => {
    // Northwind's stocked sizes (one subcode, one region), the first at its maximum.
    const northwind = await idOfCustomer(t.db, 'Northwind Outfitters');
    const first = (await expectedPlans(northwind))[0]!;
    await t.db
      .update(s.productItems)
      .set({ currentInventory: sql`${s.productItems.maximumInventory}` })
      .where(eq(s.productItems.id, first.id));
    const expected = await expectedPlans(northwind);
    expect(expected.filter((e) => 'quantity' in e.plan).length).toBeGreaterThan(1);
    const { id } = await buildUser(t.db, {
      role: 'ACCOUNT',
      email: 'northwind-all@example.com',
      customerIds: [northwind],
    });
    await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, id));
    const res = await call(
      'POST',
      `/orders/restock/${northwind}`,
      await t.login('northwind-all@example.com'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.restockAdded);
    const pieces = await cartPieces('northwind-all@example.com');
    const skipped = new Map((body.skipped as Skipped[]).map((x) => [x.productItemId, x]));
    for (const e of expected) {
      if ('quantity' in e.plan) {
        expect(pieces.get(e.id), `${e.productSubcode} ${e.productSize}`).toBe(e.plan.quantity);
        expect(skipped.has(e.id)).toBe(false);
      } else {
        // Every stocked size not in the cart is in `skipped`, with its cause and a sentence.
        expect(pieces.has(e.id)).toBe(false);
        expect(skipped.get(e.id), `${e.productSubcode} ${e.productSize}`).toMatchObject({
          productSubcode: e.productSubcode,
          productSize: e.productSize,
          cause: e.plan.skip,
        });
      }
    }
    expect(skipped.size + pieces.size).toBe(expected.length);
    expect(skipped.get(first.id)!.reason).toBe(
      `At its maximum inventory: ${first.inventoryMax.toLocaleString('en-US')} in stock, maximum ${first.inventoryMax.toLocaleString('en-US')}.`,
    );
    // The line's quantity is the sum of its sizes.
    const total = body.added.reduce((sum: number, a: { quantity: number }) => sum + a.quantity, 0);
    expect(total).toBe([...pieces.values()].reduce((sum, q) => sum + q, 0));
  });

  it("keeps the cart to one customer and region: a subcode made elsewhere is answered with the cart's refusal", async () => {
    // Roots' two inventory products are made in two regions (RT-ST-501 in China, RT-ST-502 in Bangladesh).
    const expected = await expectedPlans(roots);
    await t.db
      .update(s.productItems)
      .set({ currentInventory: 0 })
      .where(
        inArray(
          s.productItems.id,
          expected.map((e) => e.id),
        ),
      );
    await emptyCart('account@example.com');
    const res = await call('POST', `/orders/restock/${roots}`, await t.tokenFor('ACCOUNT'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.added).toEqual([expect.objectContaining({ productSubcode: 'RT-ST-501' })]);
    expect(body.skipped).toEqual([
      expect.objectContaining({
        productSubcode: 'RT-ST-502',
        cause: 'refused',
        reason:
          'Your cart holds products of Roots made in China. Place or empty it before adding products of Roots made in Bangladesh.',
      }),
    ]);
    const cart = (
      await t.app.inject({ url: '/api/v1.0/orders/cart', headers: t.auth(await t.tokenFor('ACCOUNT')) })
    ).json();
    expect(cart.orderItems.map((i: { productSubcode: string }) => i.productSubcode)).toEqual(['RT-ST-501']);
  });

  it("answers 409 with the cart's reason when no line can go in (another customer's products in the cart)", async () => {
    const res = await call('POST', `/orders/restock/${dunnes}`, await t.tokenFor('ACCOUNT'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: expect.stringMatching(
        /^No restocking items could be added to your cart: Your cart holds products of Roots made in .+\. Place or empty it before adding products of Dunnes Stores made in .+\.$/,
      ),
    });
  });

  it('answers 409 when nothing is below its maximum', async () => {
    const items = (await expectedPlans(dunnes)).map((e) => e.id);
    await t.db
      .update(s.productItems)
      .set({ currentInventory: 1_000_000 })
      .where(inArray(s.productItems.id, items));
    const res = await call('POST', `/orders/restock/${dunnes}`, dunnesAccount);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Nothing to restock for Dunnes Stores: every inventory product is at its maximum inventory.',
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
    await emptyCart('account@example.com');
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
      expect(res.statusCode).toBe(200);
      // Kept while the cart still holds lines.
      expect((await cartOf()).restock).toBe(i < lines.length - 1);
    }
  });
});

/**
 * One stocked Dunnes size without attributes, set to a restock maximum of 26,000 (maximum 26,000,
 * none in stock), default order quantity 10,000, packs of 1,000 with a minimum of 1,000; every
 * other stocked Dunnes size at its maximum, so a restock of Dunnes is about this size only.
 */
async function oneDunnesSize(values: Partial<typeof s.productItems.$inferInsert> = {}) {
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
    .orderBy(s.productItems.id)
    .limit(1);
  expect(item).toBeDefined();
  const others = (await expectedPlans(dunnes)).map((e) => e.id).filter((id) => id !== item!.id);
  await t.db
    .update(s.productItems)
    .set({ currentInventory: sql`${s.productItems.maximumInventory}` })
    .where(inArray(s.productItems.id, others));
  await t.db
    .update(s.productItems)
    .set({ currentInventory: 0, maximumInventory: 26_000, defaultOrderQuantity: 10_000, ...values })
    .where(eq(s.productItems.id, item!.id));
  await t.db
    .update(s.productSubcodes)
    .set({ packSize: 1_000, minOrderQuantity: 1_000 })
    .where(eq(s.productSubcodes.id, item!.subcodeId));
  return item!;
}

/** A fresh ACCOUNT user of Dunnes who may restock, signed in. */
async function restocker(email: string) {
  const { id } = await buildUser(t.db, { role: 'ACCOUNT', email: email, customerIds: [dunnes] });
  await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, id));
  return t.login(email);
}

describe('the restock maximum holds for the whole cart (ordering §9; decision 0056)', () => {
  it('a repeat tops up to the restock maximum, then answers that nothing is left to restock', async () => {
    const item = await oneDunnesSize();
    const token = await restocker('dunnes-repeat@example.com');
    const restock = () => call('POST', `/orders/restock/${dunnes}`, token);
    const nothingLeft =
      'Nothing left to restock for Dunnes Stores: your cart already holds every inventory product below its maximum up to its restock maximum.';
    const quantities: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await restock();
      expect(res.statusCode, res.body).toBe(200);
      quantities.push(res.json().added[0].quantity);
    }
    expect(quantities).toEqual([10_000, 10_000, 6_000]);
    expect(await restock()).toMatchObject({
      statusCode: 409,
      body: JSON.stringify({ message: nothingLeft }),
    });
    for (let i = 0; i < 6; i++) {
      const res = await restock();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(nothingLeft);
    }
    expect((await cartPieces('dunnes-repeat@example.com')).get(item.id)).toBe(26_000);
  });

  it('answers a size whose restock maximum the cart holds with why, while the other sizes of its line go in', async () => {
    const northwind = await idOfCustomer(t.db, 'Northwind Outfitters');
    const sizes = (await expectedPlans(northwind)).filter((e) => e.productSubcode === 'NW-ST-520');
    expect(sizes.length).toBeGreaterThan(2);
    const [full, open, ...rest] = sizes;
    await t.db
      .update(s.productItems)
      .set({ currentInventory: 0, maximumInventory: 26_000, defaultOrderQuantity: 10_000 })
      .where(inArray(s.productItems.id, [full!.id, open!.id]));
    await t.db
      .update(s.productItems)
      .set({ currentInventory: sql`${s.productItems.maximumInventory}` })
      .where(
        inArray(s.productItems.id, [
          ...rest.map((e) => e.id),
          ...(await expectedPlans(northwind))
            .filter((e) => e.productSubcode !== 'NW-ST-520')
            .map((e) => e.id),
        ]),
      );
    const { id } = await buildUser(t.db, {
      role: 'ACCOUNT',
      email: 'northwind-restock@example.com',
      customerIds: [northwind],
    });
    await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, id));
    const token = await t.login('northwind-restock@example.com');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/orders',
      headers: t.auth(token),
      payload: { productType: 'STANDARD', quantities: { [full!.id]: 26_000 }, attributes: {} },
    });
    expect(add.statusCode, add.body).toBe(200);
    const res = await call('POST', `/orders/restock/${northwind}`, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added).toEqual([
      expect.objectContaining({ productSubcode: 'NW-ST-520', quantity: 10_000 }),
    ]);
    expect((res.json().skipped as Skipped[]).find((x) => x.productItemId === full!.id)).toEqual({
      productItemId: full!.id,
      productSubcode: 'NW-ST-520',
      productSize: full!.productSize,
      cause: 'inCart',
      reason: 'Your cart already holds 26,000 of it; its restock maximum is 26,000.',
    });
    const pieces = await cartPieces('northwind-restock@example.com');
    expect([pieces.get(full!.id), pieces.get(open!.id)]).toEqual([26_000, 10_000]);
  });

  it('ten restocks at once put at most the restock maximum in the cart, never a 500', async () => {
    const item = await oneDunnesSize();
    const token = await restocker('dunnes-parallel@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/orders/restock/${dunnes}`, token)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    // Each restock takes the cart's lock for all its lines: three fit (10,000 + 10,000 + 6,000), the
    // rest find nothing left.
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([
      200, 200, 200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const added = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().added[0].quantity)
      .sort((a: number, b: number) => a - b);
    expect(added).toEqual([6_000, 10_000, 10_000]);
    expect((await cartPieces('dunnes-parallel@example.com')).get(item.id)).toBe(26_000);
  });

  it('the quantity follows §5: up to whole packs (not down), the maximum itself when packs would pass it', async () => {
    const token = await restocker('dunnes-rules@example.com');
    const restockOnce = async () => {
      await emptyCart('dunnes-rules@example.com');
      const res = await call('POST', `/orders/restock/${dunnes}`, token);
      return res;
    };
    // default 2,500 with packs of 1,000 and room: 3,000 (rounding down gave 2,000)
    let item = await oneDunnesSize({ defaultOrderQuantity: 2_500 });
    expect((await restockOnce()).json().added[0].quantity).toBe(3_000);
    // room 2,500 (maximum 3,000, 500 in stock) below the default: the room itself, off the pack size
    item = await oneDunnesSize({ maximumInventory: 3_000, currentInventory: 500 });
    expect((await restockOnce()).json().added[0].quantity).toBe(2_500);
    // room 300, below the minimum order quantity of 1,000: the room (the maximum wins; it was left out)
    item = await oneDunnesSize({ maximumInventory: 26_000, currentInventory: 25_700 });
    expect((await restockOnce()).json().added[0].quantity).toBe(300);
    expect((await cartPieces('dunnes-rules@example.com')).get(item.id)).toBe(300);
    // no default order quantity: left out, and said so
    item = await oneDunnesSize({ defaultOrderQuantity: 0 });
    const none = await restockOnce();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Nothing to restock for Dunnes Stores: every inventory product is at its maximum inventory or has no default order quantity.',
    );
    // With room on the other size, the one without a default is answered with why.
    const [other] = (await expectedPlans(dunnes)).filter((e) => e.id !== item.id);
    await t.db
      .update(s.productItems)
      .set({ currentInventory: sql`${s.productItems.maximumInventory} - 5000` })
      .where(eq(s.productItems.id, other!.id));
    const some = await restockOnce();
    expect(some.statusCode).toBe(200);
    expect((some.json().skipped as Skipped[]).find((x) => x.productItemId === item.id)).toMatchObject({
      cause: 'noDefaultQuantity',
      reason: 'It has no default order quantity: set one on its product item to restock it.',
    });
  });
});

describe('quantities capped at the restock maximum (ordering §5 Quantity fields, §9)', () => {
  it('accepts the restock maximum even off the pack size and refuses more, for a user who may restock only', async () => {
    // A stocked Dunnes size without attributes, its restock maximum 2,500 with packs of 1,000.
    const item = await oneDunnesSize({ currentInventory: 500, maximumInventory: 3_000 });
    await t.db
      .update(s.productSubcodes)
      .set({ minOrderQuantity: 0 })
      .where(eq(s.productSubcodes.id, item.subcodeId));
    const { id: mayRestock } = await buildUser(t.db, {
      role: 'ACCOUNT',
      email: 'dunnes-cap@example.com',
      customerIds: [dunnes],
    });
    await t.db.update(s.users).set({ canRestock: true }).where(eq(s.users.id, mayRestock));
    await buildUser(t.db, { role: 'ACCOUNT', email: 'dunnes-nocap@example.com', customerIds: [dunnes] });
    const add = (token: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1.0/orders',
        headers: t.auth(token),
        payload: { productType: 'STANDARD', quantities: { [item.id]: quantity }, attributes: {} },
      });

    const capped = await t.login('dunnes-cap@example.com');
    const above = await add(capped, 3_000);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(
      `Quantity 3000 of size ${item.size} (item ${item.id}) is above its restock maximum of 2500; use 2500.`,
    );
    expect((await add(capped, 2_500)).statusCode).toBe(200);

    // Without the restock permission the field has no cap: packs of 1,000 only.
    const uncapped = await t.login('dunnes-nocap@example.com');
    expect((await add(uncapped, 3_000)).statusCode).toBe(200);
    expect((await add(uncapped, 2_500)).statusCode).toBe(400);
  });

  it('counts what the cart already holds: a second line may take only what is left; an edit not its own pieces twice', async () => {
    const item = await oneDunnesSize();
    const token = await restocker('dunnes-lines@example.com');
    const send = (method: 'POST' | 'PUT', quantity: number, orderItemId?: number) =>
      t.app.inject({
        method,
        url: '/api/v1.0/orders',
        headers: t.auth(token),
        payload: {
          productType: 'STANDARD',
          quantities: { [item.id]: quantity },
          attributes: {},
          ...(orderItemId ? { orderItemId } : {}),
        },
      });
    const first = await send('POST', 20_000);
    expect(first.statusCode, first.body).toBe(200);
    const over = await send('POST', 10_000);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `Quantity 10000 of size ${item.size} (item ${item.id}) would take your cart above its restock maximum of 26000 (20000 already in your cart); use 6000.`,
    );
    const second = await send('POST', 6_000);
    expect(second.statusCode).toBe(200);
    // Editing the first line: its own 20,000 do not count, the second line's 6,000 do.
    expect((await send('PUT', 20_000, first.json().orderItemId)).statusCode).toBe(200);
    expect((await send('PUT', 21_000, first.json().orderItemId)).statusCode).toBe(400);
    expect((await cartPieces('dunnes-lines@example.com')).get(item.id)).toBe(26_000);
    // A restock now finds nothing left.
    const res = await call('POST', `/orders/restock/${dunnes}`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Nothing left to restock for Dunnes Stores/);
    // Other users' carts do not count: another restocker still gets the default.
    const other = await restocker('dunnes-other@example.com');
    const again = await call('POST', `/orders/restock/${dunnes}`, other);
    expect(again.statusCode).toBe(200);
    expect(again.json().added[0].quantity).toBe(10_000);
  });
});
