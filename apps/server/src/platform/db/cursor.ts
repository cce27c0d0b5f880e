/**
 * Reading a large result in batches (downloads, ARCHITECTURE.md Runtime and data): the rows of one
 * statement come out `batchSize` at a time, so a file of a million rows never sits in memory.
 *
 * - PostgreSQL: a connection of its own from the pool, a READ ONLY REPEATABLE READ transaction (one
 *   snapshot for the whole file), `DECLARE … NO SCROLL CURSOR` and `FETCH n` until done. The
 *   transaction stays open while the consumer reads (backpressure: the next FETCH runs only when the
 *   previous batch was taken; one batch is read ahead), and is rolled back if the consumer stops early
 *   or fails.
 * - PGlite: one connection for the whole process, so no transaction may stay open across batches
 *   (every other request would wait for the download). The cursor is declared `WITH HOLD` outside a
 *   transaction (PGlite materialises the result once, in its own memory, at DECLARE) and each
 *   `FETCH n` is a statement of its own: other requests' statements run between two batches.
 *   Cursor names are unique per process; the cursor is closed however the consumer ends.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Rows of one statement, read `batchSize` at a time; each batch has at least one row. */
export type RowBatches<Row> = AsyncGenerator<Row[], void, undefined>;

/** A statement as text with `$n` parameters (Drizzle's sqlToQuery output). */
export interface StatementText {
  sql: string;
  params: unknown[];
}

let cursorSeq = 0;
const cursorName = () => `selvedge_cursor_${++cursorSeq}`;

function checkedBatchSize(batchSize: number): number {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new Error(`bad batch size ${batchSize}`);
  return batchSize;
}

/** PostgreSQL: see the module comment. */
export async function* postgresCursor<Row>(
  pool: pg.Pool,
  statement: StatementText,
  batchSize: number,
): RowBatches<Row> {
  const n = checkedBatchSize(batchSize);
  const client = await pool.connect();
  let done = false;
  let broken: Error | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const name = cursorName();
    await client.query(`declare ${name} no scroll cursor for ${statement.sql}`, statement.params);
    const fetchNext = () => {
      const next = client.query(`fetch ${n} from ${name}`);
      next.catch(() => {}); // a read-ahead the consumer never takes must not be an unhandled rejection
      return next;
    };
    let pending = fetchNext();
    for (;;) {
      const { rows } = await pending;
      const more = rows.length === n;
      // Read one batch ahead: the database produces the next batch while this one is written out
      // (two batches in memory at most; the one connection runs them in order).
      if (more) pending = fetchNext();
      if (rows.length > 0) yield rows as Row[];
      if (!more) break;
    }
    await client.query('commit');
    done = true;
  } finally {
    if (!done) {
      // Stopped early (the client went away) or failed: end the transaction; a connection that
      // cannot even roll back is not given back to the pool.
      await client.query('rollback').catch((err: Error) => {
        broken = err;
      });
    }
    client.release(broken);
  }
}

/** PGlite: see the module comment. */
export async function* pgliteCursor<Row>(
  client: PGlite,
  statement: StatementText,
  batchSize: number,
): RowBatches<Row> {
  const n = checkedBatchSize(batchSize);
  const name = cursorName();
  await client.query(`declare ${name} no scroll cursor with hold for ${statement.sql}`, statement.params);
  try {
    for (;;) {
      const { rows } = await client.query(`fetch ${n} from ${name}`);
      if (rows.length > 0) yield rows as Row[];
      if (rows.length < n) break;
    }
  } finally {
    await client.query(`close ${name}`).catch(() => {});
  }
}
