/**
 * open_order_counts (docs/decisions/0023 and 0025, migrations 0007 and 0008): the trigger keeps
 * each shard (order id modulo 4) equal to a recount of its open orders through every kind of write — status moves, cancelling, flag flips, a scope
 * column changed, inserts, deletes, TRUNCATE — and "Needs my action" reads its counts from it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const KEY = `order_status, finance_approval, csr_art_prepared, csr_production_confirmed,
  customer_id, vendor_id, production_region_id, factory_id`;

/** The table's rows (zero counts left out) and a recount from orders by shard, in the same order. */
async function tableAndRecount() {
  const table = await t.db.execute(
    sql.raw(`select ${KEY}, shard, orders from open_order_counts where orders <> 0 order by ${KEY}, shard`),
  );
  const recount = await t.db.execute(
    sql.raw(`select ${KEY}, (id % 4)::smallint as shard, count(*)::int as orders from orders
      where not cancelled and order_status not in ('PENDING', 'COMPLETE_AND_SHIPPED')
      group by ${KEY}, id % 4 order by ${KEY}, shard`),
  );
  return { table: table.rows, recount: recount.rows };
}

/** A small deterministic random source (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('open_order_counts', () => {
  it('matches a recount after the demo data was loaded (the migration backfill and the trigger)', async () => {
    const { table, recount } = await tableAndRecount();
    expect(recount.length).toBeGreaterThan(3);
    expect(table).toEqual(recount);
  });

  it('stays equal to a recount through 300 random writes of every kind', async () => {
    const next = random(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
    const statuses = [
      'NEEDS_ARTWORK',
      'NEEDS_ART_APPROVAL',
      'PRODUCTION_READY',
      'IN_PRODUCTION',
      'READY_TO_SHIP',
      'COMPLETE_AND_SHIPPED',
    ];
    const ids = async () =>
      (await t.db.execute(sql`select id from orders where order_status <> 'PENDING'`)).rows.map(
        (r: unknown) => Number((r as { id: number }).id),
      );
    const vendorIds = (await t.db.execute(sql`select id from vendors`)).rows.map((r: unknown) =>
      Number((r as { id: number }).id),
    );
    for (let i = 0; i < 300; i++) {
      const id = pick(await ids());
      const op = Math.floor(next() * 7);
      if (op === 0)
        await t.db.execute(sql`update orders set order_status = ${pick(statuses)} where id = ${id}`);
      if (op === 1) await t.db.execute(sql`update orders set cancelled = not cancelled where id = ${id}`);
      if (op === 2)
        await t.db.execute(sql`update orders set finance_approval = not finance_approval where id = ${id}`);
      if (op === 3)
        await t.db.execute(sql`update orders set vendor_id = ${pick(vendorIds)} where id = ${id}`);
      if (op === 4)
        await t.db.execute(sql`update orders set factory_id = null, vendor_po = 'x' where id = ${id}`);
      if (op === 5) {
        // A copy of an order (insert), then sometimes its removal (delete).
        const [row] = (
          await t.db.execute(sql`insert into orders (order_status, vendor_id, customer_id, production_region_id,
            factory_id, finance_approval, csr_art_prepared, user_id, order_date)
            select order_status, vendor_id, customer_id, production_region_id, factory_id, finance_approval,
              csr_art_prepared, user_id, order_date from orders where id = ${id} returning id`)
        ).rows as { id: number }[];
        if (next() < 0.5) await t.db.execute(sql`delete from orders where id = ${row!.id}`);
      }
      if (op === 6) await t.db.execute(sql`update orders set updated_at = now() where id = ${id}`);
    }
    const { table, recount } = await tableAndRecount();
    expect(table).toEqual(recount);
  });

  it('is what "Needs my action" counts from', async () => {
    const token = await t.tokenFor('ADMIN');
    const total = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1.0/orders/needs-action', headers: t.auth(token) })
      ).json().total as number;
    const before = await total();
    // A row the admin's "Artwork to upload" counts (not cancelled, art not prepared): any NEEDS_ARTWORK
    // row, taken by `limit 1` alone, was sometimes a cancelled or prepared one that no step counts
    // (which row came first changed with the table's physical order after the writes above).
    const waiting = sql`order_status = 'NEEDS_ARTWORK' and not cancelled and not csr_art_prepared and orders > 0`;
    const [row] = (
      await t.db.execute(sql`select ${sql.raw(KEY)} from open_order_counts where ${waiting} limit 1`)
    ).rows;
    expect(row, 'an open order waiting for artwork').toBeDefined();
    await t.db.execute(sql`update open_order_counts set orders = orders + 1000
      where ctid = (select ctid from open_order_counts where ${waiting} limit 1)`);
    // 1000 more orders in that row: every step whose condition holds for it counts them.
    const after = await total();
    expect(after).toBeGreaterThan(before);
    expect((after - before) % 1000).toBe(0);
    await t.db.execute(sql`update open_order_counts set orders = orders - 1000 where orders >= 1000`);
  });

  it('is emptied with the orders (TRUNCATE)', async () => {
    await t.db.execute(sql`truncate orders cascade`);
    const { table, recount } = await tableAndRecount();
    expect(recount).toEqual([]);
    expect(table).toEqual([]);
  });
});
