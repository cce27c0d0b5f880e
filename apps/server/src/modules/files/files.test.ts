/**
 * Files and rows in step (decision 0034): `storeThenCommit` and the orphan sweep, in process against
 * the demo data's stored files; the sweep queued hourly and when a process starts; then a real
 * server killed (SIGKILL) between storing an upload (artwork, a shipping document) and committing
 * its row, after which the sweep — the one a restarted server runs at once — leaves no orphan and
 * loses no referenced file.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type Database, openDatabase } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { createJobs } from '../../platform/jobs';
import { LocalStorage, newStorageKey } from '../../platform/storage';
import { ORPHAN_MIN_AGE_MS, storeThenCommit, sweepOrphanFiles } from '../../platform/storedFiles';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness';
import { type ServerProcess, startServerProcess } from '../../test/serverProcess';
import { filesRepository } from './files.repository';

/** Every file under a local storage root, as paths relative to it ('/'-separated), sidecars included. */
async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(root, path).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/** Sets every file under `root` back by two days (older than the sweep's minimum age). */
async function ageAll(root: string) {
  const old = new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS);
  for (const file of await filesUnder(root)) await utimes(join(root, file), old, old);
}

/** Every storage key the database names (artwork versions, documents, product images). */
async function referencedKeys(db: Database['db']): Promise<string[]> {
  const r = await db.execute(sql`
    select storage_path as key from artwork_versions
    union select storage_path from order_documents
    union select 'product-images/' || product_image_path from product_subcodes where product_image_path is not null`);
  return (r.rows as { key: string }[]).map((row) => row.key).sort();
}

const storedKeys = (files: string[]) =>
  files.filter((f) => !f.endsWith('.meta.json') && !/\/\./.test(`/${f}`));

describe('storeThenCommit and the orphan sweep', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = (t.storage as LocalStorage).root;
  });
  afterAll(() => t?.close());

  it('removes the new file when the transaction fails, and deletes replaced files only after a commit', async () => {
    const failed = newStorageKey('documents/1');
    await expect(
      storeThenCommit(t, { key: failed, body: Buffer.from('x'), contentType: 'text/plain' }, async () => {
        throw new Error('the row could not be written');
      }),
    ).rejects.toThrow('the row could not be written');
    expect(await t.storage.exists(failed)).toBe(false);

    const old = newStorageKey('documents/1');
    await t.storage.put(old, Buffer.from('old'), { contentType: 'text/plain' });
    // Rolled back: the replaced file stays.
    await expect(
      storeThenCommit(t, null, async (_tx, files) => {
        files.deleteAfterCommit(old);
        throw new Error('conflict');
      }),
    ).rejects.toThrow('conflict');
    expect(await t.storage.exists(old)).toBe(true);
    // Committed: it goes, after the transaction (still there while it runs).
    const seenInside = await storeThenCommit(t, null, async (_tx, files) => {
      files.deleteAfterCommit(old);
      return t.storage.exists(old);
    });
    expect(seenInside).toBe(true);
    expect(await t.storage.exists(old)).toBe(false);
  });

  it('the storage.sweep job removes old unreferenced files and stale leftovers, and keeps the rest', async () => {
    const before = await referencedKeys(t.db);
    // The demo data stores artwork proofs and documents: the sweep must keep every one of them.
    expect(before.length).toBeGreaterThan(5);
    const orphan = newStorageKey('artwork/999999/1');
    await t.storage.put(orphan, Buffer.from('%PDF-1.4 orphan'), { contentType: 'application/pdf' });
    // What a write killed half-way leaves: a temporary file beside the keys.
    await writeFile(join(root, 'artwork', '.5d1c0b7e.tmp'), 'half a file');
    await ageAll(root);
    const fresh = newStorageKey('documents/999999');
    await t.storage.put(fresh, Buffer.from('a minute old'), { contentType: 'text/plain' });
    // An upload still being written (its temporary file just touched): the sweep leaves it alone.
    const inProgress = join(root, 'documents', '.0c4e7d1a.tmp');
    await writeFile(inProgress, 'the first megabytes of a large upload');

    await t.jobs.send(t.db, 'storage.sweep', {});
    await t.jobs.idle(['storage.sweep'], 60_000);

    expect(await t.storage.exists(orphan)).toBe(false);
    expect(await t.storage.exists(fresh)).toBe(true);
    const left = storedKeys(await filesUnder(root));
    expect(left).toEqual([...before, fresh].sort());
    // No sidecar stays without its file, no old temporary file stays.
    const all = await filesUnder(root);
    expect(all.filter((f) => f.endsWith('.meta.json')).length).toBe(left.length);
    expect(all.filter((f) => f.includes('/.'))).toEqual(['documents/.0c4e7d1a.tmp']);
    await rm(inProgress);
  });

  it('is scheduled hourly', async () => {
    const r = await t.db.execute(sql`select name, cron from pgboss.schedule where name = 'storage.sweep'`);
    expect(r.rows).toEqual([{ name: 'storage.sweep', cron: '17 * * * *' }]);
  });

  it('is queued when a process starts its job queue, one waiting however many start', async () => {
    const database = await createTestDatabase();
    try {
      // Two processes starting (or one restarting) within minutes queue one sweep between them.
      for (let i = 0; i < 2; i++) {
        const jobs = createJobs(database, pino({ level: 'silent' }));
        await jobs.start();
        await jobs.stop();
      }
      const r = await database.db.execute(
        sql`select name, state from pgboss.job where singleton_key = 'at-start'`,
      );
      expect(r.rows).toEqual([{ name: 'storage.sweep', state: 'created' }]);
    } finally {
      await database.close();
    }
  });

  it('asks the database about keys in one statement, naming only referenced ones', async () => {
    const [art] = await t.db.select({ key: s.artworkVersions.storagePath }).from(s.artworkVersions).limit(1);
    const unknown = newStorageKey('artwork/1/1');
    expect(await filesRepository.referencedKeys(t.db, [art!.key, unknown])).toEqual(new Set([art!.key]));
    expect(await filesRepository.referencedKeys(t.db, [])).toEqual(new Set());
  });
});

const SERVER_URL = process.env.TEST_DATABASE_URL;
// PGlite inside a killed process tests PGlite's recovery, not ours (as test/faults.test.ts).
const killSuite = SERVER_URL ? describe : describe.skip;

killSuite('a server killed between storing an upload and committing it', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let database: Database | undefined;
  let server: ServerProcess | undefined;
  let dataDir = '';
  /** Starts the server on the suite's database and DATA_DIR (the demo data is loaded by the first). */
  const startServer = async () => {
    server = await startServerProcess({
      DATABASE_URL: scratch!.url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'always',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'files-test-secret-files-test-secret-42',
    });
    return server;
  };
  beforeAll(async () => {
    scratch = await createScratchDatabase(SERVER_URL!, `quality_files_${randomUUID().slice(0, 8)}`);
    dataDir = mkdtempSync(join(tmpdir(), 'selvedge-files-kill-'));
    await startServer();
    database = await openDatabase({ url: scratch.url, poolSize: 2 });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Uploads `file` as `email` to `path` while this test holds the lock of order `orderId`, so the
   * upload stores its file and then waits in its transaction; kills the server (SIGKILL) once the
   * file is under `folder`. Answers the orphans (stored keys no row names) left behind.
   */
  async function killMidUpload(opts: {
    email: string;
    path: string;
    orderId: number;
    field: string;
    file: { name: string; body: Buffer };
    folder: string;
  }): Promise<string[]> {
    const db = database!.db;
    const root = join(dataDir, 'files');
    const login = await fetch(`${server!.base}/api/v1.0/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: opts.email, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const before = new Set(await filesUnder(root));
    const holder = new pg.Client({ connectionString: scratch!.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from orders where id = $1 for update', [opts.orderId]);
    const form = new FormData();
    form.set(opts.field, new Blob([new Uint8Array(opts.file.body)]), opts.file.name);
    const upload = fetch(`${server!.base}/api/v1.0${opts.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).catch(() => null);
    const deadline = Date.now() + 30_000;
    // Stored under its own name: a temporary file of the write (`.<uuid>.tmp`, linked to its name
    // next) does not count, or the server can be killed before the link and leave no orphan.
    const stored = (f: string) => f.startsWith(opts.folder) && storedKeys([f]).length === 1 && !before.has(f);
    while (!(await filesUnder(root)).some(stored)) {
      if (Date.now() > deadline) throw new Error('the upload was not stored');
      await new Promise((r) => setTimeout(r, 50));
    }
    await server!.stop('SIGKILL');
    expect(await upload).toBeNull();
    await holder.query('rollback');
    await holder.end();
    const referenced = await referencedKeys(db);
    return storedKeys(await filesUnder(root)).filter((k) => !referenced.includes(k));
  }

  it('leaves an orphan file that the sweep removes, and keeps every referenced file', async () => {
    const db = database!.db;
    const root = join(dataDir, 'files');
    // An order line waiting for artwork, which the CSR may upload.
    const [line] = await db
      .select({ orderId: s.orders.id, itemId: s.orderItems.id })
      .from(s.orderItems)
      .innerJoin(s.orders, eq(s.orders.id, s.orderItems.orderId))
      .where(
        and(
          eq(s.orders.orderStatus, 'NEEDS_ARTWORK'),
          eq(s.orders.cancelled, false),
          eq(s.orders.csrArtPrepared, false),
          eq(s.orderItems.artworkStatus, 'NEEDS_UPLOAD'),
        ),
      )
      .limit(1);
    expect(line).toBeDefined();
    const { orderId, itemId } = line!;
    const folder = `artwork/${orderId}/${itemId}/`;
    const orphans = await killMidUpload({
      email: 'csr@example.com',
      path: `/orders/${orderId}/artwork/${itemId}`,
      orderId,
      field: 'artwork',
      file: { name: 'proof.pdf', body: Buffer.from('%PDF-1.4\n% killed upload\n%%EOF\n') },
      folder,
    });
    expect(orphans.map((k) => k.slice(0, folder.length))).toEqual([folder]);

    // A day later, the sweep.
    await ageAll(root);
    const storage = new LocalStorage(root);
    const result = await sweepOrphanFiles(storage, (keys) => filesRepository.referencedKeys(db, keys));
    expect(result.removed).toBe(1);
    const referenced = await referencedKeys(db);
    const left = await filesUnder(root);
    expect(storedKeys(left)).toEqual(referenced);
    expect(left.filter((f) => f.endsWith('.meta.json')).length).toBe(referenced.length);
  });

  it('a shipping document killed the same way is swept by the restarted server at once', async () => {
    const db = database!.db;
    const root = join(dataDir, 'files');
    await startServer();
    const [order] = await db
      .select({ orderId: s.orders.id })
      .from(s.orders)
      .where(and(eq(s.orders.orderStatus, 'READY_TO_SHIP'), eq(s.orders.cancelled, false)))
      .limit(1);
    expect(order).toBeDefined();
    const folder = `documents/${order!.orderId}/`;
    const orphans = await killMidUpload({
      email: 'admin@example.com',
      path: `/orders/${order!.orderId}/shipping-document`,
      orderId: order!.orderId,
      field: 'shippingDocument',
      file: { name: 'bill of lading.pdf', body: Buffer.from('%PDF-1.4\n% killed upload\n%%EOF\n') },
      folder,
    });
    expect(orphans.map((k) => k.slice(0, folder.length))).toEqual([folder]);

    // The server comes back a day later: its start queues a sweep, which removes the orphan.
    await ageAll(root);
    await startServer();
    const deadline = Date.now() + 60_000;
    while ((await filesUnder(root)).includes(orphans[0]!)) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const referenced = await referencedKeys(db);
    const left = await filesUnder(root);
    expect(left).not.toContain(orphans[0]);
    expect(storedKeys(left)).toEqual(referenced);
    expect(left.filter((f) => f.endsWith('.meta.json')).length).toBe(referenced.length);
  }, 180_000);
});
