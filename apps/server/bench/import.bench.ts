/**
 * Import benchmark (`npm run bench:import`, decision 0045 Speed): a Roots file of BENCH_ROWS rows
 * (default 1,000,000) uploaded and imported on PostgreSQL, beside PostgreSQL's own COPY of the same
 * rows into the same table in the same run, with the worker's memory and the order list's latency
 * while the import runs. Not part of `npm test`; it asserts nothing, it prints figures.
 *
 * 1. A scratch PostgreSQL database (bench/seed.ts), the demo data and BENCH_ORDERS placed orders
 *    (default 100,000), and a generated Roots file of BENCH_ROWS rows: items of 6 sizes × 2 colours
 *    for vendors 4410023 and 5520871, ticket types RT-PT-401 and RT-HT-201, 10 styles per PO.
 * 2. The product as it ships: the server bundle (JOBS_IN_PROCESS=false) and the worker bundle on
 *    the same database and file storage, with the image's runtime settings (bench/product.ts).
 * 3. The order list's latency idle: 4 loops of GET /orders (an admin's first page), each pausing
 *    100 ms after an answer (a few users at work, ~30 requests/s), for 10 s.
 * 4. The file uploaded as account@example.com through POST /configuration/upload-variable-data
 *    (streamed from disk); while it is imported, the same 4 loops run and the worker's RSS is sampled
 *    every 50 ms. The import's time is the upload's startedAt → finishedAt (both pass over the file).
 * 5. COPY: the rows the import wrote, written out with `COPY … TO` and deleted, then timed with
 *    psql's `\copy variable_data_rows (…) from` the file (the same rows into the same table).
 * 6. Prints rows/s of both and the ratio import/COPY (aim ≥ 0.5), the worker's peak RSS (aim
 *    < 300 MB) and the order list's p50/p99 idle and during the import.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { API_PREFIX } from '../src/app';
import { TokenService } from '../src/platform/auth';
import { loadConfig } from '../src/platform/config';
import { createStorage } from '../src/platform/storage';
import { seedDemoData } from '../src/seed/demo';
import { writeRootsFile } from '../src/test/rootsFile';
import { rssOf, startProduct } from './product';
import { exitWhenDone, issueTokens, loadOrders, openBenchDatabase } from './seed';

const env = (name: string, fallback: number, min = 1) => {
  const v = process.env[name];
  const n = v ? Number(v) : fallback;
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
  return n;
};
const ROWS = env('BENCH_ROWS', 1_000_000);
const ORDERS = env('BENCH_ORDERS', 100_000, 0);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0';
const MB = 1024 * 1024;
const log = (...a: unknown[]) => console.log(...a);
/**
 * `loops` loops of GET `path` as `token`, each pausing `pauseMs` after an answer (a few users at work,
 * not a load test that would take the CPU from the import), until `until()` says stop; the answers'
 * latencies in ms.
 */
async function listLoad(
  base: string,
  path: string,
  token: string,
  until: () => boolean,
  loops = 4,
  pauseMs = 100,
) {
  const latencies: number[] = [];
  let bad = 0;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!until()) {
        const t0 = performance.now();
        const res = await fetch(`${base}${API_PREFIX}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) bad++;
        await delay(pauseMs);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, bad, p50: at(0.5), p99: at(0.99) };
}

/** Runs psql with `args` (after the connection URL); rejects unless it ends with 0. */
async function psql(url: string, command: string) {
  const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', command], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`psql ended with ${code}: ${command}`);
}

async function main() {
  const { database, url, label, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bench-import-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    log(`database: ${label}`);
    const db = database.db;
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await seedDemoData(db, { storage: createStorage(config) });
    if (ORDERS > 0) await loadOrders(db, ORDERS);
    const ids = (
      await db.execute(sql`select
        (select id from users where email = 'admin@example.com') as admin,
        (select id from users where email = 'account@example.com') as account,
        (select id from customers where company_name = 'Roots') as roots`)
    ).rows[0] as {
      admin: number;
      account: number;
      roots: number;
    };
    const [adminToken, accountToken] = await issueTokens(db, new TokenService(JWT_SECRET, 480), [
      ids.admin,
      ids.account,
    ]);

    const file = join(dataDir, 'bench-roots.csv');
    let t0 = performance.now();
    await writeRootsFile(file, ROWS);
    log(
      `file: ${ROWS.toLocaleString('en')} rows written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const productEnv = { DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET, JOBS_IN_PROCESS: 'false' };
    const server = await startProduct({ entry: 'main.mjs', env: productEnv });
    stops.push(server.stop);
    const worker = await startProduct({ entry: 'worker.mjs', env: productEnv });
    stops.push(worker.stop);
    const workerIdle = rssOf(worker.pid);

    const list = '/orders?page=0&size=50';
    const idleEnd = performance.now() + 10_000;
    const idle = await listLoad(server.base, list, adminToken!, () => performance.now() > idleEnd);

    const form = new FormData();
    form.append('customerId', String(ids.roots));
    form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'bench-roots.csv');
    t0 = performance.now();
    const res = await fetch(`${server.base}${API_PREFIX}/configuration/upload-variable-data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accountToken}` },
      body: form,
    });
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const uploadId = ((await res.json()) as { upload: { id: number } }).upload.id;
    log(`upload: answered in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    let ended = false;
    let readAt: number | undefined;
    let peak = workerIdle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(worker.pid));
    }, 50);
    const watch = (async () => {
      while (!ended) {
        await delay(250);
        const r = await db.execute(
          sql`select state, rows_done, rows_total, extract(epoch from now() - started_at)::float8 as seconds
            from data_uploads where id = ${uploadId}`,
        );
        const at = r.rows[0] as {
          state: string;
          rows_done: number;
          rows_total: number | null;
          seconds: number | null;
        };
        // Progress is committed after each batch staged: all rows done is the end of the reading.
        if (readAt === undefined && at.rows_total !== null && at.rows_done >= at.rows_total)
          readAt = at.seconds ?? 0;
        if (at.state === 'finished' || at.state === 'refused') ended = true;
      }
    })();
    const during = await listLoad(server.base, list, adminToken!, () => ended);
    await watch;
    clearInterval(sampler);

    const u = (
      await db.execute(sql`select state, rows_done, report,
        extract(epoch from finished_at - started_at)::float8 as seconds
      from data_uploads where id = ${uploadId}`)
    ).rows[0] as {
      state: string;
      rows_done: number;
      report: { rowsRefused: number; itemsCreated: number; rowsAdded: number };
      seconds: number;
    };
    const written = u.report.rowsAdded;
    log(
      `import: ${u.state}, ${u.rows_done.toLocaleString('en')} rows read, ${written.toLocaleString('en')} written ` +
        `(${u.report.itemsCreated.toLocaleString('en')} items), ${u.report.rowsRefused} refused, in ${u.seconds.toFixed(1)} s: ` +
        `reading and staging ~${(readAt ?? 0).toFixed(1)} s, then the final step ~${(u.seconds - (readAt ?? 0)).toFixed(1)} s (±0.25 s)`,
    );

    // COPY of the same rows into the same table.
    const cols =
      'product_item_id, data_upload_id, line, vendor_number, description, size, colour, barcode, prices, quantity';
    const rowsFile = join(dataDir, 'rows.csv');
    await psql(
      url,
      `\\copy (select ${cols} from variable_data_rows where data_upload_id = ${uploadId}) to '${rowsFile}' with (format csv)`,
    );
    await db.execute(sql`delete from variable_data_rows where data_upload_id = ${uploadId}`);
    await db.execute(sql`vacuum analyze variable_data_rows`);
    t0 = performance.now();
    await psql(url, `\\copy variable_data_rows (${cols}) from '${rowsFile}' with (format csv)`);
    const copySeconds = (performance.now() - t0) / 1000;

    const importRate = written / u.seconds;
    const copyRate = written / copySeconds;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    log(`COPY: ${written.toLocaleString('en')} rows in ${copySeconds.toFixed(1)} s`);
    log(
      `order list (4 loops, 100 ms pauses): idle p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} (${idle.requests} requests); ` +
        `during the import p50 ${ms(during.p50)} p99 ${ms(during.p99)} (${during.requests} requests, ${during.bad} not 200)`,
    );
    log(
      `\nsummary: import ${Math.round(importRate).toLocaleString('en')} rows/s, COPY ${Math.round(copyRate).toLocaleString('en')} rows/s, ` +
        `ratio ${(importRate / copyRate).toFixed(2)} (aim ≥ 0.5); worker RSS idle ${(workerIdle / MB).toFixed(1)} MB, ` +
        `peak ${(peak / MB).toFixed(1)} MB (aim < 300 MB); order list p99 ${ms(idle.p99)} idle, ${ms(during.p99)} during the import`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

exitWhenDone(main());
