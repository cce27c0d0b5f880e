/**
 * What the benches share (orders.bench.ts, export.bench.ts): a scratch PostgreSQL database with the
 * migrations, many placed orders loaded in bulk SQL, and tokens issued with their session rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TokenService } from '../src/platform/auth';
import { createScratchDatabase, type Database, type Db, openDatabase } from '../src/platform/db';

const log = (...a: unknown[]) => console.log(...a);
const rows = <T>(r: { rows: unknown[] }) => r.rows as T[];

/**
 * A scratch database selvedge_bench_<time> on BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres, migrated; `drop` removes it unless BENCH_KEEP_DB=1.
 */
export async function openBenchDatabase(): Promise<{
  database: Database;
  url: string;
  label: string;
  drop: () => Promise<void>;
}> {
  const server =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `selvedge_bench_${Date.now()}`;
  const scratch = await createScratchDatabase(server, name);
  const database = await openDatabase({ url: scratch.url, poolSize: 20 });
  await database.migrate();
  const drop = async () => {
    if (process.env.BENCH_KEEP_DB === '1') {
      log(`kept database ${name}`);
      return;
    }
    await scratch.drop();
  };
  const version = rows<{ v: string }>(
    await database.db.execute(sql`select current_setting('server_version') as v`),
  )[0].v;
  return { database, url: scratch.url, label: `PostgreSQL ${version} (database ${name})`, drop };
}

/**
 * `count` placed orders over the last 365 days, with 1–3 lines, a size row per line and a log line
 * each. Ids grow with the order date, as they do in production (orders are placed over time).
 */
export async function loadOrders(db: Db, count: number) {
  const t0 = performance.now();
  const step = async (what: string, q: SQL) => {
    const t = performance.now();
    await db.execute(q);
    log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const first =
    rows<{ id: number }>(await db.execute(sql`select coalesce(max(id), 0)::int as id from orders`))[0].id + 1;
  // Deterministic pseudo-random numbers from the row number (no session state, so any connection will do).
  const rnd = (n: number) => sql.raw(`((hashint4(g * ${n + 7}) & 2147483647)::float8 / 2147483648)`);
  await step(
    'orders',
    sql`
    with pairs as (
      select row_number() over (order by vendor_id, customer_id) as rn, vendor_id, customer_id from vendor_customers
    ),
    facs as (select row_number() over (order by id) as rn, id, production_region_id, currency_type_id from factories),
    vendor_user as (select distinct on (vendor_id) vendor_id, user_id from user_vendors order by vendor_id, user_id),
    g as (
      -- g = 1 is the oldest order; ids follow g
      select g, ${first} + g - 1 as id, (${count} - g)::float8 / ${count} * 365 + ${rnd(1)} / 2 as age,
        ${rnd(2)} as r1, ${rnd(3)} as r2, ${rnd(4)} as r3, ${rnd(5)} as r4, ${rnd(6)} as r5
      from generate_series(1, ${count}) as g
    ),
    o as (
      select g.*, 1 + g.id % 3 as lines, p.vendor_id, p.customer_id, f.id as factory_id, f.production_region_id,
        f.currency_type_id as cost_cur, v.currency_type_id as price_cur, vu.user_id, (g.r4 < 0.04) as cancelled
      from g
      join pairs p on p.rn = 1 + floor(g.r1 * (select count(*) from pairs))
      join facs f on f.rn = 1 + floor(g.r2 * (select count(*) from facs))
      join vendors v on v.id = p.vendor_id
      join vendor_user vu on vu.vendor_id = p.vendor_id
    ),
    s as (
      select o.*,
        case
          when o.cancelled then (array['NEEDS_ARTWORK','NEEDS_ART_APPROVAL','PRODUCTION_READY'])[1 + floor(o.r5 * 3)::int]
          when o.age > 45 then case when o.r5 < 0.92 then 'COMPLETE_AND_SHIPPED' else 'READY_TO_SHIP' end
          else (array['NEEDS_ARTWORK','NEEDS_ART_APPROVAL','PRODUCTION_READY','PRODUCTION_CONFIRMED','READY_TO_SHIP',
            'COMPLETE_AND_SHIPPED'])[1 + floor(o.r5 * 6)::int]
        end as status
      from o
    )
    insert into orders (id, order_status, cancelled, finance_approval, user_id, vendor_id, customer_id,
      production_region_id, factory_id, vendor_po, contact, email, phone, date_requested, shipping_address,
      delivery_method, billing_address, order_date, price_currency_id, cost_currency_id, total_price, total_cost,
      has_artwork, csr_art_prepared, csr_production_confirmed, terms_accepted_at, created_at, updated_at)
    select s.id, s.status, s.cancelled, s.status in ('READY_TO_SHIP', 'COMPLETE_AND_SHIPPED') or s.r3 < 0.15,
      s.user_id, s.vendor_id, s.customer_id, s.production_region_id, s.factory_id,
      'BENCH-' || s.g, 'Bench Contact', 'bench@example.com', '+1 555 0100',
      (now() - s.age * interval '1 day' + interval '30 days')::date, '1 Bench Road, Dhaka', 'Courier', '2 Bench Street',
      now() - s.age * interval '1 day', s.price_cur, s.cost_cur,
      -- the lines below: k = 1..lines, 500·k pieces at 0.12 / 0.05
      60 * s.lines * (s.lines + 1) / 2, 25 * s.lines * (s.lines + 1) / 2,
      s.r3 < 0.5, s.r3 < 0.5 and s.status <> 'NEEDS_ARTWORK',
      s.status in ('PRODUCTION_CONFIRMED', 'READY_TO_SHIP', 'COMPLETE_AND_SHIPPED'),
      now() - s.age * interval '1 day', now() - s.age * interval '1 day', now() - s.age * interval '1 day'
    from s
    order by s.id`,
  );
  await step(
    'orders id sequence',
    sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`,
  );
  await step(
    'lines',
    sql`
    with sc as (select customer_id, array_agg(id order by id) as ids from product_subcodes group by customer_id)
    insert into order_items (order_id, product_subcode_id, product_type, quantity, unit_price, unit_cost, total_price,
      total_cost, needs_artwork, artwork_status, created_at)
    select o.id, sc.ids[1 + ((o.id * 31 + k) % array_length(sc.ids, 1))], 'STANDARD', 500 * k, 0.12, 0.05,
      60 * k, 25 * k, o.has_artwork and k = 1,
      case when o.has_artwork and k = 1 then
        case o.order_status when 'NEEDS_ARTWORK' then 'NEEDS_UPLOAD' when 'NEEDS_ART_APPROVAL' then 'UPLOADED' else 'APPROVED' end
      end,
      o.created_at
    from orders o
    join sc on sc.customer_id = o.customer_id
    cross join lateral generate_series(1, 1 + o.id % 3) as k
    where o.id >= ${first}
    order by o.id, k`,
  );
  await step(
    'line sizes',
    sql`
    insert into order_item_sizes (order_item_id, product_item_id, quantity, unit_price, unit_cost)
    select i.id, pi.first_id, i.quantity, i.unit_price, i.unit_cost
    from order_items i
    join (select product_subcode_id, min(id) as first_id from product_items group by product_subcode_id) pi
      on pi.product_subcode_id = i.product_subcode_id
    where i.order_id >= ${first}
    order by i.id`,
  );
  await step(
    'logs',
    sql`
    insert into order_logs (order_id, timestamp, user_id, user_name, description)
    select o.id, o.order_date, o.user_id, u.contact_name, 'Order placed'
    from orders o join users u on u.id = o.user_id where o.id >= ${first}
    order by o.id`,
  );
  // a table in steady state: statistics and visibility map as autovacuum would leave them
  await step('vacuum analyze', sql`vacuum analyze`);
  const counts = rows<{ orders: number; items: number }>(
    await db.execute(
      sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items`,
    ),
  )[0];
  log(
    `loaded ${count} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(now ${counts.orders} orders, ${counts.items} lines)`,
  );
}

/**
 * Issues tokens for `userIds` and inserts their session rows directly (no password hashing per
 * user); answers the tokens in `userIds` order.
 */
export async function issueTokens(db: Db, tokens: TokenService, userIds: number[]): Promise<string[]> {
  const us = rows<{ id: number; role: string; email: string; name: string }>(
    await db.execute(
      sql`select id, role, email, contact_name as name from users where id = any(${`{${userIds.join(',')}}`}::int[])`,
    ),
  );
  const byId = new Map(us.map((u) => [u.id, u]));
  const issued = await Promise.all(userIds.map((id) => tokens.issue(byId.get(id)!)));
  for (let i = 0; i < issued.length; i += 1000) {
    const chunk = issued.slice(i, i + 1000).map((t, k) => ({ t, userId: userIds[i + k] }));
    await db.execute(sql`
      insert into sessions (id, user_id, expires_at, ip)
      select * from unnest(${`{${chunk.map((c) => c.t.jti).join(',')}}`}::uuid[],
        ${`{${chunk.map((c) => c.userId).join(',')}}`}::int[],
        ${`{${chunk.map((c) => `"${c.t.expiresAt.toISOString()}"`).join(',')}}`}::timestamptz[]) as s,
        lateral (select '127.0.0.1') as ip`);
  }
  return issued.map((t) => t.token);
}

/** Ends a bench's process when `run` settles: 0 when it did, 1 with the error printed when it failed. */
export function exitWhenDone(run: Promise<void>): void {
  run.then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
