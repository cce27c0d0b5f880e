/**
 * A statement's result as CSV written by PostgreSQL itself (`COPY (statement) TO STDOUT WITH (FORMAT
 * csv)`, through pg-copy-streams): the large downloads on PostgreSQL (platform/queryFile.ts,
 * decision 0049). The database quotes and writes every field; this process only passes chunks on,
 * so neither its CPU nor its memory grows with the number of rows.
 *
 * COPY takes no bind parameters: each `$n` is written into the text as a literal with node-postgres's
 * own escaping (`escapeLiteral`, safe whatever standard_conforming_strings says), from the same text
 * form node-postgres would have sent for it. A literal is untyped as a parameter is, so the statement
 * means what it meant with parameters.
 */
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { StatementText } from './cursor';

/** One parameter as a SQL literal (NULL, or its text form quoted). Throws for a value of no plain text form. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error(`cannot write ${value} as a literal`);
    return pg.escapeLiteral(String(value));
  }
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  throw new Error(`cannot write a parameter of type ${typeof value} as a literal`);
}

/**
 * `statement` with its parameters written in as literals. Throws when the text's `$n` do not match
 * the parameters (a `$` in the statement's own text that is not a parameter).
 */
export function inlineParameters(statement: StatementText): string {
  const used = new Set<number>();
  const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= statement.params.length) throw new Error(`no parameter $${n}`);
    used.add(i);
    return literal(statement.params[i]);
  });
  if (used.size !== statement.params.length) throw new Error('a parameter is not used in the statement');
  return text;
}

/**
 * The CSV records of `statement` (no header), in the chunks PostgreSQL sends, on a connection of the
 * pool's. A consumer that stops early ends the connection (a COPY in flight cannot be stopped
 * otherwise; the pool opens another). Errors of the statement come from the first `next()`.
 */
export async function* postgresCopyCsv(pool: pg.Pool, statement: StatementText): AsyncGenerator<Buffer> {
  const text = `copy (${inlineParameters(statement)}) to stdout with (format csv)`;
  const client = await pool.connect();
  // Released with an error (the connection ended) unless the COPY ran to its end.
  let ended: Error | undefined = new Error('COPY stopped before its end');
  try {
    for await (const chunk of client.query(copyTo(text))) yield chunk as Buffer;
    ended = undefined;
  } finally {
    client.release(ended);
  }
}
