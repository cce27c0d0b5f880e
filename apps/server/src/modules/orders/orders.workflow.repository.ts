/**
 * SQL of the order workflow (orders.workflow.ts, docs/decisions/0014, 0015, 0031): the order row
 * found or locked within a scope, the artwork states the state machine's guards read, the status
 * update with its log lines and the step's writes in one statement, and the entry effects
 * (production POs, packing slips) as statements for it.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  factories,
  orderItems,
  orderLogs,
  orders,
  packingSlips,
  productionPurchaseOrders,
  productSubcodes,
} from '../../platform/db/schema';

type Q = Db | Tx;

/** An order row, all columns. */
export type OrderRow = typeof orders.$inferSelect;

/** The factories of an order's lines (order_id, factory_id, short_code), in factory id order. */
const lineFactoriesOf = (orderId: number) => sql`
  select distinct ${orderItems.orderId} as order_id, ${factories.id} as factory_id, ${factories.shortCode} as short_code
  from ${orderItems}
  join ${productSubcodes} on ${productSubcodes.id} = ${orderItems.productSubcodeId}
  join ${factories} on ${factories.id} = ${productSubcodes.factoryId}
  where ${orderItems.orderId} = ${orderId}
  order by factory_id`;

export const orderWorkflowRepository = {
  /** The order row with this id inside `scope` (all columns); undefined when none. */
  findOrder: async (db: Q, id: number, scope: SQL) =>
    (
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1)
    )[0],

  /**
   * The order row with this id inside `scope`, locked until the transaction ends (select … for
   * update): every order action takes this lock, so two actions on one order run one after the
   * other and the second sees the first one's result.
   */
  lockOrder: async (tx: Tx, id: number, scope: SQL) =>
    (
      await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1)
        .for('update')
    )[0],

  /** Artwork status of the lines that need artwork (for the state machine's guards). */
  artworkStates: (db: Q, orderId: number) =>
    db
      .select({
        orderItemId: orderItems.id,
        status: orderItems.artworkStatus,
        artworkFinalized: orderItems.artworkFinalized,
      })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.artworkStatus} is not null`))
      .orderBy(asc(orderItems.id)),

  /**
   * Updates the order (`patch`, and `updatedAt` to now), writes its log lines in `descriptions` order and runs
   * `writes` (the step's own writes, e.g. placing's artwork marking, and those the new status
   * brings: `productionPOsOf`, `packingSlipsOf`), all in one statement: a workflow step's writes in
   * one round trip (decision 0031). No lines without the row. The writes see the database as it was
   * before the statement (PostgreSQL runs a statement's data-modifying CTEs on one snapshot), so
   * none may depend on another's changes.
   */
  updateOrderAndLog: (
    tx: Tx,
    id: number,
    patch: Partial<typeof orders.$inferInsert>,
    log: { userId: number | null; userName: string; descriptions: string[] },
    writes: SQL[] = [],
  ) =>
    tx
      .execute(sql`
        with changed as ${tx
          .update(orders)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(orders.id, id))
          .returning({ id: orders.id })}${sql.join(
          writes.map((w, i) => sql`, ${sql.raw(`write${i}`)} as (${w})`),
          sql``,
        )}
        insert into ${orderLogs} (order_id, user_id, user_name, description)
        select changed.id, ${log.userId}::int, ${log.userName}::text, d.description
        from changed cross join unnest(${sql.param(log.descriptions)}::text[]) with ordinality as d(description, n)
        order by d.n`)
      .then(() => undefined),

  /** Inserts log lines of orders (none: nothing runs). */
  insertLogs: (
    tx: Tx,
    logs: { orderId: number; userId: number | null; userName: string; description: string }[],
  ) =>
    logs.length === 0
      ? Promise.resolve()
      : tx
          .insert(orderLogs)
          .values(logs)
          .then(() => undefined),

  /**
   * The insert of the order's production POs: one per factory of its lines (in factory id order),
   * numbered `numberPrefix` followed by the factory's short code; idempotent (one per order and
   * factory). A statement for `updateOrderAndLog`'s `entered`.
   */
  productionPOsOf: (orderId: number, numberPrefix: string) => sql`
    insert into ${productionPurchaseOrders} (order_id, factory_id, production_po)
    select order_id, factory_id, ${numberPrefix}::text || short_code from (${lineFactoriesOf(orderId)}) f
    on conflict do nothing`,

  /**
   * The insert of the order's packing slips: the vendor's, numbered `vendorNumber`, then one per
   * factory of its lines (in factory id order) numbered `productionPrefix` followed by the factory's
   * short code; idempotent. A statement for `updateOrderAndLog`'s `entered`.
   */
  packingSlipsOf: (orderId: number, numbers: { vendorNumber: string; productionPrefix: string }) => sql`
    insert into ${packingSlips} (order_id, kind, factory_id, number)
    select ${orderId}::int, 'VENDOR', null::int, ${numbers.vendorNumber}::text
    union all
    select order_id, 'PRODUCTION', factory_id, ${numbers.productionPrefix}::text || short_code
    from (${lineFactoriesOf(orderId)}) f
    on conflict do nothing`,
};
