/**
 * Database access: PostgreSQL through Drizzle, either embedded PGlite in DATA_DIR or a server
 * given by DATABASE_URL (ARCHITECTURE.md Database). Both get the same migrations from apps/server/drizzle.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { privateFolderSync } from '../privateFiles';
import { postgresCopyCsv } from './copy';
import {
  pgliteCursor,
  postgresCursor,
  type RowBatches,
  type RowForm,
  type StatementText,
  type TextRow,
} from './cursor';
import { DEFAULT_PREPARED_STATEMENTS, preparingPool, StatementNames } from './preparedStatements';
import * as schema from './schema';

export { inlineParameters } from './copy';
export type { RowBatches, TextRow } from './cursor';
export { withPreparedStatements } from './preparedStatements';
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

// numeric as string, date as 'YYYY-MM-DD' string: keep pg's text forms (no floats, no TZ shifts).
pg.types.setTypeParser(1082, (v) => v);

/** Opens PostgreSQL at `url`, or PGlite at `dataDir` (created if missing; 'memory://' for in-memory). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * Distinct statement texts run as server-side prepared statements (preparedStatements.ts);
   * 0 runs every statement unnamed (for a pooler in transaction mode).
   */
  preparedStatements?: number;
  /** Told about an idle connection the server ended (e.g. to log it). */
  onIdleError?: (err: Error) => void;
  /** PGlite only: a data-dir tarball (PGlite's `dumpDataDir`) to start from (tests, decision 0036). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const prepared = opts.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS;
    const poolConfig = { connectionString: opts.url, max: opts.poolSize ?? 10 };
    const pool =
      prepared > 0 ? preparingPool(new StatementNames(prepared), poolConfig) : new pg.Pool(poolConfig);
    // An idle connection ended by the server (restart, failover, a dropped test database) emits
    // 'error' on the pool; unhandled it would crash the process. The pool replaces the connection.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const url = opts.url;
    listeners.set(db, sharedPostgresListener(url));
    cursors.set(db, (statement, batchSize, form) => postgresCursor(pool, statement, batchSize, form));
    csvCopies.set(db, (statement) => postgresCopyCsv(pool, statement));
    return {
      db,
      kind: 'postgres',
      pool,
      url: opts.url,
      migrate: () =>
        withMigrationLock(opts.url!, () =>
          migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
        ),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  // PGlite's own files inside are PostgreSQL's: 600 in folders of 700.
  if (!dir.startsWith('memory://')) privateFolderSync(dir);
  // Loaded only for the embedded database: a server on PostgreSQL never needs PGlite (RSS;
  // the bundle keeps drizzle's PGlite driver in a chunk of its own, decision 0030).
  const [{ PGlite, types }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dir, {
    parsers: { 1082: (v: string) => v },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  listeners.set(db, (channel, handlers) => listenPglite(client, channel, handlers));
  const textParsers = Object.fromEntries(Object.keys(types.parsers).map((k) => [k, (v: string) => v]));
  cursors.set(db, (statement, batchSize, form) =>
    pgliteCursor(client, statement, batchSize, form, textParsers),
  );
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

// ---------------------------------------------------------------- large results in batches

type CursorFn = (
  statement: StatementText,
  batchSize: number,
  form: RowForm,
) => RowBatches<Record<string, unknown> | TextRow>;
/** How to read a large result on each database `openDatabase` opened (cursor.ts). */
const cursors = new WeakMap<object, CursorFn>();
const cursorDialect = new PgDialect();

/**
 * The rows of `query` on `db`, `batchSize` at a time (default 1,000), as the database answers them
 * (column names as selected, no mapping), through a cursor: memory stays flat whatever the number of
 * rows (cursor.ts: one snapshot on PostgreSQL; on PGlite other requests run between batches). Stop
 * iterating early and the cursor is closed. For a `db` not opened by `openDatabase` (none in the
 * product) the statement runs whole and its rows come in one batch. Errors of the statement come from
 * the first `next()`.
 */
export async function* streamRows<Row = Record<string, unknown>>(
  db: Db,
  query: SQL,
  opts: { batchSize?: number } = {},
): RowBatches<Row> {
  yield* batchesFrom<Row>(db, query, opts.batchSize ?? 1_000, 'objects');
}

/**
 * As streamRows, but each row is the columns' text forms in select order (TextRow: PostgreSQL's own
 * output, e.g. 't'/'f' for booleans, digits for numbers, null for NULL), with no object per row and
 * no parsing: for files that write values back as text (the downloads, decision 0049). Batches of
 * 1,000 rows by default (2,000 measured more CPU and memory: larger strings, more garbage kept).
 */
export async function* streamTextRows(
  db: Db,
  query: SQL,
  opts: { batchSize?: number } = {},
): RowBatches<TextRow> {
  yield* batchesFrom<TextRow>(db, query, opts.batchSize ?? 1_000, 'text');
}

async function* batchesFrom<Row>(db: Db, query: SQL, batchSize: number, form: RowForm): RowBatches<Row> {
  const cursor = cursors.get(db);
  if (!cursor) {
    // Not opened by openDatabase (none in the product): the statement runs whole, one batch.
    const { rows } = await db.execute(query);
    const out =
      form === 'text' ? (rows as Record<string, unknown>[]).map((r) => Object.values(r).map(textForm)) : rows;
    if (out.length > 0) yield out as Row[];
    return;
  }
  const { sql: text, params } = cursorDialect.sqlToQuery(query);
  yield* cursor({ sql: text, params }, batchSize, form) as RowBatches<Row>;
}

/** How to have the database write a result as CSV (PostgreSQL only: copy.ts). */
const csvCopies = new WeakMap<object, (statement: StatementText) => AsyncGenerator<Buffer>>();

/**
 * The rows of `query` on `db` as CSV records written by the database (`COPY … TO STDOUT`, FORMAT
 * csv: no header, line feed records, fields quoted when they hold a comma, a quote or a line break,
 * NULL as an empty field), in chunks; null when `db` cannot (PGlite, whose COPY is not streamed, or
 * a `db` not opened by `openDatabase`): the caller then writes the rows itself (streamTextRows).
 * Stop iterating early and the COPY is ended. Errors of the statement come from the first `next()`.
 */
export function copyCsv(db: Db, query: SQL): AsyncGenerator<Buffer> | null {
  const copy = csvCopies.get(db);
  if (!copy) return null;
  const { sql: text, params } = cursorDialect.sqlToQuery(query);
  return copy({ sql: text, params });
}

/** A parsed value back in PostgreSQL's text form (the fallback of streamTextRows). */
function textForm(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return value instanceof Date ? value.toISOString() : String(value);
}

// ---------------------------------------------------------------- notices (LISTEN/NOTIFY)

/** What a notice listener tells its owner. */
export interface NoticeHandlers {
  /** A notice on the channel (its payload), in commit order. */
  notice(payload: string): void;
  /**
   * LISTEN is in effect (at first, and again after each reconnection): from now on every notice sent
   * on the channel arrives. Notices sent before may have been missed.
   */
  up(): void;
  /** The connection is lost, or was found not to deliver notices: notices may be missed until `up`. */
  down(err: unknown): void;
}

/** A running notice listener. */
export interface NoticeListener {
  /**
   * Resolves once every notice committed before the call has been handed to `notice` — or, failing
   * that within `listenTiming.syncMs`, once `down` has been reported. Never rejects. A request that
   * changed sessions or users awaits it before it answers, so that its own instance never serves
   * what it just changed.
   */
  sync(): Promise<void>;
  /** Ends the listener (and reports `down` if it was up). */
  close(): Promise<void>;
}

type ListenFn = (channel: string, handlers: NoticeHandlers) => NoticeListener;
/** How to listen on each database `openDatabase` opened (a Db made elsewhere has none). */
const listeners = new WeakMap<object, ListenFn>();

/** Timing of the PostgreSQL listener; tests change it. */
export const listenTiming = {
  /** How often the listener proves that it still receives notices (a ping to itself). */
  heartbeatMs: 10_000,
  /** How long connecting, LISTEN or a heartbeat ping may take before the connection counts as lost. */
  timeoutMs: 5_000,
  /** How long `sync` waits for its ping before it gives the connection up (the answer waits for it). */
  syncMs: 1_000,
  /** First and largest wait before reconnecting (doubling in between). */
  retryMs: 250,
  maxRetryMs: 5_000,
};

/**
 * Listens for notices on `channel` of `db`'s database (PostgreSQL: on the one LISTEN connection of
 * `db`, a `pg.Client` shared by every channel and reconnected whenever lost; PGlite: its `listen`,
 * delivered in process).
 * Answers null when `db` was not opened by `openDatabase` (nothing to listen with). `handlers.up` is
 * called once notices are sure to arrive; the owner must treat the time before it, and after
 * `handlers.down`, as "notices may be missed".
 */
export function listenForNotices(db: Db, channel: string, handlers: NoticeHandlers): NoticeListener | null {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  return listeners.get(db)?.(channel, handlers) ?? null;
}

/** The channel each instance pings itself on (every channel's notices share one commit order). */
const PING_CHANNEL = 'selvedge_listen_ping';

/**
 * PostgreSQL: one LISTEN connection per database opened (per instance), shared by every listener of
 * it (the session cache, the live-update hub): each `listen` adds its channel to the connection, and
 * the connection goes when the last listener closes. A client outside the pool (a pooled connection
 * would be handed to other queries and could not wait for notices). Its tool is a ping: a notice it
 * sends itself on PING_CHANNEL. PostgreSQL delivers a session's notices of all its channels in commit
 * order, so when the ping is back every notice committed before it has arrived — `sync` is one ping.
 * A listener counts as up only once a ping sent after its LISTEN came back, which proves the path end
 * to end, and the connection pings every heartbeat, so that a connection that died silently (no RST,
 * a stuck server) or stopped delivering (PgBouncer in transaction mode hands the LISTENing server
 * connection to other clients) is given up within heartbeat + timeout: every listener is told `down`,
 * and `up` again once a new connection listens on all their channels.
 */
function sharedPostgresListener(url: string): ListenFn {
  const instance = randomUUID();
  /** The listeners, each with its channel and whether it was told `up` (and not `down` since). */
  const subscribers = new Map<NoticeHandlers, { channel: string; up: boolean }>();
  /** The connection in use (connecting or up): failing it ends it and, unless none listen, schedules the next. */
  let current:
    | {
        up: boolean;
        client: pg.Client;
        pingSoon: () => Promise<void>;
        fail: (err: unknown) => void;
      }
    | undefined;
  let ended: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  /** Failures since the last connection that came up: the wait before the next try doubles with each. */
  let failures = 0;
  const idle = () => subscribers.size === 0;

  const connect = async () => {
    retry = undefined;
    if (idle()) return;
    const client = new pg.Client({
      connectionString: url,
      application_name: 'selvedge-listen',
      keepAlive: true,
      connectionTimeoutMillis: listenTiming.timeoutMs,
      query_timeout: listenTiming.timeoutMs,
    });
    let heartbeat: NodeJS.Timeout | undefined;
    /** Pings sent and not back yet: payload → its resolve. */
    const awaiting = new Map<string, () => void>();
    let failed = false;
    const state = {
      up: false,
      client,
      fail(err: unknown) {
        if (failed) return;
        failed = true;
        clearInterval(heartbeat);
        if (current === connection) current = undefined;
        state.up = false;
        for (const [handlers, sub] of subscribers)
          if (sub.up) {
            sub.up = false;
            handlers.down(err);
          }
        for (const resolve of awaiting.values()) resolve(); // `down` told: nothing left to wait for
        awaiting.clear();
        ended = client.end().catch(() => {});
        if (!idle()) {
          // Read at each failure (not when the listener started), so a change to listenTiming counts.
          const wait = Math.min(listenTiming.retryMs * 2 ** failures, listenTiming.maxRetryMs);
          failures++;
          retry = setTimeout(() => void connect(), wait);
          retry.unref();
        }
      },
      /** Sends a ping; rejects unless it is back within `ms`. */
      ping(ms: number) {
        if (failed) return Promise.resolve(); // `down` told already
        return new Promise<void>((resolve, reject) => {
          const payload = `ping:${instance}:${randomUUID()}`;
          const timer = setTimeout(() => {
            awaiting.delete(payload);
            reject(new Error('notice ping not received in time'));
          }, ms);
          awaiting.set(payload, () => {
            clearTimeout(timer);
            resolve();
          });
          client.query('select pg_notify($1, $2)', [PING_CHANNEL, payload]).catch((err) => {
            clearTimeout(timer);
            awaiting.delete(payload);
            reject(err);
          });
        });
      },
    };
    // One ping at a time on the connection (pg runs one query at a time), and callers that come
    // while one is out share the next: its notice is sent after they called, as `sync` requires.
    let inFlight: Promise<void> | null = null;
    let next: Promise<void> | null = null;
    const pingSoon = (): Promise<void> => {
      if (!inFlight) {
        inFlight = state.ping(listenTiming.timeoutMs).finally(() => {
          inFlight = null;
        });
        return inFlight;
      }
      next ??= inFlight
        .catch(() => {})
        .then(() => {
          next = null;
          return pingSoon();
        });
      return next;
    };
    const connection = Object.assign(state, { pingSoon });
    current = connection;
    client.on('error', (err) => state.fail(err));
    client.on('end', () => state.fail(new Error('notice connection ended')));
    client.on('notification', (n) => {
      if (failed) return;
      const payload = n.payload ?? '';
      if (n.channel === PING_CHANNEL) {
        // A ping of this instance, or of another: no news for the listeners.
        const resolve = awaiting.get(payload);
        awaiting.delete(payload);
        resolve?.();
        return;
      }
      for (const [handlers, sub] of subscribers)
        if (sub.up && sub.channel === n.channel) handlers.notice(payload);
    });
    const channels = new Set([PING_CHANNEL, ...[...subscribers.values()].map((sub) => sub.channel)]);
    try {
      await client.connect();
      for (const channel of channels) await client.query(`listen ${channel}`);
      await state.ping(listenTiming.timeoutMs);
    } catch (err) {
      state.fail(err);
      return;
    }
    if (failed) return;
    if (idle()) {
      state.fail(new Error('closed'));
      return;
    }
    failures = 0;
    state.up = true;
    // Every listener whose channel the connection listened on before the ping: up; one that came
    // after the LISTENs joins on its own.
    for (const [handlers, sub] of subscribers)
      if (sub.up) continue;
      else if (channels.has(sub.channel)) {
        sub.up = true;
        handlers.up();
      } else void join(handlers, sub.channel);
    heartbeat = setInterval(() => {
      pingSoon().catch((err) => state.fail(err));
    }, listenTiming.heartbeatMs);
    heartbeat.unref();
  };

  /** A listener added while the connection is up: LISTEN its channel, then a ping proves it. */
  const join = async (handlers: NoticeHandlers, channel: string) => {
    const connection = current;
    if (!connection?.up) return; // connecting: it listens on every channel once it is up
    try {
      await connection.client.query(`listen ${channel}`);
      await connection.pingSoon();
    } catch (err) {
      connection.fail(err);
      return;
    }
    const sub = subscribers.get(handlers);
    if (sub && !sub.up && connection.up && current === connection) {
      sub.up = true;
      handlers.up();
    }
  };

  return (channel, handlers) => {
    subscribers.set(handlers, { channel, up: false });
    if (current) void join(handlers, channel);
    else if (!retry) void connect();
    return {
      sync: async () => {
        const connection = current;
        if (!connection?.up || !subscribers.get(handlers)?.up) return; // down: the owner was told
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('notice sync not received in time')),
            listenTiming.syncMs,
          );
        });
        await Promise.race([connection.pingSoon(), late])
          .catch((err) => connection.fail(err))
          .finally(() => clearTimeout(timer));
      },
      close: async () => {
        const sub = subscribers.get(handlers);
        if (!sub) return;
        subscribers.delete(handlers);
        if (sub.up) handlers.down(new Error('closed'));
        // The last listener gone: the connection goes too. (A channel left to others stays listened.)
        if (idle()) {
          clearTimeout(retry);
          retry = undefined;
          current?.fail(new Error('closed'));
          await ended;
        }
      },
    };
  };
}

/**
 * PGlite: one process, one database; `listen` delivers a notice to its callback before the statement
 * that committed it returns. Nothing can go down but `close`.
 */
function listenPglite(client: PGlite, channel: string, handlers: NoticeHandlers): NoticeListener {
  let closed = false;
  let up = false;
  const listening: Promise<(() => Promise<void>) | undefined> = client
    .listen(channel, (payload) => {
      if (up) handlers.notice(payload);
    })
    .then(
      (stop) => {
        if (!closed) {
          up = true;
          handlers.up();
        }
        return () => stop();
      },
      // The database closed before LISTEN ran: the owner was never told `up`.
      () => undefined,
    );
  return {
    // Delivered before the committing statement returned: nothing to wait for.
    sync: async () => {},
    close: async () => {
      closed = true;
      const stop = await listening;
      if (up) {
        up = false;
        handlers.down(new Error('closed'));
      }
      await stop?.().catch(() => {});
    },
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
  lastMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
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
 * Creates a PostgreSQL database `name` through the server at `serverUrl` (tests, benchmarks), empty or
 * as a copy of the database `opts.template` (which no one may be connected to), and answers its URL
 * and a function that drops it again.
 */
export async function createScratchDatabase(
  serverUrl: string,
  name: string,
  opts: { template?: string } = {},
) {
  for (const n of [name, opts.template ?? '']) {
    if (!/^[a-z0-9_]*$/.test(n)) throw new Error(`unsafe database name: ${n}`);
  }
  if (!name) throw new Error('a database name is needed');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
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
