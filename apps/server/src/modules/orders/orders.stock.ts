/**
 * What shipping does to inventory (ordering §2 Product details inventory, §9;
 * docs/decisions/0039-shipping-moves-stock.md). Shipping an order takes its sizes of inventory
 * products from stock; shipping a restock order (orders.restock, set when restock put lines into
 * the cart) adds them. Runs inside the shipping transition: the stocked items are locked and checked
 * after the state machine's check (a shortage is a 409 and nothing is written), and the inventory
 * update and its log line are part of the transition's one statement.
 */
import { MAX_STOCK, STOCK_MESSAGES } from '@selvedge/shared';
import type { Tx } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { orderStockRepository as repo } from './orders.stock.repository';
import type { OrderRow } from './orders.workflow.repository';

/**
 * The stock move of shipping `order` (locked by the caller): its log line, inventory update and the
 * product items it moves, none when the order holds no inventory product. Locks the stocked product items; 409
 * STOCK_MESSAGES.notEnoughStock when an order that takes from stock holds more of a size than is in
 * stock (inventory never goes below 0 by shipping), STOCK_MESSAGES.tooMuchStock when a restock order
 * would pass MAX_STOCK (an integer overflow would otherwise be a 500).
 */
export async function shippingStockMove(tx: Tx, order: Pick<OrderRow, 'id' | 'restock'>) {
  const lines = await repo.lockStockedLines(tx, order.id);
  if (lines.length === 0) return { log: [], writes: [], productItemIds: [] };
  const productItemIds = lines.map((l) => l.productItemId);
  if (order.restock) {
    const over = lines.filter((l) => l.currentInventory + l.quantity > MAX_STOCK);
    if (over.length > 0) throw conflict(STOCK_MESSAGES.tooMuchStock(over));
    return {
      log: [STOCK_MESSAGES.added(lines)],
      writes: [repo.moveStock(lines.map((l) => ({ productItemId: l.productItemId, delta: l.quantity })))],
      productItemIds,
    };
  }
  const short = lines.filter((l) => l.currentInventory < l.quantity);
  if (short.length > 0) throw conflict(STOCK_MESSAGES.notEnoughStock(short));
  return {
    log: [STOCK_MESSAGES.taken(lines)],
    writes: [repo.moveStock(lines.map((l) => ({ productItemId: l.productItemId, delta: -l.quantity })))],
    productItemIds,
  };
}
