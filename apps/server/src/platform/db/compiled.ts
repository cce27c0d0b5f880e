/**
 * Queries built once (docs/decisions/0024, 0026).
 *
 * Drizzle builds a query's SQL text from its expression tree on every call. For the short key
 * look-ups of the order details, the cart and placing that building was the largest part of the
 * server's own CPU (decision 0026: a sixth of an order-details call). A compiled query is built once,
 * with `sql.placeholder`s where the values go, and each call only fills the placeholders in and
 * runs it on the caller's database or transaction — rows mapped exactly as Drizzle maps them.
 *
 * Only for queries whose shape never changes: a list of ids is one array parameter
 * (`= any(${p.ids})`), not an `in (…)` list that grows with the ids.
 */
import { Column, getTableName, is, type Placeholder, type Query, SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, QueryBuilder, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './index';

type Q = Db | Tx;
type Placeholders<K extends string> = { readonly [P in K]: Placeholder<P> };

/** The builder compiled queries are written with (no database: it only builds). */
export const queryBuilder = new QueryBuilder();
const dialect = new PgDialect();

/**
 * `column` always written with its table ("orders"."customer_id"). Drizzle writes a column bare in
 * a select of one table; inside a subquery of another table that has a column of the same name,
 * the bare name would silently mean the subquery's column.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `column` is one of an array parameter's members (one statement text whatever the array's length). */
export const anyOf = (column: AnyPgColumn, values: Placeholder) => sql`${column} = any(${values})`;

/**
 * `s` turned into its SQL text once, for parts of a query that never change: Drizzle then copies one
 * string per call instead of walking the expression tree again (decision 0026: building the order list's
 * SQL was a fifth of its CPU). Throws if `s` has parameters (their values would be frozen in).
 */
export function compiledOnce<T>(s: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(s);
  if (params.length > 0) throw new Error(`compiledOnce: SQL with parameters: ${text}`);
  return sql.raw(text) as SQL<T>;
}

function placeholders<K extends string>(names: readonly K[]): Placeholders<K> {
  return Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as unknown as Placeholders<K>;
}

/** A select of queryBuilder: its SQL and its rows' type (its selection is read from config.fields). */
interface BuiltSelect<R> {
  toSQL(): Query;
  readonly _: { readonly result: R };
}

/**
 * A select compiled once: `build` receives the placeholders named in `names` and returns a select
 * of `queryBuilder` with a flat selection (one key per column or SQL expression). The result runs
 * it on `q` with `values` (one per name) and resolves to its rows, mapped like Drizzle's own.
 * Throws at definition when the selection nests objects.
 */
export function compiledSelect<const K extends string, S extends BuiltSelect<unknown>>(
  names: readonly K[],
  build: (p: Placeholders<K>) => S,
): (q: Q, values: Record<K, unknown>) => Promise<S['_']['result']> {
  const select = build(placeholders(names));
  const query = select.toSQL();
  // The selection as Drizzle's own execute reads it (config is protected in Drizzle's types).
  const selection = (select as unknown as { config: { fields: Record<string, unknown> } }).config.fields;
  const fields: SelectedFieldsOrdered = Object.entries(selection).map(([key, field]) => {
    if (!is(field, Column) && !is(field, SQL) && !is(field, SQL.Aliased)) {
      throw new Error(`compiledSelect: field ${key} is not a column or SQL expression`);
    }
    return { path: [key], field: field as SelectedFieldsOrdered[number]['field'] };
  });
  return (q, values) =>
    q._.session.prepareQuery(query, fields, undefined, true).execute(values) as Promise<S['_']['result']>;
}
