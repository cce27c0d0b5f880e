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
 *
 * Rows come as objects with parsed values (the drivers' usual form) or, with `text`, as arrays of the
 * columns' text forms in select order (null for NULL): no object per row and no parsing of numbers,
 * booleans or dates that a file writes back as text anyway (bench:export, decision 0049).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Rows of one statement, read `batchSize` at a time; each batch has at least one row. */
export type RowBatches<Row> = AsyncGenerator<Row[], void, undefined>;

/** A row as the columns' text forms in select order (PostgreSQL's output: 't'/'f', digits…), null for NULL. */
export type TextRow = readonly (string | null)[];

/** How the rows come: objects of parsed values, or text arrays (TextRow). */
export type RowForm = 'objects' | 'text';

const asText = (value: string) => value;
/** node-postgres: every type read as its text form. */
const PG_TEXT_TYPES = { getTypeParser: () => asText };

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
  form: RowForm = 'objects',
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
      const text = `fetch ${n} from ${name}`;
      const next =
        form === 'text' ? client.query({ text, rowMode: 'array', types: PG_TEXT_TYPES }) : client.query(text);
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
  form: RowForm = 'objects',
  /** PGlite's parsers, each replaced by the identity for `text` (types.parsers of the loaded module). */
  textParsers: Record<string, (value: string) => unknown> = {},
): RowBatches<Row> {
  const n = checkedBatchSize(batchSize);
  const options = form === 'text' ? { rowMode: 'array' as const, parsers: textParsers } : undefined;
  const name = cursorName();
  await client.query(`declare ${name} no scroll cursor with hold for ${statement.sql}`, statement.params);
  try {
    for (;;) {
      const { rows } = await client.query(`fetch ${n} from ${name}`, [], options);
      if (rows.length > 0) yield rows as Row[];
      if (rows.length < n) break;
    }
  } finally {
    await client.query(`close ${name}`).catch(() => {});
  }
}
