/**
 * The order invariants the race and fault tests (the standing suite run by npm test) check after a burst of
 * concurrent writes, as SQL against the database. Each check answers what breaks it, one line per
 * offending row, so a failing test names the order or the user:
 *
 * - every placed order has at least one line, and every line has sizes whose quantities add up to
 *   the line's quantity (a line is written with its sizes in one transaction);
 * - a placed order of the given users (orders that went through PUT /orders/place) has exactly one
 *   'Order placed' log line, and it is the order's first;
 * - no user has two carts (PENDING orders);
 * - an order's total price is the sum of its line totals plus its charges, its total cost the sum of
 *   its line costs.
 */
import { ORDER_PLACED_LOG } from '@selvedge/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { orderItems, orders } from '../platform/db/schema';

export interface InvariantOptions {
  /** Users whose placed orders came from the cart (they must carry the 'Order placed' log). */
  placedBy: number[];
  /** Only orders of these users are checked for lines and totals; every order when absent. */
  userIds?: number[];
}

/** Every violation of the order invariants, described; empty when all hold. */
export async function orderInvariantViolations(db: Db, opts: InvariantOptions): Promise<string[]> {
  const inScope = (extra: SQL): SQL =>
    opts.userIds ? (and(inArray(orders.userId, opts.userIds), extra) as SQL) : extra;
  const placed = ne(orders.orderStatus, 'PENDING');
  const out: string[] = [];
  // Correlated subqueries name their tables themselves: Drizzle leaves the table off the columns
  // of a one-table select list, where "id" would then mean the subquery's own column.
  const ofOrder = (query: string) => sql.raw(`(${query.replace(/\$order/g, '"orders"."id"')})`);

  const withoutLines = await db
    .select({ id: orders.id, status: orders.orderStatus })
    .from(orders)
    .where(
      inScope(
        and(
          placed,
          sql`not exists ${ofOrder('select 1 from order_items i where i.order_id = $order')}`,
        ) as SQL,
      ),
    );
  for (const o of withoutLines) out.push(`placed order ${o.id} (${o.status}) has no lines`);

  const lineSizes = sql<string>`${sql.raw(
    '(select coalesce(sum(z.quantity), 0) from order_item_sizes z where z.order_item_id = "order_items"."id")',
  )}`;
  const badLines = await db
    .select({
      orderId: orderItems.orderId,
      id: orderItems.id,
      quantity: orderItems.quantity,
      sizes: lineSizes,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inScope(sql`${orderItems.quantity} <> ${lineSizes}`));
  for (const l of badLines)
    out.push(`line ${l.id} of order ${l.orderId}: quantity ${l.quantity} but its sizes add up to ${l.sizes}`);

  if (opts.placedBy.length > 0) {
    const placedLogs = sql<number>`${ofOrder(
      `select count(*)::int from order_logs l where l.order_id = $order and l.description = '${ORDER_PLACED_LOG.replace(/'/g, "''")}'`,
    )}`;
    const firstLog = sql<string | null>`${ofOrder(
      'select l.description from order_logs l where l.order_id = $order order by l.id limit 1',
    )}`;
    const rows = await db
      .select({ id: orders.id, placedLogs, firstLog })
      .from(orders)
      .where(and(placed, inArray(orders.userId, opts.placedBy)));
    for (const o of rows) {
      if (Number(o.placedLogs) !== 1)
        out.push(`placed order ${o.id} has ${o.placedLogs} '${ORDER_PLACED_LOG}' log lines`);
      else if (o.firstLog !== ORDER_PLACED_LOG)
        out.push(`placed order ${o.id}: first log line is '${o.firstLog}', not '${ORDER_PLACED_LOG}'`);
    }
  }

  const carts = await db
    .select({ userId: orders.userId, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.orderStatus, 'PENDING'))
    .groupBy(orders.userId)
    .having(sql`count(*) > 1`);
  for (const c of carts) out.push(`user ${c.userId} has ${c.n} carts`);

  const linePrice = sql<string>`${ofOrder('select coalesce(sum(i.total_price), 0) from order_items i where i.order_id = $order')}`;
  const lineCost = sql<string>`${ofOrder('select coalesce(sum(i.total_cost), 0) from order_items i where i.order_id = $order')}`;
  const charges = sql<string>`${ofOrder('select coalesce(sum(c.charge), 0) from order_charges c where c.order_id = $order')}`;
  const badTotals = await db
    .select({
      id: orders.id,
      totalPrice: orders.totalPrice,
      totalCost: orders.totalCost,
      linePrice,
      lineCost,
      charges,
    })
    .from(orders)
    .where(
      inScope(sql`(${orders.totalPrice} <> ${linePrice} + ${charges} or ${orders.totalCost} <> ${lineCost})`),
    );
  for (const o of badTotals)
    out.push(
      `order ${o.id}: total price ${o.totalPrice} vs lines ${o.linePrice} + charges ${o.charges}; ` +
        `total cost ${o.totalCost} vs lines ${o.lineCost}`,
    );
  return out;
}

/**
 * Every violation of the import invariants (docs/decisions/0045, 0055), described; empty when all
 * hold:
 * - only an upload being processed has staged rows (a run that ends, or fails, empties them);
 * - the rows visible to ordering come from finished uploads only (nothing of a refused or cut
 *   import shows);
 * - an upload that has ended keeps no stored file;
 * - an upload that has not ended has a job that will end it: its import queued, retried or running,
 *   or its dead letter (the bug this guards against: an import left 'processing' for good).
 */
export async function importInvariantViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const staged = await db.execute(sql`select s.data_upload_id as id, u.state, count(*)::int as n
    from variable_data_staging s left join data_uploads u on u.id = s.data_upload_id
    where u.state is distinct from 'processing' group by s.data_upload_id, u.state`);
  for (const r of staged.rows as { id: number; state: string | null; n: number }[])
    out.push(`upload ${r.id} (${r.state ?? 'missing'}) has ${r.n} staged rows`);

  const visible = await db.execute(sql`select r.data_upload_id as id, u.state, count(*)::int as n
    from variable_data_rows r join data_uploads u on u.id = r.data_upload_id
    where u.state <> 'finished' group by r.data_upload_id, u.state`);
  for (const r of visible.rows as { id: number; state: string; n: number }[])
    out.push(`upload ${r.id} (${r.state}) has ${r.n} rows visible to ordering`);

  const files = await db.execute(sql`select id, state from data_uploads
    where state in ('finished', 'refused') and file_key is not null`);
  for (const r of files.rows as { id: number; state: string }[])
    out.push(`upload ${r.id} (${r.state}) still has its stored file`);

  const orphans = await db.execute(sql`select u.id, u.state from data_uploads u
    where u.state in ('queued', 'processing') and not exists (
      select from pgboss.job j
      where j.name in ('variableData.import', 'variableData.giveUp')
        and j.state in ('created', 'retry', 'active') and (j.data ->> 'uploadId')::int = u.id)`);
  for (const r of orphans.rows as { id: number; state: string }[])
    out.push(`upload ${r.id} is ${r.state} without a job that will end it`);
  return out;
}
