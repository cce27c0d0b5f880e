/**
 * Export benchmark (`npm run bench:export`, decision 0049 Export speed): GET /orders/download-all-full-csv over
 * many orders beside PostgreSQL's own `COPY (the same query) TO STDOUT` in the same run, and the
 * server's memory while it streams. Not part of `npm test`; it asserts nothing, it prints figures.
 *
 * 1. A scratch PostgreSQL database (bench/seed.ts: BENCH_DATABASE_URL, else DATABASE_URL, else
 *    postgres://postgres@127.0.0.1:5432/postgres; dropped at the end unless BENCH_KEEP_DB=1), the
 *    demo data and BENCH_ORDERS placed orders (default 1,000,000) loaded as the orders bench does.
 * 2. The product as deployed (its bundle, node with the image's NODE_OPTIONS) on a free port.
 * 3. BENCH_ROUNDS rounds (default 2), alternating: COPY of the file's query (the one the download
 *    runs for admin@example.com without filters, its parameters inlined) through psql to this
 *    process, counting rows; then the download as admin, read to the end, counting rows, while the
 *    server's RSS is sampled every 20 ms (/proc/<pid>/status).
 * 4. Prints per round rows, seconds and rows/s of each, the ratio download/COPY (aim ≥ 0.5), the
 *    server's CPU seconds for the download (user + system of all its threads, compression included:
 *    a figure that other work on the machine disturbs far less than seconds do), and the server's
 *    RSS when idle, its peak during the download and the growth (aim < 50 MB).
 *
 * BENCH_FORMAT=xlsx downloads the same rows as a spreadsheet (`format=xlsx`, the cursor and
 * excelts's streaming writer) instead of CSV; its rows are not counted from the zipped bytes, so
 * rows/s uses COPY's row count.
 *
 * BENCH_ACCEPT_ENCODING sets the download's Accept-Encoding (default fetch's own, gzip and deflate;
 * a browser sends zstd and br too, which the server prefers).
 *
 * BENCH_EXPORT=rfid measures the RFID encoding file instead (GET /orders/{id}/rfid-encoding,
 * docs/rfid.md): one demo order of Roots given a single range of BENCH_TAGS tags (default
 * 1,000,000) of an RFID GTIN, its file downloaded as admin beside COPY of the same rows (the range
 * expanded by generate_series with the same printed fields; PostgreSQL computes no EPC, so COPY is
 * the floor, not the same work). No orders are loaded in this mode.
 *
 * BENCH_CPU_PROF=<folder> writes a CPU profile of each server there when it stops (bench/product.ts).
 *
 * BENCH_BUNDLES=<dir>[,<dir>…] compares server bundles (each built by `node apps/server/build.mjs
 * dist/<name>`, e.g. before and after a change) in the same run: one server per bundle, and in every
 * round COPY then each bundle's download in turn, so all see the same machine load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { orderListQuery } from '@selvedge/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { API_PREFIX } from '../src/app';
import { orderScope } from '../src/modules/access/access';
import { lineColumns, orderLinesQuery } from '../src/modules/orders/orders.downloads';
import { orderFilters } from '../src/modules/orders/orders.service';
import { rfidRepository } from '../src/modules/rfid/rfid.repository';
import { TokenService } from '../src/platform/auth';
import { loadConfig } from '../src/platform/config';
import { type Db, inlineParameters } from '../src/platform/db';
import { rfidRanges } from '../src/platform/db/schema';
import { querySelectList } from '../src/platform/queryFile';
import { createStorage } from '../src/platform/storage';
import { seedDemoData } from '../src/seed/demo';
import { cpuOf, rssOf, startProduct } from './product';
import { exitWhenDone, issueTokens, loadOrders, openBenchDatabase } from './seed';

const env = (name: string, fallback: number) => {
  const v = process.env[name];
  const n = v ? Number(v) : fallback;
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
};
/** What is measured: the orders' lines file (default) or an order's RFID encoding file. */
const EXPORT = process.env.BENCH_EXPORT === 'rfid' ? 'rfid' : 'orders';
const ORDERS = env('BENCH_ORDERS', 1_000_000);
const TAGS = env('BENCH_TAGS', 1_000_000);
const ROUNDS = env('BENCH_ROUNDS', 2);
/** The download's Accept-Encoding; default fetch's own (gzip, deflate). */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const FORMAT = process.env.BENCH_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0';
const log = (...a: unknown[]) => console.log(...a);
const MB = 1024 * 1024;

/** Counts the lines of a byte stream (rows of a CSV whose cells hold no line breaks) and its bytes. */
function lineCounter() {
  let lines = 0;
  let bytes = 0;
  return {
    add(chunk: Uint8Array) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    },
    get lines() {
      return lines;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A statement with its parameters written in as literals (COPY takes none), as the server writes them. */
function inlined(query: SQL): string {
  return inlineParameters(new PgDialect().sqlToQuery(query));
}

/** COPY (query) TO STDOUT as CSV with a header, through psql; rows read by this process and seconds. */
async function copyOut(url: string, query: string) {
  const counter = lineCounter();
  const t0 = performance.now();
  const psql = spawn(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', `copy (${query}) to stdout with (format csv, header)`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  psql.stdout.on('data', (c: Buffer) => counter.add(c));
  const code = await new Promise<number | null>((resolve) => psql.once('close', resolve));
  if (code !== 0) throw new Error(`psql COPY ended with ${code}`);
  return { rows: counter.lines - 1, bytes: counter.bytes, seconds: (performance.now() - t0) / 1000 };
}

/**
 * The download read to its end, with the server's RSS sampled every 20 ms meanwhile; `rows` as
 * counted (CSV) or as COPY counted them (`expectedRows`, for .xlsx).
 */
async function download(base: string, path: string, token: string, pid: number, expectedRows: number) {
  const counter = lineCounter();
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const t0 = performance.now();
  const cpu0 = cpuOf(pid);
  let encoding = '';
  try {
    const res = await fetch(`${base}${API_PREFIX}${path}?format=${FORMAT}`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
      },
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`download answered ${res.status}: ${await res.text()}`);
    encoding = res.headers.get('content-encoding') ?? 'identity';
    for await (const chunk of res.body) counter.add(chunk);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  // The BOM and header line: one line; rows are the rest.
  return {
    rows: FORMAT === 'xlsx' ? expectedRows : counter.lines - 1,
    bytes: counter.bytes,
    seconds: (performance.now() - t0) / 1000,
    cpu: cpuOf(pid) - cpu0,
    peak,
    before,
    encoding,
  };
}

/** The statement of GET /orders/download-all-full-csv for an admin without filters, inlined for COPY. */
function ordersCopyQuery(): string {
  // The query the download runs for an admin without filters (orders.downloads.ts allOrderLines).
  const adminScope = {
    role: 'ADMIN' as const,
    customerIds: [],
    vendorIds: [],
    factoryIds: [],
    regionIds: [],
  };
  const query = orderListQuery.parse({});
  // The statement's own result (its columns as selected, no cells computed): what COPY writes
  // fastest, the baseline the download is compared with.
  return inlined(
    orderLinesQuery(and(orderScope(adminScope), ...orderFilters(query, 'ADMIN')) as SQL)(
      querySelectList(lineColumns('ADMIN')),
    ),
  );
}

/**
 * A demo order of Roots with one RFID range of `tags` tags (RT-HT-201's first GTIN, which starts
 * with Roots' GS1 Company Prefix) on its first size row, and the COPY of the same rows: the
 * encoding file's ranges statement with each range expanded to its serials.
 */
async function rfidOrder(db: Db, tags: number): Promise<{ path: string; copyQuery: string }> {
  const [target] = (
    await db.execute(sql`
      select o.id as "orderId", oi.id as "orderItemId", s.id as "sizeId",
        (select pi.gtin from product_items pi join product_subcodes p on p.id = pi.product_subcode_id
          where p.product_subcode = 'RT-HT-201' and pi.gtin is not null order by pi.sort_key limit 1) as gtin
      from orders o
      join order_items oi on oi.order_id = o.id
      join order_item_sizes s on s.order_item_id = oi.id
      join product_subcodes ps on ps.id = oi.product_subcode_id
      join customers c on c.id = ps.customer_id
      where o.order_status <> 'PENDING' and c.gs1_company_prefix is not null
      order by o.id, oi.id, s.id limit 1`)
  ).rows as { orderId: number; orderItemId: number; sizeId: number; gtin: string | null }[];
  if (!target?.gtin) throw new Error('bench: the demo data has no placed Roots order or no RFID GTIN');
  await db.insert(rfidRanges).values({
    orderId: target.orderId,
    orderItemId: target.orderItemId,
    orderItemSizeId: target.sizeId,
    seq: 1,
    gtin: target.gtin,
    filter: 3,
    firstSerial: 1,
    count: tags,
  });
  const ranges = inlined(rfidRepository.encodingRangesQuery(target.orderId));
  return {
    path: `/orders/${target.orderId}/rfid-encoding`,
    copyQuery: `select q.*, s.serial from (${ranges}) q cross join lateral generate_series(q."firstSerial"::bigint, q."firstSerial"::bigint + q.count - 1) s(serial)`,
  };
}

async function main() {
  const { database, url, label, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bench-export-'));
  let stop: (() => Promise<void>) | undefined;
  try {
    log(`database: ${label}`);
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await seedDemoData(db, { storage: createStorage(config) });
    if (EXPORT === 'orders') await loadOrders(db, ORDERS);
    const { rows: admins } = await db.execute(sql`select id from users where email = 'admin@example.com'`);
    const adminId = (admins[0] as { id: number }).id;
    const [token] = await issueTokens(db, new TokenService(JWT_SECRET, 480), [adminId]);

    const { path, copyQuery } =
      EXPORT === 'rfid'
        ? await rfidOrder(db, TAGS)
        : { path: '/orders/download-all-full-csv', copyQuery: ordersCopyQuery() };

    const bundles = process.env.BENCH_BUNDLES ? process.env.BENCH_BUNDLES.split(',').filter(Boolean) : [''];
    const servers: {
      label: string;
      base: string;
      pid: number;
      idle: number;
      peak: number;
      ratios: number[];
    }[] = [];
    const stops: (() => Promise<void>)[] = [];
    stop = async () => {
      for (const s of stops) await s();
    };
    for (const dir of bundles) {
      const product = await startProduct({
        entry: 'main.mjs',
        env: { DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET, JOBS_IN_PROCESS: 'false' },
        ...(dir ? { bundleDir: dir } : {}),
      });
      stops.push(product.stop);
      // Warm up: a small download in the format measured, so the idle figure is a server that has
      // served one (for .xlsx: with the spreadsheet writer loaded, which happens once per process).
      await fetch(`${product.base}${API_PREFIX}/orders/download-inventory-csv?format=${FORMAT}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.arrayBuffer());
      await delay(500);
      const idle = rssOf(product.pid);
      const label = dir ? basename(dir) : 'server';
      log(`${label}: idle RSS ${(idle / MB).toFixed(1)} MB`);
      servers.push({ label, base: product.base, pid: product.pid, idle, peak: idle, ratios: [] });
    }

    const fmt = (r: { rows: number; seconds: number }) =>
      `${r.rows.toLocaleString('en')} rows in ${r.seconds.toFixed(1)} s = ${Math.round(r.rows / r.seconds).toLocaleString('en')} rows/s`;
    for (let round = 1; round <= ROUNDS; round++) {
      const copy = await copyOut(url, copyQuery);
      log(`round ${round}: COPY ${fmt(copy)} (${(copy.bytes / MB).toFixed(0)} MB)`);
      for (const server of servers) {
        const file = await download(server.base, path, token, server.pid, copy.rows);
        server.peak = Math.max(server.peak, file.peak);
        const ratio = file.rows / file.seconds / (copy.rows / copy.seconds);
        server.ratios.push(ratio);
        log(
          `round ${round}: ${server.label} ${path} (${FORMAT}) ${fmt(file)} ` +
            `(${(file.bytes / MB).toFixed(0)} MB, ${file.encoding}); server CPU ${file.cpu.toFixed(1)} s ` +
            `(${Math.round(file.rows / file.cpu).toLocaleString('en')} rows per CPU s); ratio ${ratio.toFixed(2)}; ` +
            `server RSS peak ${(file.peak / MB).toFixed(1)} MB, growth ${((file.peak - server.idle) / MB).toFixed(1)} MB ` +
            `above the first idle (${((file.peak - file.before) / MB).toFixed(1)} MB above its RSS just before this download)`,
        );
        if (file.rows !== copy.rows) log(`  rows differ: download ${file.rows}, COPY ${copy.rows}`);
      }
    }
    log(
      EXPORT === 'rfid'
        ? `\nsummary: the RFID encoding file of one order of ${TAGS.toLocaleString('en')} tags`
        : `\nsummary: ${ORDERS.toLocaleString('en')} orders loaded`,
    );
    for (const server of servers) {
      const sorted = [...server.ratios].sort((a, b) => a - b);
      log(
        `${server.label}: download/COPY rows/s ratio median ` +
          `${sorted[Math.floor(sorted.length / 2)].toFixed(2)} (aim ≥ 0.5); server RSS peak growth ` +
          `${((server.peak - server.idle) / MB).toFixed(1)} MB above idle ${(server.idle / MB).toFixed(1)} MB (aim < 50 MB)`,
      );
    }
  } finally {
    await stop?.();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

exitWhenDone(main());
