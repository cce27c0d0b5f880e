/**
 * The access module's customer scopes (decision 0060, decision 0011; ordering §6 Visibility): which
 * customers each role may order for and see, and the one-statement condition (orderableCustomerOf)
 * that must agree with the look-up for every role and assignment.
 */
import type { Role } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledSelect, queryBuilder } from '../../platform/db/compiled';
import * as s from '../../platform/db/schema';
import { createProductFixtures, idOfUser, type ProductFixtures } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  inCustomerScope,
  orderableAssignments,
  orderableCustomerIds,
  orderableCustomerOf,
  visibleCustomerIds,
} from './access';

let t: TestApp;
/** The product fixtures' customers: Roots (vendor2 orders for it) and Dunnes (vendor2 does not). */
let f: ProductFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await createProductFixtures(t.db);
});
afterAll(() => t?.close());

describe('access: customer scopes', () => {
  const userOf = async (email: string) => {
    const id = await idOfUser(t.db, email);
    const [u] = await t.db.select().from(s.users).where(eq(s.users.id, id));
    const pick = async <T>(q: Promise<T[]>) => q;
    return {
      role: u.role as Role,
      customerIds: (
        await pick(t.db.select().from(s.userCustomers).where(eq(s.userCustomers.userId, id)))
      ).map((x) => x.customerId),
      vendorIds: (await pick(t.db.select().from(s.userVendors).where(eq(s.userVendors.userId, id)))).map(
        (x) => x.vendorId,
      ),
      factoryIds: (await pick(t.db.select().from(s.userFactories).where(eq(s.userFactories.userId, id)))).map(
        (x) => x.factoryId,
      ),
      regionIds: (await pick(t.db.select().from(s.userRegions).where(eq(s.userRegions.userId, id)))).map(
        (x) => x.productionRegionId,
      ),
    };
  };

  it('orderableCustomerIds: ALL for ADMIN, vendor customers for VENDOR, assignments for ACCOUNT, none for FINANCE', async () => {
    expect(await orderableCustomerIds(t.db, await userOf('admin@example.com'))).toBe('ALL');
    const v2 = await orderableCustomerIds(t.db, await userOf('vendor2@example.com'));
    expect(v2).toContain(f.customers.roots);
    expect(v2).not.toContain(f.customers.dunnes);
    const v1 = await orderableCustomerIds(t.db, await userOf('vendor@example.com'));
    expect(v1).toEqual(expect.arrayContaining([f.customers.roots, f.customers.dunnes]));
    const account = await userOf('account@example.com');
    expect(await orderableCustomerIds(t.db, account)).toEqual([...account.customerIds].sort((a, b) => a - b));
    expect(await orderableCustomerIds(t.db, await userOf('finance@example.com'))).toEqual([]);
    expect(await visibleCustomerIds(t.db, await userOf('finance@example.com'))).not.toEqual([]);
    expect(
      await orderableCustomerIds(t.db, {
        role: 'NONE',
        customerIds: [1],
        vendorIds: [],
        factoryIds: [],
        regionIds: [],
      }),
    ).toEqual([]);
  });

  it('orderableCustomerOf (one statement) agrees with orderableCustomerIds for every role and assignment', async () => {
    const orderable = compiledSelect(['all', 'customerIds', 'vendorIds', 'factoryIds', 'regionIds'], (p) =>
      queryBuilder
        .select({ id: s.customers.id, ok: orderableCustomerOf(s.customers.id, p) })
        .from(s.customers)
        .orderBy(s.customers.id),
    );
    const ids = async (table: typeof s.vendors | typeof s.factories | typeof s.productionRegions) =>
      (await t.db.select({ id: table.id }).from(table)).map((r) => r.id);
    const customerIds = (await t.db.select({ id: s.customers.id }).from(s.customers)).map((r) => r.id);
    const [vendorIds, factoryIds, regionIds] = [
      await ids(s.vendors),
      await ids(s.factories),
      await ids(s.productionRegions),
    ];
    const users = [
      // Every user of the test database (every role but NONE) ...
      ...(await Promise.all(
        (await t.db.select({ email: s.users.email }).from(s.users)).map((u) => userOf(u.email)),
      )),
      // ... and assignments the seed does not hold: several vendors, a factory or a region alone, none.
      ...(['VENDOR', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'] as const).flatMap((role) => [
        { role, customerIds: customerIds.slice(0, 2), vendorIds, factoryIds: [], regionIds: [] },
        {
          role,
          customerIds: [],
          vendorIds: vendorIds.slice(-1),
          factoryIds: factoryIds.slice(0, 1),
          regionIds: [],
        },
        { role, customerIds: [], vendorIds: [], factoryIds: [], regionIds: regionIds.slice(-1) },
        { role, customerIds: [], vendorIds: [], factoryIds: factoryIds.slice(-1), regionIds: [] },
        { role, customerIds: [], vendorIds: [], factoryIds: [], regionIds: [] },
      ]),
    ];
    // factory_customers as the demo data has it (the pairs of its subcodes), then apart from them:
    // the first factory's pairs gone (its customers reached through subcodes only) and the last
    // factory paired with every customer (reached through factory_customers only). Undone at the end.
    const reachedIn = async (q: typeof t.db) => {
      let reached = 0;
      for (const user of users) {
        const scope = await orderableCustomerIds(q, user);
        const rows = await orderable(q, orderableAssignments(user));
        expect(rows.map((r) => r.id)).toEqual(customerIds.toSorted((a, b) => a - b));
        for (const r of rows) {
          expect({ user, customerId: r.id, ok: r.ok }).toEqual({
            user,
            customerId: r.id,
            ok: inCustomerScope(scope, r.id),
          });
          if (r.ok) reached++;
        }
      }
      return reached;
    };
    expect(await reachedIn(t.db)).toBeGreaterThan(users.length);
    const undo = new Error('undo');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.delete(s.factoryCustomers).where(eq(s.factoryCustomers.factoryId, factoryIds[0]));
        // Inside the transaction under test, undone with it: a change of the scope, not test data.
        await tx
          .insert(s.factoryCustomers)
          .values(customerIds.map((customerId) => ({ factoryId: factoryIds.at(-1) ?? 0, customerId })))
          .onConflictDoNothing();
        expect(await reachedIn(tx as unknown as typeof t.db)).toBeGreaterThan(users.length);
        throw undo;
      }),
    ).rejects.toBe(undo);
  });
});
