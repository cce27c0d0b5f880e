/**
 * Order list and place-order benchmark (`npm run bench`). Not part of `npm test`; it asserts no
 * timings, it prints them.
 *
 * 1. Opens a fresh database: on PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (a new
 *    database selvedge_bench_<time>, dropped at the end unless BENCH_KEEP_DB=1), else an in-memory
 *    PGlite. Applies migrations and loads the demo data.
 * 2. Adds BENCH_ORDERS (default 100,000) placed orders with 1–3 lines each, a size row per line and
 *    a log line, in bulk SQL (insert … select from generate_series), then ANALYZE.
 * 3. Builds BENCH_PLACE_USERS (default 400) vendor users, each with a priced cart (PENDING order
 *    with one line), and signs them in by issuing tokens directly (no argon2 per user).
 * 4. Serves the app on 127.0.0.1 (random port) and measures with real HTTP (fetch, keep-alive) a
 *    bounded number of requests at a fixed concurrency per scenario: the order list with the
 *    screen's default filters as ADMIN and as VENDOR, the list without filters (ADMIN), "Needs my
 *    action" (ADMIN, VENDOR), the order details, and PUT /orders/place (each bench user places its
 *    cart once).
 * 5. Prints requests per second and p50/p99 latency per scenario, plus, on PostgreSQL, the query
 *    plans of the list queries.
 *
 * Settings: BENCH_REQUESTS (2000), BENCH_CONCURRENCY (16), BENCH_ORDERS, BENCH_PLACE_USERS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  lineTotal,
  minimumOrderCharges,
  orderListQuery,
  sumAmounts,
  type Tier,
  tierForQuantity,
  toFixedAmount,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { and, type SQL, sql } from 'drizzle-orm';
import pino from 'pino';
import { API_PREFIX, buildApp } from '../src/app';
import { ordersRepository } from '../src/modules/orders/orders.repository';
import { orderScope, type ScopeUser } from '../src/modules/orders/orders.scope';
import { orderFilters } from '../src/modules/orders/orders.service';
import { loadConfig } from '../src/platform/config';
import { createScratchDatabase, type Database, type Db, openDatabase } from '../src/platform/db';
import { orders } from '../src/platform/db/schema';
import { createJobs } from '../src/platform/jobs';
import { createMailer } from '../src/platform/mail';
import { createStorage } from '../src/platform/storage';
import { seedDemoData } from '../src/seed/demo';

const env = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v ? Number(v) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const ORDERS = env('BENCH_ORDERS', 100_000);
const REQUESTS = env('BENCH_REQUESTS', 2_000);
const CONCURRENCY = env('BENCH_CONCURRENCY', 16);
const PLACE_USERS = env('BENCH_PLACE_USERS', 400);
const WARMUP = Math.min(100, REQUESTS);

const log = (...a: unknown[]) => console.log(...a);
const rows = <T>(r: { rows: unknown[] }) => r.rows as T[];

// ---------------------------------------------------------------- database

async function openBenchDatabase(): Promise<{
  database: Database;
  label: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, label: 'PGlite (in memory)', drop: async () => {} };
  }
  const name = `selvedge_bench_${Date.now()}`;
  const scratch = await createScratchDatabase(url, name);
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
  return { database, label: `PostgreSQL ${version} (database ${name})`, drop };
}

/**
 * `count` placed orders over the last 365 days, with 1–3 lines, a size row per line and a log line
 * each. Ids grow with the order date, as they do in production (orders are placed over time).
 */
async function loadOrders(db: Db, count: number) {
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

// ---------------------------------------------------------------- carts to place

interface CartProduct {
  vendorId: number;
  customerId: number;
  priceCurrencyId: number;
  priceCurrency: string;
  costCurrency: string;
  subcodeId: number;
  subcode: string;
  description: string;
  productCode: string;
  productItemId: number;
  packSize: number;
  minOrderQuantity: number;
}

/** A product of vendor@example.com's vendor that the cart can price: tiers in both currencies, an active item. */
async function pickCartProduct(db: Db): Promise<CartProduct> {
  const found = rows<CartProduct>(
    await db.execute(sql`
      select v.id as "vendorId", vc.customer_id as "customerId", v.currency_type_id as "priceCurrencyId",
        pcur.code as "priceCurrency", fcur.code as "costCurrency", sc.id as "subcodeId", sc.product_subcode as "subcode",
        sc.description, pc.product_code as "productCode",
        (select min(pi.id) from product_items pi where pi.product_subcode_id = sc.id and pi.active) as "productItemId",
        sc.pack_size as "packSize", sc.min_order_quantity as "minOrderQuantity"
      from users u
      join user_vendors uv on uv.user_id = u.id
      join vendors v on v.id = uv.vendor_id
      join currencies pcur on pcur.id = v.currency_type_id
      join vendor_customers vc on vc.vendor_id = v.id
      join product_subcodes sc on sc.customer_id = vc.customer_id
      join product_codes pc on pc.id = sc.product_code_id
      join factories f on f.id = sc.factory_id
      join currencies fcur on fcur.id = f.currency_type_id
      where u.email = 'vendor@example.com'
        and exists (select 1 from product_items pi where pi.product_subcode_id = sc.id and pi.active and pi.product_type = 'STANDARD')
        and exists (select 1 from price_tiers t where t.product_subcode_id = sc.id and t.currency_id = v.currency_type_id)
        and exists (select 1 from cost_tiers t where t.product_subcode_id = sc.id and t.currency_id = f.currency_type_id)
      order by sc.artwork_required, sc.id
      limit 1`),
  );
  if (!found[0]) throw new Error('the demo data has no product that vendor@example.com can order');
  return found[0];
}

/** Creates `count` vendor users with a cart each, priced exactly as placing will re-price it. */
async function buildCarts(db: Db, count: number, p: CartProduct): Promise<number[]> {
  const tiers = async (table: string) =>
    rows<Tier>(
      await db.execute(sql`
        select t.quantity, t.price::text as price, c.code as currency
        from ${sql.raw(table)} t join currencies c on c.id = t.currency_id
        where t.product_subcode_id = ${p.subcodeId}`),
    );
  const prices = await tiers('price_tiers');
  const costs = await tiers('cost_tiers');
  const minValue =
    rows<{ price: string }>(
      await db.execute(
        sql`select price::text as price from min_values where product_subcode_id = ${p.subcodeId} and currency_id = ${p.priceCurrencyId}`,
      ),
    )[0]?.price ?? null;
  const step = Math.max(1, p.packSize);
  const quantity = Math.ceil(Math.max(p.minOrderQuantity, step * 20) / step) * step;
  const priceTier = tierForQuantity(prices, quantity, p.priceCurrency);
  const costTier = tierForQuantity(costs, quantity, p.costCurrency);
  if (!priceTier || !costTier)
    throw new Error(`${p.subcode} has no ${p.priceCurrency} price or ${p.costCurrency} cost`);
  const unitPrice = toFixedAmount(priceTier.price, 4);
  const unitCost = toFixedAmount(costTier.price, 4);
  const totalPrice = lineTotal(unitPrice, quantity);
  const totalCost = lineTotal(unitCost, quantity);
  const charges = minimumOrderCharges([
    {
      productCode: p.productCode,
      productSubcodeId: p.subcodeId,
      productSubcode: p.subcode,
      description: p.description,
      totalPrice,
      minValue,
    },
  ]);
  const dateRequested = dayjs().add(30, 'day').format('YYYY-MM-DD');
  const hash = rows<{ h: string }>(
    await db.execute(sql`select password_hash as h from users where email = 'vendor@example.com'`),
  )[0].h;

  return db.transaction(async (tx) => {
    const users = rows<{ id: number }>(
      await tx.execute(sql`
        insert into users (email, contact_name, role, password_hash, password_changed_at)
        select 'bench.place.' || g || '@example.com', 'Bench Placer ' || g, 'VENDOR', ${hash}, now()
        from generate_series(1, ${count}) g
        returning id`),
    ).map((r) => r.id);
    await tx.execute(sql`
      insert into user_vendors (user_id, vendor_id)
      select id, ${p.vendorId} from users where email like 'bench.place.%'`);
    await tx.execute(sql`
      insert into orders (order_status, user_id, vendor_id, customer_id, vendor_po, contact, email, phone, date_requested,
        shipping_address, delivery_method, billing_address, price_currency_id, total_price, total_cost)
      select 'PENDING', u.id, ${p.vendorId}, ${p.customerId}, 'BENCH-CART-' || u.id, u.contact_name, 'bench@example.com',
        '+1 555 0101', ${dateRequested},
        -- one of the vendor's saved addresses (placing refuses any other text)
        (select a.address from vendor_shipping_addresses a where a.vendor_id = ${p.vendorId} order by a.id limit 1),
        'Courier', '2 Bench Street', ${p.priceCurrencyId},
        ${sumAmounts([totalPrice, ...charges.map((c) => c.charge)])}, ${totalCost}
      from users u where u.email like 'bench.place.%'`);
    await tx.execute(sql`
      insert into order_items (order_id, product_subcode_id, product_type, quantity, unit_price, unit_cost, total_price, total_cost)
      select o.id, ${p.subcodeId}, 'STANDARD', ${quantity}, ${unitPrice}, ${unitCost}, ${totalPrice}, ${totalCost}
      from orders o where o.vendor_po like 'BENCH-CART-%' and o.order_status = 'PENDING'`);
    await tx.execute(sql`
      insert into order_item_sizes (order_item_id, product_item_id, quantity, unit_price, unit_cost)
      select i.id, ${p.productItemId}, ${quantity}, ${unitPrice}, ${unitCost}
      from order_items i join orders o on o.id = i.order_id
      where o.vendor_po like 'BENCH-CART-%' and o.order_status = 'PENDING'`);
    for (const c of charges) {
      await tx.execute(sql`
        insert into order_charges (order_id, charge_name, product_subcode_id, subcode, sub_code_description, charge, currency_id)
        select o.id, ${c.chargeName}, ${c.productSubcodeId}, ${c.subcode}, ${c.subCodeDescription}, ${c.charge}, ${p.priceCurrencyId}
        from orders o where o.vendor_po like 'BENCH-CART-%' and o.order_status = 'PENDING'`);
    }
    return users;
  });
}

// ---------------------------------------------------------------- load runner

interface Result {
  scenario: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  note?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `total` requests with `concurrency` workers; `call(i)` answers whether the answer was the expected one. */
async function measure(
  scenario: string,
  total: number,
  concurrency: number,
  call: (i: number) => Promise<boolean>,
): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t0 = performance.now();
        let ok = false;
        try {
          ok = await call(i);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    requests: total,
    errors,
    rps: total / wall,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

// ---------------------------------------------------------------- main

async function main() {
  const { database, label, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bench-'));
  let closeApp: (() => Promise<unknown>) | undefined;
  try {
    log(`database: ${label}`);
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await seedDemoData(db, { storage: createStorage(config) });
    await loadOrders(db, ORDERS);
    const product = await pickCartProduct(db);
    const placeUsers = await buildCarts(db, PLACE_USERS, product);
    log(`built ${placeUsers.length} carts (1 line of ${product.subcode})`);

    const logger = pino({ level: 'silent' });
    // Placing queues mail jobs; the bench measures the API, so no worker sends them.
    const jobs = createJobs(database, logger);
    await jobs.start();
    const app = await buildApp({
      db,
      config,
      mailer: createMailer({ from: config.mailFrom, dataDir, logger }),
      jobs,
      storage: createStorage(config),
      jwtSecret: 'bench-secret-bench-secret-bench-secret-0',
    });
    closeApp = async () => {
      await app.close();
      await jobs.stop();
    };
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}${API_PREFIX}`;

    /** Issues a token and its session row directly (no password hashing per user). */
    const tokenOf = async (userId: number) => {
      const u = rows<{ id: number; role: string; email: string; name: string }>(
        await db.execute(sql`select id, role, email, contact_name as name from users where id = ${userId}`),
      )[0];
      const issued = await app.ctx.tokens.issue(u);
      await db.execute(
        sql`insert into sessions (id, user_id, expires_at, ip) values (${issued.jti}, ${u.id}, ${issued.expiresAt}, '127.0.0.1')`,
      );
      return issued.token;
    };
    const userIdOf = async (email: string) =>
      rows<{ id: number }>(await db.execute(sql`select id from users where email = ${email}`))[0].id;
    const adminToken = await tokenOf(await userIdOf('admin@example.com'));
    const vendorToken = await tokenOf(await userIdOf('vendor@example.com'));

    const startDate = dayjs().subtract(30, 'day').format('YYYY-MM-DD');
    const defaults = `orderStatus=READY_TO_SHIP&startDate=${startDate}&page=0&size=50`;
    const getOk = async (path: string, token: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return res.status === 200;
    };
    const probe = async (path: string, token: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as { totalItems: number; orders: { orderId: number }[] };
    };
    const adminList = await probe(`/orders?${defaults}`, adminToken);
    const vendorList = await probe(`/orders?${defaults}`, vendorToken);
    const allList = await probe('/orders?size=50', adminToken);
    log(
      `default filter matches ${adminList.totalItems} orders for ADMIN, ${vendorList.totalItems} for VENDOR; ` +
        `${allList.totalItems} placed orders in all`,
    );
    const detailIds = allList.orders.map((o) => o.orderId);

    const results: Result[] = [];
    const listScenario = async (name: string, path: string, token: string) => {
      await measure('warm-up', WARMUP, CONCURRENCY, () => getOk(path, token));
      results.push(await measure(name, REQUESTS, CONCURRENCY, () => getOk(path, token)));
    };
    await listScenario('GET /has-vendor (baseline: auth only)', '/has-vendor', adminToken);
    await listScenario('GET /orders (default filters) as ADMIN', `/orders?${defaults}`, adminToken);
    await listScenario('GET /orders (default filters) as VENDOR', `/orders?${defaults}`, vendorToken);
    await listScenario('GET /orders (no filter, page 0) as ADMIN', '/orders?size=50', adminToken);
    await listScenario('GET /orders (no filter, page 100) as ADMIN', '/orders?size=50&page=100', adminToken);
    await listScenario('GET /orders/needs-action as ADMIN', '/orders/needs-action', adminToken);
    await listScenario('GET /orders/needs-action as VENDOR', '/orders/needs-action', vendorToken);
    await measure('warm-up', WARMUP, CONCURRENCY, (i) =>
      getOk(`/orders/${detailIds[i % detailIds.length]}`, adminToken),
    );
    results.push(
      await measure('GET /orders/{id} as ADMIN', REQUESTS, CONCURRENCY, (i) =>
        getOk(`/orders/${detailIds[i % detailIds.length]}`, adminToken),
      ),
    );

    // place: each bench user places its own cart once
    const placeTokens: string[] = [];
    for (const id of placeUsers) placeTokens.push(await tokenOf(id));
    const refusals = new Map<string, number>();
    const place = await measure(
      'PUT /orders/place as VENDOR (one per cart)',
      placeTokens.length,
      CONCURRENCY,
      async (i) => {
        const res = await fetch(`${base}/orders/place?termsAndConditions=true`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${placeTokens[i]}` },
        });
        const body = (await res.json().catch(() => ({}))) as { orderId?: number; message?: string };
        const ok = res.status === 200 && typeof body.orderId === 'number' && body.orderId > 0;
        if (!ok) {
          const key = `${res.status} ${body.orderId ?? ''} ${body.message ?? ''}`.trim();
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }
        return ok;
      },
    );
    if (refusals.size > 0) place.note = [...refusals].map(([k, n]) => `${n}× ${k}`).join('; ');
    results.push(place);
    const placed = rows<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from orders where vendor_po like 'BENCH-CART-%' and order_status <> 'PENDING'`,
      ),
    )[0].n;

    log('');
    log(
      `${REQUESTS} requests per list/details scenario, concurrency ${CONCURRENCY}, client and server in one process`,
    );
    log(
      'scenario'.padEnd(48),
      'requests'.padStart(8),
      'errors'.padStart(7),
      'req/s'.padStart(9),
      'p50 ms'.padStart(9),
      'p99 ms'.padStart(9),
    );
    for (const r of results) {
      log(
        r.scenario.padEnd(48),
        String(r.requests).padStart(8),
        String(r.errors).padStart(7),
        r.rps.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(9),
        r.p99.toFixed(1).padStart(9),
      );
      if (r.note) log(`  not placed: ${r.note}`);
    }
    log(`placed orders: ${placed} of ${placeUsers.length} carts`);

    if (database.kind === 'postgres') await explainListQueries(database);
  } finally {
    await closeApp?.();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the plans of the list's page and count queries on PostgreSQL (BENCH_EXPLAIN=0 to skip). */
async function explainListQueries(database: Database) {
  if (process.env.BENCH_EXPLAIN === '0' || !database.pool) return;
  const db = database.db;
  const vendor = rows<{ ids: number[] }>(
    await db.execute(
      sql`select array_agg(uv.vendor_id) as ids from user_vendors uv join users u on u.id = uv.user_id where u.email = 'vendor@example.com'`,
    ),
  )[0].ids;
  const users: [string, ScopeUser][] = [
    ['ADMIN', { role: 'ADMIN', customerIds: [], vendorIds: [], factoryIds: [], regionIds: [] }],
    ['VENDOR', { role: 'VENDOR', customerIds: [], vendorIds: vendor, factoryIds: [], regionIds: [] }],
  ];
  const q = orderListQuery.parse({
    orderStatus: 'READY_TO_SHIP',
    startDate: dayjs().subtract(30, 'day').format('YYYY-MM-DD'),
  });
  const all = orderListQuery.parse({});
  for (const [role, user] of users) {
    for (const [what, query] of [
      ['default filters', q],
      ['no filter', all],
    ] as const) {
      const where = and(orderScope(user), ...orderFilters(query, user.role)) as SQL;
      const page = ordersRepository.listOrders(db, where, 50, 0).toSQL();
      const count = db.select({ n: sql`count(*)` }).from(orders).where(where).toSQL();
      for (const [kind, stmt] of [
        ['page', page],
        ['count', count],
      ] as const) {
        const plan = await database.pool.query(
          `explain (analyze, costs off, timing on) ${stmt.sql}`,
          stmt.params as unknown[],
        );
        log(`\nplan: ${role}, ${what}, ${kind} query`);
        for (const r of plan.rows as { 'QUERY PLAN': string }[]) log(`  ${r['QUERY PLAN']}`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
