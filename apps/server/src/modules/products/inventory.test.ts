/**
 * PUT /products/inventory (ordering §2 Product details, §5 Inventory fields, §6 update inventory
 * "checked per user", §7): role and the user's canUpdateInventory flag, scope, all or none.
 */
import { MESSAGES } from '@selvedge/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildUser, createProductFixtures, type ProductFixtures } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';

let t: TestApp;
let f: ProductFixtures;
let dunnesAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await createProductFixtures(t.db);
  // An ACCOUNT user of Dunnes only, allowed to update inventory: Roots is outside its scope.
  const { id } = await buildUser(t.db, {
    role: 'ACCOUNT',
    email: 'dunnes-account@example.com',
    customerIds: [f.customers.dunnes],
  });
  await t.db.update(s.users).set({ canUpdateInventory: true }).where(eq(s.users.id, id));
  dunnesAccount = await t.login('dunnes-account@example.com');
});
afterAll(() => t?.close());

const put = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1.0/products/inventory',
    headers: token ? t.auth(token) : {},
    payload: payload as object,
  });
const inventoryOf = async (ids: number[]) =>
  new Map(
    (
      await t.db
        .select({ id: s.productItems.id, q: s.productItems.currentInventory, v: s.productItems.version })
        .from(s.productItems)
        .where(inArray(s.productItems.id, ids))
    ).map((r) => [r.id, r]),
  );

describe('PUT /products/inventory', () => {
  it('answers 403 to roles without the capability and to users without the per-user permission', async () => {
    const body = { inventories: { [f.rootsSized.sizeS.id]: 1 } };
    for (const role of ['VENDOR', 'CUSTOMER', 'FINANCE'] as const)
      expect((await put(await t.tokenFor(role), body)).statusCode, role).toBe(403);
    // CSR and FACTORY_ACCOUNT have the role's capability but not the demo flag.
    for (const role of ['CSR', 'FACTORY_ACCOUNT'] as const)
      expect((await put(await t.tokenFor(role), body)).statusCode, role).toBe(403);
    await t.db
      .update(s.users)
      .set({ canUpdateInventory: false })
      .where(eq(s.users.email, 'account@example.com'));
    await t.app.sessionCacheSync();
    try {
      expect((await put(await t.tokenFor('ACCOUNT'), body)).statusCode).toBe(403);
    } finally {
      await t.db
        .update(s.users)
        .set({ canUpdateInventory: true })
        .where(eq(s.users.email, 'account@example.com'));
      await t.app.sessionCacheSync();
    }
    expect((await inventoryOf([f.rootsSized.sizeS.id])).get(f.rootsSized.sizeS.id)?.q).toBe(40);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const token = await t.tokenFor('ACCOUNT');
    for (const payload of [
      {},
      { inventories: {} },
      { inventories: { abc: 1 } },
      { inventories: { [f.rootsSized.sizeS.id]: 1.5 } },
      { inventories: { [f.rootsSized.sizeS.id]: '12' } },
      { inventories: { [f.rootsSized.sizeS.id]: 5_000_000_000 } },
      // an id beyond an integer column (found by the fuzz test: it answered 500)
      { inventories: { 8296542233: 1 } },
    ]) {
      const res = await put(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toMatch(/^inventories/);
    }
  });

  it('answers 404 for an unknown item and for an item of a customer outside the scope', async () => {
    expect((await put(await t.tokenFor('ACCOUNT'), { inventories: { 99999999: 1 } })).statusCode).toBe(404);
    expect((await put(dunnesAccount, { inventories: { [f.rootsSized.sizeS.id]: 1 } })).statusCode).toBe(404);
  });

  it('refuses an item that is not an inventory product, and then changes nothing', async () => {
    const { sizeS, sizeM } = f.rootsSized;
    const res = await put(await t.tokenFor('ACCOUNT'), { inventories: { [sizeS.id]: 7, [sizeM.id]: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: `inventories.${sizeM.id}`,
      message: `Product item ${sizeM.id} is not an inventory product.`,
    });
    expect((await inventoryOf([sizeS.id])).get(sizeS.id)?.q).toBe(40);
  });

  it('sets the current inventory (negative allowed), bumps the version, and product details show it', async () => {
    const { sizeS } = f.rootsSized;
    const before = (await inventoryOf([sizeS.id])).get(sizeS.id)!;
    const token = await t.tokenFor('ACCOUNT');
    const res = await put(token, { inventories: { [sizeS.id]: 55 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.inventoryUpdated });
    const after = (await inventoryOf([sizeS.id])).get(sizeS.id)!;
    expect(after.q).toBe(55);
    expect(after.v).toBe(before.v + 1);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1.0/products/details?ids=${sizeS.id}`,
      headers: t.auth(token),
    });
    const item = details
      .json()
      .products[0].items.find((i: { productItemId: number }) => i.productItemId === sizeS.id);
    expect(item).toMatchObject({ inventoryQuantity: 55, inventoryMax: 500, inventoryMin: 0 });
    expect((await put(await t.tokenFor('ADMIN'), { inventories: { [sizeS.id]: -3 } })).statusCode).toBe(200);
    expect((await inventoryOf([sizeS.id])).get(sizeS.id)?.q).toBe(-3);
  });
});

describe('who sees inventory and who may update it (ordering §1, §2 Product details, §6; decision 0056)', () => {
  const ROLES = ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR', 'VENDOR', 'CUSTOMER'] as const;
  /** Role → [sees inventory, may update it] with the per-user flag off, then on. */
  const EXPECTED: Record<(typeof ROLES)[number], [[boolean, boolean], [boolean, boolean]]> = {
    ADMIN: [
      [true, false],
      [true, true],
    ],
    ACCOUNT: [
      [true, false],
      [true, true],
    ],
    FACTORY_ACCOUNT: [
      [true, false],
      [true, true],
    ],
    // A CSR may update inventory (§6 Capabilities) with the flag: then it sees what it changes.
    CSR: [
      [false, false],
      [true, true],
    ],
    VENDOR: [
      [false, false],
      [false, false],
    ],
    CUSTOMER: [
      [false, false],
      [false, false],
    ],
  };
  const emails = ROLES.map((r) => DEMO_EMAILS[r]);

  it('product details carry inventory exactly for those who see it, and PUT accepts exactly those who may update', async () => {
    const { sizeS } = f.rootsSized;
    const before = await t.db
      .select({ email: s.users.email, flag: s.users.canUpdateInventory })
      .from(s.users)
      .where(inArray(s.users.email, emails));
    try {
      for (const [k, flag] of [false, true].entries()) {
        await t.db.update(s.users).set({ canUpdateInventory: flag }).where(inArray(s.users.email, emails));
        await t.app.sessionCacheSync();
        for (const role of ROLES) {
          const [sees, mayUpdate] = EXPECTED[role][k]!;
          const token = await t.tokenFor(role);
          const details = await t.app.inject({
            method: 'GET',
            url: `/api/v1.0/products/details?ids=${sizeS.id}`,
            headers: t.auth(token),
          });
          expect(details.statusCode, role).toBe(200);
          const body = details.json();
          expect(body.canUpdateInventory, `${role} flag ${flag}`).toBe(mayUpdate);
          const item = body.products[0].items.find(
            (i: { productItemId: number }) => i.productItemId === sizeS.id,
          );
          expect('inventoryQuantity' in item, `${role} flag ${flag} sees`).toBe(sees);
          expect('inventoryMax' in item, `${role} flag ${flag} sees`).toBe(sees);
          const current = (await inventoryOf([sizeS.id])).get(sizeS.id)!.q;
          const res = await put(token, { inventories: { [sizeS.id]: current } });
          expect(res.statusCode, `${role} flag ${flag} updates`).toBe(mayUpdate ? 200 : 403);
        }
      }
    } finally {
      for (const b of before)
        await t.db.update(s.users).set({ canUpdateInventory: b.flag }).where(eq(s.users.email, b.email));
      await t.app.sessionCacheSync();
    }
  });
});
