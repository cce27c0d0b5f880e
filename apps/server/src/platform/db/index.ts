/**
 * Database access: PostgreSQL through Drizzle, either embedded PGlite in DATA_DIR or a server
 * given by DATABASE_URL (DESIGN.md Database). Both get the same migrations from apps/server/drizzle.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export { schema };
// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types meet here
export type Db = PgDatabase<PgQueryResultHKT & any, typeof schema>;
/** A transaction handle; repositories accept Db or Tx alike. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Raw client for tools that need one (pg-boss, tests). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Connection string of a PostgreSQL database (for pg-boss's own pool). */
  url?: string;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// numeric as string, date as 'YYYY-MM-DD' string: keep pg's text forms (no floats, no TZ shifts).
pg.types.setTypeParser(1082, (v) => v);

/** Opens PostgreSQL at `url`, or PGlite at `dataDir` (created if missing; 'memory://' for in-memory). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** Told about an idle connection the server ended (e.g. to log it). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection ended by the server (restart, failover, a dropped test database) emits
    // 'error' on the pool; unhandled it would crash the process. The pool replaces the connection.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: opts.url,
      migrate: () =>
        withMigrationLock(opts.url!, () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder })),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { parsers: { 1082: (v: string) => v } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Key of the advisory lock that serialises migrations (an arbitrary number, the same in every process). */
const MIGRATION_LOCK = 7_310_552_017;

/**
 * Runs `migrate` while holding a PostgreSQL advisory lock on a connection of its own: server
 * instances started together on one database migrate one after the other, and the later ones find
 * nothing left to do (drizzle's migrator alone would race on CREATE SCHEMA / CREATE TABLE). The lock
 * belongs to an open transaction, so it also holds behind PgBouncer in transaction mode, and it goes
 * with the transaction: on COMMIT, or when the connection drops.
 */
async function withMigrationLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'selvedge-migrate' });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migrate();
    await client.query('commit');
  } finally {
    await client.end();
  }
}

let lastMigration: number | undefined;
/**
 * Whether every migration this code knows is applied (readiness: an instance of a newer release does
 * not take traffic before its migrations ran). Compares the newest applied migration's timestamp in
 * drizzle's table with the newest in apps/server/drizzle, as drizzle's migrator does; false when the
 * table is missing or the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  lastMigration ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const r = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = Number((r.rows[0] as { last: string | number | null } | undefined)?.last ?? 0);
    return last >= lastMigration;
  } catch {
    return false;
  }
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates an empty PostgreSQL database `name` through the server at `serverUrl` (tests, benchmarks)
 * and answers its URL and a function that drops it again.
 */
export async function createScratchDatabase(serverUrl: string, name: string) {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Runs independent queries side by side on the pool, or one after the other inside a transaction
 * (a transaction is one connection, which runs one query at a time: pg deprecates overlapping them).
 */
export async function queries<T extends readonly unknown[]>(
  q: Db | Tx,
  tasks: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if ('rollback' in q) {
    const results: unknown[] = [];
    for (const task of tasks) results.push(await task());
    return results as unknown as T;
  }
  return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
}
