/**
 * SQL of the stock that shipping moves (docs/decisions/0039-shipping-moves-stock.md): the stocked
 * sizes of an order with their inventory, locked, and the inventory update as a statement for the
 * shipping transition's writes (orders.workflow.repository.ts updateOrderAndLog).
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { orderItemSizes, orderItems, productItems, productSubcodes } from '../../platform/db/schema';

/** A stocked size of an order: its inventory now (locked) and the pieces the order holds of it. */
export interface StockedLine {
  productItemId: number;
  productSubcode: string;
  productSize: string;
  /** Current inventory (pieces) as locked for this transaction. */
  currentInventory: number;
  /** Pieces of this size over every line of the order. */
  quantity: number;
}

export const orderStockRepository = {
  /**
   * The order's sizes of inventory products (product_items.has_inventory), with their pieces summed
   * over its lines, each product item locked until the transaction ends (select … for update, in
   * product item id order so two shipments of orders sharing items cannot deadlock): a concurrent
   * shipment of the same items waits here and then reads the inventory the other one left.
   */
  lockStockedLines: (tx: Tx, orderId: number): Promise<StockedLine[]> => {
    const ordered = tx
      .select({
        productItemId: orderItemSizes.productItemId,
        quantity: sql<number>`sum(${orderItemSizes.quantity})::int`.as('quantity'),
      })
      .from(orderItemSizes)
      .innerJoin(orderItems, eq(orderItems.id, orderItemSizes.orderItemId))
      .where(eq(orderItems.orderId, orderId))
      .groupBy(orderItemSizes.productItemId)
      .as('ordered');
    return tx
      .select({
        productItemId: productItems.id,
        productSubcode: productSubcodes.productSubcode,
        productSize: productItems.productSize,
        currentInventory: productItems.currentInventory,
        quantity: ordered.quantity,
      })
      .from(productItems)
      .innerJoin(ordered, eq(ordered.productItemId, productItems.id))
      .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
      .where(and(eq(productItems.hasInventory, true), sql`${ordered.quantity} > 0`))
      .orderBy(asc(productItems.id))
      .for('update', { of: productItems });
  },

  /**
   * The update adding `delta` pieces (negative: taking) to each product item's current inventory;
   * a statement for the transition's writes (`moves` must not be empty).
   */
  moveStock: (moves: { productItemId: number; delta: number }[]): SQL => sql`
    update ${productItems} set current_inventory = ${productItems}.current_inventory + m.delta
    from unnest(${sql.param(moves.map((m) => m.productItemId))}::int[], ${sql.param(moves.map((m) => m.delta))}::int[]) as m(id, delta)
    where ${productItems}.id = m.id`,
};
