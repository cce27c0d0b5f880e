/**
 * Order list, order details, place order and auth benchmark (`npm run bench`), measured against a
 * ceiling. Not part of `npm test`; it asserts no timings, it prints them (docs/decisions/0019).
 *
 * 1. Creates a scratch PostgreSQL database selvedge_bench_<time> through BENCH_DATABASE_URL, else
 *    DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (dropped at the end unless
 *    BENCH_KEEP_DB=1); applies migrations and loads the demo data.
 * 2. Adds BENCH_ORDERS (default 100,000) placed orders with 1–3 lines each, a size row per line and
 *    a log line, in bulk SQL (insert … select from generate_series), then VACUUM ANALYZE.
 * 3. Builds priced carts (one per vendor user) for placing, and signs users in by issuing tokens and
 *    session rows directly (no argon2 per user).
 * 4. Starts two servers, each in a process of its own: the product (the bundle of src/main.ts that
 *    `npm run build -w apps/server` makes, as deployed, with the image's NODE_OPTIONS and malloc
 *    settings read from the Dockerfile; BENCH_NODE_FLAGS replaces the node flags) and a
 *    ceiling (bench/ceiling.ts: node:http + pg, same pool size) that runs, per call, the SQL
 *    statements the product ran for that call — captured from the product (a session its cache
 *    serves sends no lookup; a write's ping on the notice connection is one) — and answers the same
 *    JSON. bench/instrument.ts, preloaded into both, counts statements and
 *    samples RSS.
 * 5. Loads each with autocannon from this process: 50 connections, BENCH_ROUNDS rounds of
 *    BENCH_DURATION seconds per server and scenario, product and ceiling alternated within the same
 *    run, so a busy shared machine slows both alike. Place order places each cart once
 *    (BENCH_PLACE_PER_ROUND carts per round and server, and as many for its paced run).
 * 6. Prints per scenario: product and ceiling req/s, ratio product/ceiling (median of rounds), p50/p99
 *    latency, statements per request, CPU milliseconds per request of each server process and of the
 *    rest of the machine (PostgreSQL, mostly), the product's largest RSS and its p50/p99 latency with one
 *    connection (one round, product only: what one user sees on an idle server) and at half the
 *    ceiling's req/s (requests evenly paced, product and ceiling: latency under a load both carry,
 *    which a closed loop at full speed cannot show; with the load generator's own event-loop delay,
 *    part of every latency it measures); then the list queries' plans (EXPLAIN
 *    ANALYZE; BENCH_EXPLAIN=0 to skip).
 *
 * Settings: BENCH_ORDERS (100000), BENCH_ROUNDS (3), BENCH_DURATION (3), BENCH_CONNECTIONS (50),
 * BENCH_PLACE_PER_ROUND (1000), BENCH_POOL_SIZE (10); BENCH_ONLY=<regex> runs the scenarios whose
 * name matches; BENCH_CPU_PROF=<folder> writes a CPU profile of each server; BENCH_NODE_FLAGS node
 * flags of the product server instead of the image's NODE_OPTIONS ("" for none); BENCH_PACED_RATE the
 * paced load's req/s instead of half the ceiling's; MALLOC_* variables
 * set for the bench replace the image's; BENCH_LOG_LEVEL the product's LOG_LEVEL (default info, the
 * level that ships; its lines go to /dev/null);
 * BENCH_SQL=1 prints the statements of one request of each scenario, as captured from the product.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  lineTotal,
  minimumOrderCharges,
  orderListQuery,
  sumAmounts,
  type Tier,
  tierForQuantity,
  toFixedAmount,
} from '@selvedge/shared';
import autocannon from 'autocannon';
import dayjs from 'dayjs';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { API_PREFIX } from '../src/app';
import { orderScope, type ScopeUser } from '../src/modules/access/access';
import { listOrdersQuery } from '../src/modules/orders/orders.list.repository';
import { LIST_COUNT_CAP, orderFilters } from '../src/modules/orders/orders.service';
import { TokenService } from '../src/platform/auth';
import { loadConfig } from '../src/platform/config';
import type { Database, Db } from '../src/platform/db';
import { createStorage } from '../src/platform/storage';
import { seedDemoData } from '../src/seed/demo';
import { freePort, serverBundles } from '../src/test/serverProcess';
import type { CeilingScript } from './ceiling';
import type { InstrumentReply } from './instrument';
import { imageRuntime, productLogLevel } from './product';
import { exitWhenDone, issueTokens, loadOrders, openBenchDatabase } from './seed';

const env = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v ? Number(v) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const ORDERS = env('BENCH_ORDERS', 100_000);
const ROUNDS = env('BENCH_ROUNDS', 3);
const DURATION = env('BENCH_DURATION', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const PLACE_PER_ROUND = env('BENCH_PLACE_PER_ROUND', 1000);
const POOL_SIZE = env('BENCH_POOL_SIZE', 10);
/** Carts placed one at a time for place order's one-connection latency. */
const SINGLE_PLACES = 200;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0';

const log = (...a: unknown[]) => console.log(...a);
const rows = <T>(r: { rows: unknown[] }) => r.rows as T[];

// ---------------------------------------------------------------- database

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
async function buildCarts(
  db: Db,
  tag: string,
  count: number,
  p: CartProduct,
): Promise<{ userId: number; cartId: number; lineId: number }[]> {
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
        select 'bench.' || ${tag} || '.' || g || '@example.com', 'Bench Placer ' || g, 'VENDOR', ${hash}, now()
        from generate_series(1, ${count}) g
        returning id`),
    ).map((r) => r.id);
    await tx.execute(sql`
      insert into user_vendors (user_id, vendor_id)
      select id, ${p.vendorId} from users where email like ${`bench.${tag}.%`}`);
    await tx.execute(sql`
      insert into orders (order_status, user_id, vendor_id, customer_id, vendor_po, contact, email, phone, date_requested,
        shipping_address, delivery_method, billing_address, price_currency_id, total_price, total_cost)
      select 'PENDING', u.id, ${p.vendorId}, ${p.customerId}, ${`BENCH-CART-${tag}-`} || u.id, u.contact_name, 'bench@example.com',
        '+1 555 0101', ${dateRequested},
        -- one of the vendor's saved addresses (placing refuses any other text)
        (select a.address from vendor_shipping_addresses a where a.vendor_id = ${p.vendorId} order by a.id limit 1),
        'Courier', '2 Bench Street', ${p.priceCurrencyId},
        ${sumAmounts([totalPrice, ...charges.map((c) => c.charge)])}, ${totalCost}
      from users u where u.email like ${`bench.${tag}.%`}`);
    await tx.execute(sql`
      insert into order_items (order_id, product_subcode_id, product_type, quantity, unit_price, unit_cost, total_price, total_cost)
      select o.id, ${p.subcodeId}, 'STANDARD', ${quantity}, ${unitPrice}, ${unitCost}, ${totalPrice}, ${totalCost}
      from orders o where o.vendor_po like ${`BENCH-CART-${tag}-%`} and o.order_status = 'PENDING'`);
    await tx.execute(sql`
      insert into order_item_sizes (order_item_id, product_item_id, quantity, unit_price, unit_cost)
      select i.id, ${p.productItemId}, ${quantity}, ${unitPrice}, ${unitCost}
      from order_items i join orders o on o.id = i.order_id
      where o.vendor_po like ${`BENCH-CART-${tag}-%`} and o.order_status = 'PENDING'`);
    for (const c of charges) {
      await tx.execute(sql`
        insert into order_charges (order_id, charge_name, product_subcode_id, subcode, sub_code_description, charge, currency_id)
        select o.id, ${c.chargeName}, ${c.productSubcodeId}, ${c.subcode}, ${c.subCodeDescription}, ${c.charge}, ${p.priceCurrencyId}
        from orders o where o.vendor_po like ${`BENCH-CART-${tag}-%`} and o.order_status = 'PENDING'`);
    }
    return rows<{ userId: number; cartId: number; lineId: number }>(
      await tx.execute(sql`
        select o.user_id as "userId", o.id as "cartId", i.id as "lineId"
        from orders o join order_items i on i.order_id = o.id
        where o.vendor_po like ${`BENCH-CART-${tag}-%`} and o.order_status = 'PENDING' order by o.id`),
    ).filter((c) => users.includes(c.userId));
  });
}

// ---------------------------------------------------------------- processes

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  ask: (type: string, extra?: object) => Promise<InstrumentReply>;
  stop: () => Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Forks `script` with the instrument preloaded (and `nodeFlags`) and waits until `ready` answers 200.
 */
async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  ready: string,
  nodeFlags: string[] = [],
) {
  const port = await freePort();
  const child = fork(script, [], {
    // No tsx: the product is its bundle, and instrument.ts and ceiling.ts are plain enough for Node's
    // own type stripping, so neither server carries a TypeScript loader that production has not.
    execArgv: [
      ...nodeFlags,
      '--import',
      join(here, 'instrument.ts'),
      // BENCH_CPU_PROF=<folder>: a CPU profile of each server (written when it stops)
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env, PORT: String(port) },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (r: InstrumentReply) => void>();
  child.on('message', (m: InstrumentReply) => {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const server: Server = {
    name,
    base,
    child,
    ask: (type, extra = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.send({ id, type, ...extra });
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, delay(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}${ready}`).then(
      (r) => r.status === 200 || r.status === 404,
      () => false,
    );
    if (ok) return server;
    if (i > 600) throw new Error(`${name} server did not start`);
    await delay(100);
  }
}

// ---------------------------------------------------------------- load runner

interface Run {
  rps: number;
  /** CPU milliseconds per request: the server's own, and the rest of the machine's (PostgreSQL,
   * mostly) without the load generator's (this process). */
  serverCpuMs: number;
  otherCpuMs: number;
  p50: number;
  p99: number;
  requests: number;
  bad: number;
  maxRss: number;
}

type Paced = Awaited<ReturnType<typeof paced>>;

/** Requests of a run: each a path under the API and the bearer token it is sent with. */
type Requests = { path: string; token: string }[];

interface Scenario {
  name: string;
  method: 'GET' | 'PUT';
  /** Requests of the scenario, cycled through (path and token). */
  requests: Requests;
  /** Place: each request once, split into one slice per round and server. */
  once?: {
    product: Requests[];
    ceiling: Requests[];
    /** Placed one after the other on the product alone (the one-connection latency). */
    single: Requests;
    /** Placed at the paced rate, each once (product and ceiling). */
    paced: { product: Requests; ceiling: Requests };
  };
}

/**
 * Waits until `server` has answered every request it received: the requests a run leaves in flight
 * when its time is up must neither slow the next run nor slip into a captured script.
 */
async function idle(server: Server) {
  for (let i = 0; (await server.ask('stats')).inflight > 0; i++) {
    if (i > 6000) throw new Error(`${server.name} server still busy after 5 minutes`);
    await delay(50);
  }
}

/** Before a run: `server` idle, and its counters (statements, CPU, RSS, GC) started afresh. */
async function startRun(server: Server) {
  await idle(server);
  await server.ask('reset');
}

/** One autocannon run against `server`: DURATION seconds (or each of `once` once), 50 connections. */
async function load(
  server: Server,
  method: string,
  reqs: Requests,
  once: boolean,
  connections = CONNECTIONS,
) {
  await startRun(server);
  const machineAtStart = machineCpuMicros();
  const selfAtStart = process.cpuUsage();
  let i = 0;
  // The run's own clock, from its start to its last answer: autocannon's `duration` only ends at
  // its next one-second sample, so a run of a fixed number of requests (place) read 1000 / ⌈s⌉.
  let start = performance.now();
  let last = start;
  const run = autocannon({
    url: server.base,
    connections,
    ...(once ? { amount: reqs.length } : { duration: DURATION }),
    timeout: 30,
    requests: [
      {
        method,
        setupRequest: (req) => {
          const r = reqs[i++ % reqs.length];
          return {
            ...req,
            method,
            path: `${API_PREFIX}${r.path}`,
            headers: { authorization: `Bearer ${r.token}` },
          };
        },
      },
    ],
  })
    .on('start', () => {
      start = performance.now();
    })
    .on('response', () => {
      last = performance.now();
    });
  const result = await run;
  const stats = await server.ask('stats');
  const self = process.cpuUsage(selfAtStart);
  const machine = machineCpuMicros() - machineAtStart;
  const total = result.requests.total;
  return {
    rps: total / ((last - start) / 1000),
    serverCpuMs: stats.cpuMicros / 1000 / total,
    otherCpuMs: (machine - stats.cpuMicros - self.user - self.system) / 1000 / total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: total,
    bad: result.non2xx + result.errors + result.timeouts,
    maxRss: stats.maxRss,
  } satisfies Run;
}

/** The paced load's rate is at most this: above it node:http in this process, not the server, binds. */
const PACED_MAX_RATE = 4000;
/** BENCH_PACED_RATE: the paced load's rate (req/s) for every scenario, instead of half the ceiling's. */
const PACED_RATE = process.env.BENCH_PACED_RATE ? env('BENCH_PACED_RATE', 1) : undefined;

/**
 * Latency under a steady load: DURATION seconds of requests sent at `rate` per second, evenly
 * spaced (open loop, up to CONNECTIONS kept-alive connections), each timed from when it was due,
 * so a request that waits for a free connection counts its wait. autocannon cannot do this: its
 * rate limit sends each second's quota at the start of the second, as fast as a closed loop.
 * Requests go out on 1 ms timer ticks, so a latency includes up to ~1 ms of the pacer's own wait.
 * `once` (place): each of `reqs` is sent at most once, so the run ends early when they run out.
 * Returns p50/p99 in ms, the number of non-200 answers and errors, the server's longest GC pause and
 * this process's own event-loop delay p99 in ms (`lagP99`): how late the pacer itself ran — a share of
 * every latency it measures, whatever the server.
 */
async function paced(server: Server, method: string, reqs: Requests, rate: number, once = false) {
  await startRun(server);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const wanted = Math.max(1, Math.round(rate * DURATION));
  const total = once ? Math.min(wanted, reqs.length) : wanted;
  const latencies: number[] = [];
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  let sent = 0;
  let bad = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let done = 0;
    const finish = (ok: boolean, due: number) => {
      latencies.push(performance.now() - due);
      if (!ok) bad++;
      if (++done === total) resolve();
    };
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      for (; sent < due; sent++) {
        const r = reqs[sent % reqs.length];
        const dueAt = start + (sent * 1000) / rate;
        http
          .request(
            `${server.base}${API_PREFIX}${r.path}`,
            { method, agent, headers: { authorization: `Bearer ${r.token}` } },
            (res) => {
              res.resume();
              res.once('end', () => finish(res.statusCode === 200, dueAt));
            },
          )
          .once('error', () => finish(false, dueAt))
          .end();
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  lag.disable();
  const { gcMaxMs } = await server.ask('stats');
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { rate, p50: at(0.5), p99: at(0.99), bad, gcMaxMs, lagP99: lag.percentile(99) / 1e6 };
}

/** CPU time the whole machine has spent busy (all cores, /proc/stat), in microseconds. */
function machineCpuMicros() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .split(/\s+/)
    .map(Number);
  // /proc/stat counts in USER_HZ ticks, 100 per second on Linux
  return (user + nice + system + irq + softirq + steal) * 10_000;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The statements the product sends for each request of `reqs` (one at a time, nothing else
 * running), and its answer: the ceiling's scripts, keyed as the ceiling looks them up.
 */
async function captureScripts(product: Server, method: string, reqs: Requests) {
  const scripts: [string, CeilingScript][] = [];
  for (const r of reqs) {
    await idle(product);
    await product.ask('capture-start');
    const res = await fetch(`${product.base}${API_PREFIX}${r.path}`, {
      method,
      headers: { authorization: `Bearer ${r.token}` },
    });
    const body = (await res.json()) as unknown;
    const { captured = [] } = await product.ask('capture-stop');
    if (res.status !== 200)
      throw new Error(`${method} ${r.path} answered ${res.status}: ${JSON.stringify(body)}`);
    scripts.push([
      `${method} ${API_PREFIX}${r.path} Bearer ${r.token}`,
      { statements: captured, status: res.status, body },
    ]);
  }
  return scripts;
}

// ---------------------------------------------------------------- main

async function main() {
  const { database, url, label, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bench-'));
  const servers: Server[] = [];
  try {
    log(`database: ${label}`);
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await seedDemoData(db, { storage: createStorage(config) });
    await loadOrders(db, ORDERS);
    // The loaded orders' statistics, so the planner picks the list indexes (migration 0004) at once.
    await db.execute(sql`vacuum analyze orders`);
    const product = await pickCartProduct(db);
    const perRound = PLACE_PER_ROUND;
    // One cart per request of the rounds, SINGLE_PLACES for the one-connection run, perRound for the
    // paced run, and the model cart (the last) whose statements the ceiling replays.
    const productCarts = await buildCarts(db, 'p', (ROUNDS + 1) * perRound + SINGLE_PLACES + 1, product);
    const ceilingCarts = await buildCarts(db, 'c', (ROUNDS + 1) * perRound, product);
    log(`built ${productCarts.length + ceilingCarts.length} carts (1 line of ${product.subcode})`);
    // Statistics of the new carts, as autovacuum would have them.
    await db.execute(sql`analyze`);

    const tokens = new TokenService(JWT_SECRET, 480);
    const tokensOf = (userIds: number[]) => issueTokens(db, tokens, userIds);
    const userIdOf = async (email: string) =>
      rows<{ id: number }>(await db.execute(sql`select id from users where email = ${email}`))[0].id;
    const [adminToken, vendorToken] = await tokensOf([
      await userIdOf('admin@example.com'),
      await userIdOf('vendor@example.com'),
    ]);

    const runtime = imageRuntime();
    log(
      `product runs with node ${runtime.nodeFlags.join(' ') || '(no flags)'}` +
        `${process.env.BENCH_NODE_FLAGS === undefined ? " (the image's NODE_OPTIONS)" : ' (BENCH_NODE_FLAGS)'}; ` +
        `both servers with ${Object.entries(runtime.mallocEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
    );
    const common = {
      ...runtime.mallocEnv,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
    };
    const productServer = await startServer(
      'product',
      // The product as deployed: its bundle, built from the current sources.
      join(serverBundles(), 'main.mjs'),
      {
        ...common,
        DATA_DIR: dataDir,
        DEMO_DATA: 'never',
        JWT_SECRET,
        JOBS_IN_PROCESS: 'false',
        HOST: '127.0.0.1',
        METRICS_ENABLED: 'false',
        // The ceiling logs nothing.
        LOG_LEVEL: productLogLevel(),
      },
      `${API_PREFIX}/health/live`,
      runtime.nodeFlags,
    );
    servers.push(productServer);
    const ceilingServer = await startServer('ceiling', join(here, 'ceiling.ts'), common, '/');
    servers.push(ceilingServer);
    // The load generator before the servers and PostgreSQL when it has work (root only; the servers,
    // forked already, keep their priority): its own late wake-ups are part of every latency it times.
    try {
      setPriority(-10);
      log('load generator at nice -10');
    } catch {
      log('load generator at the default priority (nice -10 needs root)');
    }
    const ceilingScripts = (scripts: [string, CeilingScript][]) => ceilingServer.ask('scripts', { scripts });

    const startDate = dayjs().subtract(30, 'day').format('YYYY-MM-DD');
    const defaults = `orderStatus=READY_TO_SHIP&startDate=${startDate}&page=0&size=50`;
    const probe = async (path: string, token: string) =>
      (await (
        await fetch(`${productServer.base}${API_PREFIX}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { totalItems: number; totalItemsCapped?: true; orders: { orderId: number }[] };
    const adminList = await probe(`/orders?${defaults}`, adminToken);
    const vendorList = await probe(`/orders?${defaults}`, vendorToken);
    const allList = await probe('/orders?size=50', adminToken);
    log(
      `default filter matches ${adminList.totalItems}${adminList.totalItemsCapped ? '+' : ''} orders for ADMIN, ` +
        `${vendorList.totalItems}${vendorList.totalItemsCapped ? '+' : ''} for VENDOR; ` +
        `${allList.totalItems}${allList.totalItemsCapped ? '+ (counted up to the cap)' : ''} placed orders in all`,
    );
    const detailIds = allList.orders.map((o) => o.orderId);

    const scenarios: Scenario[] = [
      {
        name: 'GET /has-vendor (auth only) ADMIN',
        method: 'GET',
        requests: [{ path: '/has-vendor', token: adminToken }],
      },
      {
        name: 'GET /orders default filters ADMIN',
        method: 'GET',
        requests: [{ path: `/orders?${defaults}`, token: adminToken }],
      },
      {
        name: 'GET /orders default filters VENDOR',
        method: 'GET',
        requests: [{ path: `/orders?${defaults}`, token: vendorToken }],
      },
      {
        name: 'GET /orders no filter page 0 ADMIN',
        method: 'GET',
        requests: [{ path: '/orders?size=50', token: adminToken }],
      },
      {
        name: 'GET /orders no filter page 100 ADMIN',
        method: 'GET',
        requests: [{ path: '/orders?size=50&page=100', token: adminToken }],
      },
      {
        name: 'GET /orders/{id} ADMIN',
        method: 'GET',
        requests: detailIds.map((id) => ({ path: `/orders/${id}`, token: adminToken })),
      },
      {
        name: 'GET /orders/needs-action ADMIN',
        method: 'GET',
        requests: [{ path: '/orders/needs-action', token: adminToken }],
      },
      {
        name: 'GET /orders/needs-action VENDOR',
        method: 'GET',
        requests: [{ path: '/orders/needs-action', token: vendorToken }],
      },
    ];

    // Place: the product's statements for one cart are the template of every ceiling cart's script,
    // with that cart's user, cart and session put in place of the template's.
    const placePath = '/orders/place?termsAndConditions=true';
    const productTokens = await tokensOf(productCarts.map((c) => c.userId));
    const ceilingTokens = await tokensOf(ceilingCarts.map((c) => c.userId));
    const sessionOf = async (token: string) => (await tokens.verify(token))!.jti;
    // A user places the cart they have just filled and looked at: their token is verified and their
    // session cached by then. Each bench cart's user calls once before (cart status), so that place
    // is measured as it runs, not with a first call's token check and session look-up.
    await load(
      productServer,
      'GET',
      productTokens.map((token) => ({ path: '/orders/cart-status', token })),
      true,
    );
    const [template] = await captureScripts(productServer, 'PUT', [
      { path: placePath, token: productTokens[productTokens.length - 1] },
    ]);
    const model = productCarts[productCarts.length - 1];
    const modelSession = await sessionOf(productTokens[productTokens.length - 1]);
    const placeScripts: [string, CeilingScript][] = [];
    for (const [k, cart] of ceilingCarts.entries()) {
      const swap = new Map<unknown, unknown>([
        [model.userId, cart.userId],
        [model.cartId, cart.cartId],
        [String(model.userId), String(cart.userId)],
        [String(model.cartId), String(cart.cartId)],
        // the cart's line: without it every ceiling cart would update the model cart's line
        [model.lineId, cart.lineId],
        [String(model.lineId), String(cart.lineId)],
        [modelSession, await sessionOf(ceilingTokens[k])],
      ]);
      placeScripts.push([
        `PUT ${API_PREFIX}${placePath} Bearer ${ceilingTokens[k]}`,
        {
          statements: template[1].statements.map((s) => ({
            ...s,
            values: s.values.map((v) => (swap.has(v) ? swap.get(v) : v)),
          })),
          status: template[1].status,
          body: { ...(template[1].body as object), orderId: cart.cartId },
        },
      ]);
    }
    const slices = (ts: string[]) =>
      Array.from({ length: ROUNDS }, (_, r) =>
        ts.slice(r * perRound, (r + 1) * perRound).map((token) => ({ path: placePath, token })),
      );
    scenarios.push({
      name: 'PUT /orders/place VENDOR',
      method: 'PUT',
      requests: [],
      once: {
        product: slices(productTokens),
        ceiling: slices(ceilingTokens),
        single: productTokens
          .slice(ROUNDS * perRound, ROUNDS * perRound + SINGLE_PLACES)
          .map((token) => ({ path: placePath, token })),
        paced: {
          product: productTokens
            .slice(ROUNDS * perRound + SINGLE_PLACES, (ROUNDS + 1) * perRound + SINGLE_PLACES)
            .map((token) => ({ path: placePath, token })),
          ceiling: ceilingTokens
            .slice(ROUNDS * perRound, (ROUNDS + 1) * perRound)
            .map((token) => ({ path: placePath, token })),
        },
      },
    });

    log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per server and scenario (place: ${perRound} carts ` +
        `per round), product and ceiling alternated; pool ${POOL_SIZE}`,
    );
    const table: {
      name: string;
      /** SQL statements per request, as captured from the product (the ceiling runs the same). */
      statements: number;
      product: Run[];
      ceiling: Run[];
      single: Run;
      /** Product and ceiling at half the ceiling's req/s (place: at most perRound carts each). */
      half: { product: Paced; ceiling: Paced };
    }[] = [];
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    for (const s of scenarios) {
      if (only && !only.test(s.name)) continue;
      const scripts = s.once ? placeScripts : await captureScripts(productServer, s.method, s.requests);
      await ceilingScripts(scripts);
      const statements = scripts.reduce((n, [, c]) => n + c.statements.length, 0) / scripts.length;
      if (process.env.BENCH_SQL === '1') {
        log(`  ${s.name}: the statements of one request`);
        for (const st of scripts[0][1].statements)
          log(
            `    ${st.named ? '[prepared] ' : ''}${st.text.replace(/\s+/g, ' ')}  -- ${JSON.stringify(st.values)}`,
          );
      }
      const runs = { name: s.name, statements, product: [] as Run[], ceiling: [] as Run[] };
      if (!s.once) {
        // warm-up: JIT, plans, caches
        await load(productServer, s.method, s.requests, false);
        await load(ceilingServer, s.method, s.requests, false);
      }
      for (let r = 0; r < ROUNDS; r++) {
        const order = r % 2 === 0 ? (['product', 'ceiling'] as const) : (['ceiling', 'product'] as const);
        for (const which of order) {
          const server = which === 'product' ? productServer : ceilingServer;
          const reqs = s.once ? s.once[which][r] : s.requests;
          runs[which].push(await load(server, s.method, reqs, Boolean(s.once)));
        }
      }
      // The latency one user sees on an otherwise idle product server (decision 0032's latency targets).
      const single = await load(productServer, s.method, s.once?.single ?? s.requests, Boolean(s.once), 1);
      // Latency at a load both servers carry (half the ceiling's throughput, paced): at full speed
      // a closed loop's latency is only connections / throughput.
      const rate =
        PACED_RATE ?? Math.min(PACED_MAX_RATE, Math.round(median(runs.ceiling.map((x) => x.rps)) / 2));
      const pacedOn = (server: Server, which: 'product' | 'ceiling') =>
        paced(server, s.method, s.once?.paced[which] ?? s.requests, rate, Boolean(s.once));
      const half = {
        product: await pacedOn(productServer, 'product'),
        ceiling: await pacedOn(ceilingServer, 'ceiling'),
      };
      if (half.product.bad + half.ceiling.bad > 0)
        log(`  ${s.name} at ${rate}/s: ${half.product.bad}/${half.ceiling.bad} failed (product/ceiling)`);
      table.push({ ...runs, single, half });
      const p = runs.product;
      log(
        `  ${s.name}: product ${p.map((x) => x.rps.toFixed(0)).join('/')} req/s, ceiling ` +
          `${runs.ceiling.map((x) => x.rps.toFixed(0)).join('/')} req/s`,
      );
    }
    const placed = rows<{ product: number; ceiling: number }>(
      await db.execute(sql`
        select count(*) filter (where vendor_po like 'BENCH-CART-p-%')::int as product,
          count(*) filter (where vendor_po like 'BENCH-CART-c-%')::int as ceiling
        from orders where vendor_po like 'BENCH-CART-%' and order_status <> 'PENDING'`),
    )[0];

    log('');
    log(
      `${ORDERS.toLocaleString('en')} orders; figures are medians of ${ROUNDS} rounds; ratio = product / ceiling req/s`,
    );
    type Row = (typeof table)[number];
    const m = (runs: Run[], f: (r: Run) => number) => median(runs.map(f));
    /** The table's columns: heading, width and the cell of a scenario. */
    const columns: [string, number, (t: Row) => string][] = [
      ['product/s', 9, (t) => m(t.product, (r) => r.rps).toFixed(0)],
      ['ceiling/s', 9, (t) => m(t.ceiling, (r) => r.rps).toFixed(0)],
      ['ratio', 6, (t) => median(t.product.map((p, i) => p.rps / t.ceiling[i].rps)).toFixed(2)],
      ['p50 ms', 7, (t) => m(t.product, (r) => r.p50).toFixed(1)],
      ['p99 ms', 7, (t) => m(t.product, (r) => r.p99).toFixed(1)],
      ['c.p50', 6, (t) => m(t.ceiling, (r) => r.p50).toFixed(1)],
      ['c.p99', 6, (t) => m(t.ceiling, (r) => r.p99).toFixed(1)],
      ['SQL/req', 7, (t) => t.statements.toFixed(1)],
      ['cpu srv', 7, (t) => m(t.product, (r) => r.serverCpuMs).toFixed(2)],
      ['c.srv', 6, (t) => m(t.ceiling, (r) => r.serverCpuMs).toFixed(2)],
      ['db+', 5, (t) => m(t.product, (r) => r.otherCpuMs).toFixed(2)],
      ['c.db+', 6, (t) => m(t.ceiling, (r) => r.otherCpuMs).toFixed(2)],
      ['RSS MB', 7, (t) => (Math.max(...t.product.map((r) => r.maxRss)) / 2 ** 20).toFixed(0)],
      [
        'bad',
        5,
        (t) => `${t.product.reduce((n, r) => n + r.bad, 0)}/${t.ceiling.reduce((n, r) => n + r.bad, 0)}`,
      ],
      ['1c p50', 7, (t) => t.single.p50.toFixed(1)],
      ['1c p99', 7, (t) => t.single.p99.toFixed(1)],
      ['½ p50', 6, (t) => t.half.product.p50.toFixed(1)],
      ['½ p99', 6, (t) => t.half.product.p99.toFixed(1)],
      ['c.½ p99', 7, (t) => t.half.ceiling.p99.toFixed(1)],
      ['½ gc', 5, (t) => t.half.product.gcMaxMs.toFixed(1)],
      ['½ lag', 6, (t) => t.half.product.lagP99.toFixed(1)],
    ];
    log(['scenario'.padEnd(38), ...columns.map(([head, width]) => head.padStart(width))].join(' '));
    for (const t of table)
      log([t.name.padEnd(38), ...columns.map(([, width, cell]) => cell(t).padStart(width))].join(' '));
    log(
      `placed orders: product ${placed.product} of ${(ROUNDS + 1) * perRound + SINGLE_PLACES + 1} carts, ceiling ${placed.ceiling} of ${(ROUNDS + 1) * perRound}`,
    );
    log(
      "c.p50/c.p99: the ceiling's latencies; SQL/req: statements per request (begin/commit included); " +
        'cpu srv / c.srv: CPU ms per request of the product / ceiling server process; db+ / c.db+: CPU ms per request of ' +
        'the rest of the machine (PostgreSQL, mostly; the load generator not counted) during the product / ceiling runs; ' +
        "RSS MB: the product server's largest resident memory during the scenario; bad: non-2xx, errors and timeouts of product/ceiling; " +
        `1c p50/p99: the product's latencies with one connection (one user; ${DURATION} s, place: ${SINGLE_PLACES} carts); ` +
        `½ p50/p99: the product's latencies at ${PACED_RATE ? `${PACED_RATE} req/s (BENCH_PACED_RATE)` : `half the ceiling's req/s (at most ${PACED_MAX_RATE})`}, evenly paced, one run (place: ${perRound} carts at most); c.½ p99: the ceiling's at that rate; ½ gc: the product's longest garbage collection pause (ms) in that run; ½ lag: the load generator's own event-loop delay p99 (ms) in that run, included in every latency it measured`,
    );

    if (database.pool) await explainListQueries(database);
  } finally {
    for (const s of servers) await s.stop();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * EXPLAIN ANALYZE of the list's page and count queries for several roles and filters of the
 * screen: execution time per query (BENCH_PLANS=1 prints the plans too).
 */
async function explainListQueries(database: Database) {
  if (process.env.BENCH_EXPLAIN === '0' || !database.pool) return;
  const db = database.db;
  const scopeOf = async (email: string, role: ScopeUser['role']): Promise<ScopeUser> => {
    const r = rows<{ c: number[]; v: number[]; f: number[]; g: number[] }>(
      await db.execute(sql`
        select coalesce((select array_agg(customer_id) from user_customers where user_id = u.id), '{}') as c,
          coalesce((select array_agg(vendor_id) from user_vendors where user_id = u.id), '{}') as v,
          coalesce((select array_agg(factory_id) from user_factories where user_id = u.id), '{}') as f,
          coalesce((select array_agg(production_region_id) from user_regions where user_id = u.id), '{}') as g
        from users u where u.email = ${email}`),
    )[0];
    return { role, customerIds: r.c, vendorIds: r.v, factoryIds: r.f, regionIds: r.g };
  };
  const users: [string, ScopeUser][] = [
    ['ADMIN', await scopeOf('admin@example.com', 'ADMIN')],
    ['VENDOR', await scopeOf('vendor@example.com', 'VENDOR')],
    ['FACTORY_ACCOUNT', await scopeOf('supervisor@example.com', 'FACTORY_ACCOUNT')],
    ['CSR', await scopeOf('csr@example.com', 'CSR')],
  ];
  const startDate = dayjs().subtract(30, 'day').format('YYYY-MM-DD');
  const filters: [string, Record<string, string>][] = [
    ['default filters', { orderStatus: 'READY_TO_SHIP', startDate }],
    ['no filter', {}],
    ['no filter, page 100', { page: '100' }],
    ['Shipped', { orderStatus: 'COMPLETE_AND_SHIPPED' }],
    ['Cancelled', { orderStatus: 'CANCELLED' }],
    ['region 1', { productionRegion: '1' }],
    ['customer 1', { customer: '1' }],
    ['Open, finance approved', { orderStatus: 'READY_TO_SHIP', financeApproval: 'APPROVED' }],
  ];
  log(`
list queries, EXPLAIN ANALYZE execution time (page: ${'size + 1'} rows and its count in one statement, capped at ${LIST_COUNT_CAP} or at the page's offset when further)`);
  for (const [role, user] of users) {
    for (const [what, raw] of filters) {
      const query = orderListQuery.parse(raw);
      const where = and(orderScope(user), ...orderFilters(query, user.role)) as SQL;
      const offset = query.page * query.size;
      const page = new PgDialect().sqlToQuery(
        listOrdersQuery(where, query.size + 1, offset, Math.max(LIST_COUNT_CAP, offset)),
      );
      const times: string[] = [];
      for (const [kind, stmt] of [['page and count', page]] as const) {
        const plan = await database.pool.query(
          `explain (analyze, costs off, timing on) ${stmt.sql}`,
          stmt.params as unknown[],
        );
        const lines = (plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
        times.push(
          `${kind} ${lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '')}`,
        );
        if (process.env.BENCH_PLANS === '1') {
          log(`plan: ${role}, ${what}, ${kind} query`);
          for (const l of lines) log(`  ${l}`);
        }
      }
      log(`  ${role.padEnd(16)} ${what.padEnd(24)} ${times.join(', ')}`);
    }
  }
}

exitWhenDone(main());
