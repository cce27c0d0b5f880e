/**
 * GET /orders counts its matches up to LIST_COUNT_CAP (docs/decisions/0019): exact up to the cap and
 * on the last page, a lower bound with totalItemsCapped above it; lastPage exact on every page.
 * Checked on LIST_COUNT_CAP + 50 orders of a vendor of our own, added in bulk.
 */
import type { OrderListResponse } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVendor } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';
import { LIST_COUNT_CAP } from './orders.service';

const MANY = LIST_COUNT_CAP + 50;
let t: TestApp;
let admin: string;
let vendorId: number;

beforeAll(async () => {
  t = await createTestApp();
  vendorId = (await buildVendor(t.db, { companyName: 'Count Test Knits' })).id;
  // One statement for the many orders, not buildOrder per order: the count needs the rows only, and
  // hundreds of factory calls would take the test's time (decision 0062).
  await t.db.execute(sql`
    insert into orders (order_status, user_id, vendor_id, vendor_po, order_date)
    select case when g % 3 = 0 then 'PRODUCTION_READY' else 'NEEDS_ARTWORK' end, (select id from users where email = ${DEMO_EMAILS.ADMIN}), ${vendorId}, 'COUNT-' || g,
      now() - g * interval '1 minute'
    from generate_series(1, ${MANY}) g`);
  admin = await t.login(DEMO_EMAILS.ADMIN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<OrderListResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1.0/orders?company=${vendorId}&${query}`,
    headers: t.auth(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /orders counting', () => {
  it('answers "at least the cap" on the first page when more orders match', async () => {
    const r = await list('size=50');
    expect(r.orders).toHaveLength(50);
    expect(r).toMatchObject({ currentPage: 0, pageSize: 50, lastPage: false, totalItems: LIST_COUNT_CAP });
    expect(r.totalItemsCapped).toBe(true);
  });

  it('raises the bound past the cap while paging, and is exact on the last page and past the end', async () => {
    const before = await list(`size=50&page=${LIST_COUNT_CAP / 50 - 1}`);
    expect(before.orders).toHaveLength(50);
    expect(before).toMatchObject({ lastPage: false, totalItems: LIST_COUNT_CAP + 1, totalItemsCapped: true });
    const last = await list(`size=50&page=${LIST_COUNT_CAP / 50}`);
    expect(last.orders).toHaveLength(MANY - LIST_COUNT_CAP);
    expect(last).toMatchObject({ lastPage: true, totalItems: MANY });
    expect(last.totalItemsCapped).toBeUndefined();
    const beyond = await list(`size=50&page=${LIST_COUNT_CAP / 50 + 10}`);
    expect(beyond).toMatchObject({ orders: [], lastPage: true, totalItems: MANY });
    expect(beyond.totalItemsCapped).toBeUndefined();
  });

  it('counts exactly up to the cap', async () => {
    const [{ n }] = (
      await t.db.execute(
        sql`select count(*)::int as n from orders where vendor_id = ${vendorId} and order_status = 'PRODUCTION_READY'`,
      )
    ).rows as { n: number }[];
    expect(n).toBeGreaterThan(50);
    expect(n).toBeLessThan(LIST_COUNT_CAP);
    const r = await list('size=50&orderStatus=PRODUCTION_READY');
    expect(r).toMatchObject({ lastPage: false, totalItems: n });
    expect(r.totalItemsCapped).toBeUndefined();
    expect(await list('size=50&endDate=2000-01-01')).toEqual({
      orders: [],
      currentPage: 0,
      pageSize: 50,
      lastPage: true,
      totalItems: 0,
    });
  });
});
