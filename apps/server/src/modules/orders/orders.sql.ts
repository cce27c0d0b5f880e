/**
 * SQL text helpers shared by the order repositories (the order list, orders.list.repository.ts, and
 * the read model, orders.record.repository.ts): columns named with an explicit alias, tables with
 * an alias, and instants as ISO 8601 text made by PostgreSQL.
 */
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** "alias"."column" of a schema column, so that a sub-select names exactly the table it means. */
export const col = (alias: string, column: AnyPgColumn) => sql.raw(`"${alias}"."${column.name}"`);
/** A table under an alias: "table" "alias". */
export const from = (table: PgTable, alias: string) => sql.raw(`"${getTableName(table)}" "${alias}"`);

/**
 * A timestamptz as the ISO 8601 instant Date.toISOString gives (UTC, milliseconds), made by
 * PostgreSQL for answers it builds as text or JSON.
 */
export const isoInstant = (instant: SQL) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
