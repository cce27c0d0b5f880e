/**
 * SQL of "Needs my action" (docs/decisions/0016, 0023): the condition of the orders waiting at a
 * step (rules/needsAction.ts; also the order list's `needsAction` filter) and the per-step counts
 * read from open_order_counts. Callers pass the user's scope (access/access.ts).
 */
import type { NeedsActionCondition, NeedsActionStep } from '@selvedge/shared';
import { and, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { compiledOnce } from '../../platform/db/compiled';
import { openOrderCounts, orders } from '../../platform/db/schema';

type Q = Db | Tx;

/** Order flags of a needs-action condition and their columns. */
const FLAG_COLUMNS = {
  financeApproval: orders.financeApproval,
  csrArtPrepared: orders.csrArtPrepared,
  csrProductionConfirmed: orders.csrProductionConfirmed,
} as const;

/**
 * The orders waiting at a needs-action step (rules/needsAction.ts): not cancelled, in one of the
 * step's statuses, with the step's flags.
 */
export function waitingAt(condition: NeedsActionCondition): SQL {
  const flags = Object.entries(condition.flags).map(([flag, value]) =>
    eq(FLAG_COLUMNS[flag as keyof typeof FLAG_COLUMNS], value as boolean),
  );
  return and(
    eq(orders.cancelled, false),
    inArray(orders.orderStatus, [...condition.statuses]),
    ...flags,
  ) as SQL;
}

/**
 * countWaiting's select list and filter for a set of steps, as SQL text built once per set (each
 * role asks for its own): one count per step, over open_order_counts aliased as "orders" so that
 * the conditions and the scope name its columns as the orders table's. Building them on every call
 * cost the needs-action call most of its CPU (measured by `npm run bench`). The values in them are the rules'
 * constants (statuses, flags), written in as literals; the user's scope stays parameters.
 */
/** The column of the distinct orders waiting at any of the steps (no step is named so). */
const TOTAL = 'total';
const waitingCountsBySteps = new Map<string, { columns: SQL; filter: SQL }>();
function waitingCounts(steps: { step: NeedsActionStep; condition: NeedsActionCondition }[]) {
  const key = JSON.stringify(steps);
  let built = waitingCountsBySteps.get(key);
  if (!built) {
    const counts = alias(openOrderCounts, getTableName(orders));
    const columns = steps.map(
      ({ step, condition }) =>
        sql`(coalesce(sum(${counts.orders}) filter (where ${waitingAt(condition)}), 0))::int as ${sql.identifier(step)}`,
    );
    // The total counts orders, not steps: an order waiting at two steps is one order (not decision 0016's sum of the steps).
    columns.push(
      sql`(coalesce(sum(${counts.orders}) filter (where ${or(...steps.map(({ condition }) => waitingAt(condition)))}), 0))::int as ${sql.identifier(TOTAL)}`,
    );
    const statuses = [...new Set(steps.flatMap((s) => s.condition.statuses))];
    built = {
      columns: compiledOnce(sql`${sql.join(columns, sql`, `)}`.inlineParams()),
      filter: compiledOnce(
        sql`${and(eq(orders.cancelled, false), inArray(orders.orderStatus, statuses))}`.inlineParams(),
      ),
    };
    waitingCountsBySteps.set(key, built);
  }
  return built;
}

export const needsActionRepository = {
  /**
   * How many orders inside `scope` wait at each step, from open_order_counts (docs/decisions/0023):
   * that table has the orders table's column names, so under the alias "orders" the scope and the
   * step conditions, written for orders, read it unchanged; each row stands for `orders` orders.
   * Answers the count per step and `total`, the orders waiting at any step (each counted once).
   */
  countWaiting: async (
    db: Q,
    scope: SQL,
    steps: { step: NeedsActionStep; condition: NeedsActionCondition }[],
  ): Promise<{ byStep: Map<NeedsActionStep, number>; total: number }> => {
    if (steps.length === 0) return { byStep: new Map(), total: 0 };
    const { columns, filter } = waitingCounts(steps);
    const { rows } = await db.execute(
      sql`select ${columns} from ${openOrderCounts} ${sql.identifier(getTableName(orders))} where ${scope} and ${filter}`,
    );
    const [row] = rows as unknown as Record<string, number>[];
    return {
      byStep: new Map(steps.map(({ step }) => [step, Number(row?.[step] ?? 0)])),
      total: Number(row?.[TOTAL] ?? 0),
    };
  },
};
