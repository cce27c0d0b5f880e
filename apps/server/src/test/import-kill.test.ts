/**
 * An import cut by kill -9 (docs/decisions/0055): the real server and job worker (the bundles, as
 * production runs them) on a scratch PostgreSQL database with the demo data, a generated Roots file
 * of ROWS rows uploaded through the API, and the process importing it killed (SIGKILL) mid-import:
 * once a batch is committed, with the next one held back by a lock the test takes on the upload's
 * row, so that the kill always lands in the middle whatever the machine's speed.
 *
 * 1. The worker is killed: the upload is left 'processing' with rows staged. A new worker is started
 *    and, within a bounded wait, the import goes on and finishes: every row imported once, staging
 *    empty, the rows found by the variable-data search.
 * 2. A deploy: the worker is stopped (SIGTERM) during an import, which gives its run back (the upload
 *    'queued', nothing staged: no run cut off). The server, now running the jobs itself
 *    (JOBS_IN_PROCESS, the default), goes on with it, is killed during that run, restarted, killed
 *    again during the next run, and restarted: the upload ends refused with IMPORT_INTERRUPTED and the
 *    mail, nothing of it staged or found by the search.
 * After each, the order and import invariants hold (test/invariants.ts). The times from a kill to the
 * next run and to the end are printed, not asserted.
 *
 * Only with TEST_DATABASE_URL (PostgreSQL): PGlite inside a killed process is not a durability test.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_INTERRUPTED } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import { DEMO_PASSWORD } from '../seed/demo';
import { importInvariantViolations, orderInvariantViolations } from './invariants';
import { postgresOnlySuite } from './postgresOnly';
import { type RootsFileNames, rootsFileItem, writeRootsFile } from './rootsFile';
import { type ServerProcess, startServerProcess, startWorkerProcess } from './serverProcess';

const { serverUrl: SERVER_URL, suite } = postgresOnlySuite(
  'import-kill.test.ts',
  'killing a process that holds an embedded PGlite database tests PGlite, not the import.',
);

/** Rows of each file: 12 batches of the import's 5,000. */
const ROWS = 60_000;
/** The bound of each wait for an import to end after a restart (the aim is a minute or two). */
const ENDS_WITHIN_MS = 240_000;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let worker: ServerProcess | undefined;
let dataDir = '';
let accountToken = '';
let rootsId = 0;
let regionId = 0;

/** The environment of every process: one database and one data folder (the stored files). */
const env = (jobsInProcess: boolean) => ({
  DATABASE_URL: scratch!.url,
  DATA_DIR: dataDir,
  DEMO_DATA: 'always',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'import-kill-secret-import-kill-secret-42',
  JOBS_IN_PROCESS: String(jobsInProcess),
  // A dead process's import is retried after its heartbeat lapses and a supervisor pass sees it:
  // pg-boss's floor and a short pass here (30 and 30 in production) so that the three kills take
  // about a minute and a half of waiting, not four (the mechanism is the same).
  IMPORT_HEARTBEAT_SECONDS: '10',
  JOBS_SUPERVISE_SECONDS: '2',
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server!.base}/api/v1.0${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accountToken}`, ...init.headers },
    signal: AbortSignal.timeout(60_000),
  });

/** Writes a Roots file of ROWS rows named `names` and uploads it as account@example.com; its id. */
async function upload(fileName: string, names: RootsFileNames): Promise<number> {
  const path = join(dataDir, fileName);
  await writeRootsFile(path, ROWS, names);
  const form = new FormData();
  form.append('customerId', String(rootsId));
  form.append('file', await openAsBlob(path, { type: 'text/csv' }), fileName);
  const res = await api('/configuration/upload-variable-data', { method: 'POST', body: form });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { upload: { id: number } }).upload.id;
}

interface UploadRow {
  state: string;
  rows_done: number;
  rows_total: number | null;
  runs?: number;
  runs_cut?: number;
  report: Record<string, unknown> | null;
}
/** The upload's row as the database holds it (every column, whatever the migrations gave it). */
const uploadRow = async (id: number) =>
  (await database!.db.execute(sql`select * from data_uploads where id = ${id}`))
    .rows[0] as unknown as UploadRow;
const count = async (query: ReturnType<typeof sql>) =>
  ((await database!.db.execute(query)).rows[0] as { n: number }).n;
const staged = (id: number) =>
  count(sql`select count(*)::int as n from variable_data_staging where data_upload_id = ${id}`);
const visible = (id: number) =>
  count(sql`select count(*)::int as n from variable_data_rows where data_upload_id = ${id}`);

/** Polls `probe` every 100 ms until it answers something, for at most `timeoutMs`; what it answered. */
async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) {
      const printed = [...(server?.output ?? []), ...(worker?.output ?? [])].slice(-40).join('\n');
      throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${printed}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Stops `proc` with `signal` in the middle of run `run` of upload `id`: once the run has committed a
 * batch, with the upload's row locked so that the next batch cannot commit (nor the import end)
 * before the signal. SIGKILL: waits for the exit, then lets go of the row; SIGTERM: lets go of it
 * at once, so that the run can give itself back, and waits for the exit. Answers when it ended (ms).
 */
async function stopMidRun(
  proc: ServerProcess,
  id: number,
  run: number,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<number> {
  await waitFor(
    `run ${run} of upload ${id} committing a batch`,
    async () => {
      const u = await uploadRow(id);
      expect(u.state, `upload ${id} ended before its run ${run} was killed`).not.toMatch(/finished|refused/);
      return u.state === 'processing' && u.rows_done > 0 && (u.runs ?? 1) >= run ? u : null;
    },
    ENDS_WITHIN_MS,
  );
  const holder = new pg.Client({ connectionString: scratch!.url });
  await holder.connect();
  try {
    await holder.query('begin');
    const { rows } = await holder.query(
      'select state, rows_done, rows_total from data_uploads where id = $1 for update',
      [id],
    );
    const u = rows[0] as UploadRow;
    expect(u.state).toBe('processing');
    expect(u.rows_done).toBeLessThan(ROWS);
    const stopped = proc.stop(signal);
    if (signal === 'SIGKILL') await stopped;
    await holder.query('rollback');
    await stopped;
  } finally {
    await holder.end();
  }
  return Date.now();
}

/** Kills `proc` (SIGKILL) in the middle of run `run` of upload `id` (stopMidRun); when (ms). */
async function killMidRun(proc: ServerProcess, id: number, run: number): Promise<number> {
  const killedAt = await stopMidRun(proc, id, run, 'SIGKILL');
  // What a killed import leaves: the upload 'processing', rows in staging, none visible.
  expect(await uploadRow(id)).toMatchObject({ state: 'processing' });
  expect(await staged(id)).toBeGreaterThan(0);
  expect(await visible(id)).toBe(0);
  return killedAt;
}

/** Waits until upload `id` has ended after a kill at `killedAt`; prints how long the next run took to begin and the end. */
async function ended(id: number, killedAt: number, runBefore: number): Promise<UploadRow> {
  let nextRunAt: number | undefined;
  const end = await waitFor(
    `upload ${id} ending after the kill`,
    async () => {
      const u = await uploadRow(id);
      if (nextRunAt === undefined && (u.runs ?? 0) > runBefore) nextRunAt = Date.now();
      return u.state === 'finished' || u.state === 'refused' ? u : null;
    },
    ENDS_WITHIN_MS,
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.info(
    `upload ${id}: ${end.state}; from the kill to the next run ${nextRunAt ? s(nextRunAt - killedAt) : '(none seen)'}, to the end ${s(Date.now() - killedAt)}`,
  );
  return end;
}

/** The variable-data search for the first PO and style of file `names`: how many results. */
async function found(names: RootsFileNames): Promise<number> {
  const { poNumber, styleNumber } = rootsFileItem(0, names);
  const query = new URLSearchParams({ productionRegion: String(regionId), poNumber, styleNumber });
  const res = await api(`/products/variable-data?${query}`);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { products: unknown[] }).products.length;
}

async function expectInvariants() {
  expect(await orderInvariantViolations(database!.db, { placedBy: [] })).toEqual([]);
  expect(await importInvariantViolations(database!.db)).toEqual([]);
}

suite('an import cut by kill -9', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(
      SERVER_URL!,
      `selvedge_import_kill_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    );
    dataDir = mkdtempSync(join(tmpdir(), 'selvedge-import-kill-'));
    // The server applies the migrations and loads the demo data; the worker runs the jobs.
    server = await startServerProcess(env(false), 120_000);
    worker = await startWorkerProcess(env(false), 90_000);
    database = await openDatabase({ url: scratch.url, poolSize: 3 });
    const ids = (
      await database.db.execute(sql`select (select id from customers where company_name = 'Roots') as roots,
        (select f.production_region_id from product_subcodes ps join factories f on f.id = ps.factory_id
          where ps.product_subcode = 'RT-PT-401') as region`)
    ).rows[0] as { roots: number; region: number };
    rootsId = ids.roots;
    regionId = ids.region;
    const login = await fetch(`${server.base}/api/v1.0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'account@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    accountToken = ((await login.json()) as { access_token: string }).access_token;
  }, 240_000);

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.stop('SIGKILL');
    await database?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the worker killed mid-import: a new worker goes on and imports the file whole', async () => {
    const names = { poPrefix: 'PO-KW', firstStyle: 71_000_000 };
    const id = await upload('kill-worker.csv', names);
    const killedAt = await killMidRun(worker!, id, 1);
    worker = await startWorkerProcess(env(false), 90_000);

    const end = await ended(id, killedAt, 1);
    expect(end).toMatchObject({
      state: 'finished',
      runs: 2,
      runs_cut: 1,
      report: { rowsRead: ROWS, rowsAdded: ROWS, rowsRefused: 0, fileRefusal: null },
    });
    expect(await staged(id)).toBe(0);
    expect(await visible(id)).toBe(ROWS);
    expect(await found(names)).toBe(1);
    await expectInvariants();
  }, 600_000);

  it('a deploy hands the import on; the server running the jobs killed twice: refused, nothing kept', async () => {
    const names = { poPrefix: 'PO-KS', firstStyle: 72_000_000 };
    const id = await upload('kill-server.csv', names);
    await stopMidRun(worker!, id, 1, 'SIGTERM');
    worker = undefined;
    // Given back: waiting for the job's next attempt, nothing staged, no run cut off.
    expect(await uploadRow(id)).toMatchObject({ state: 'queued', runs: 1, runs_cut: 0 });
    expect(await staged(id)).toBe(0);
    expect(await visible(id)).toBe(0);

    await server!.stop('SIGTERM');
    server = await startServerProcess(env(true), 120_000);
    await killMidRun(server, id, 2);
    server = await startServerProcess(env(true), 120_000);
    const killedAt = await killMidRun(server, id, 3);
    server = await startServerProcess(env(true), 120_000);

    const end = await ended(id, killedAt, 3);
    expect(end).toMatchObject({
      state: 'refused',
      runs: 4,
      runs_cut: 2,
      report: { fileRefusal: IMPORT_INTERRUPTED, rowsRead: 0 },
    });
    expect(await staged(id)).toBe(0);
    expect(await visible(id)).toBe(0);
    expect(await found(names)).toBe(0);
    await expectInvariants();
    // The uploader is told (no SMTP_URL: the mail is a file under DATA_DIR/mail).
    const subject = 'Variable data file refused: kill-server.csv';
    await waitFor(
      'the refusal mail',
      async () => {
        const dir = join(dataDir, 'mail');
        for (const f of await readdir(dir).catch(() => [] as string[])) {
          if ((await readFile(join(dir, f), 'utf8')).includes(subject)) return f;
        }
        return null;
      },
      60_000,
    );
  }, 600_000);
});
