/**
 * Texts of the order list and order details: order actions, documents, downloads and stock
 * (ordering §2 Order list, Order details; §4 Order actions, Tabs and documents; §5; §8).
 */
import { MAX_STOCK } from '../limits';

/**
 * ordering §4 Order actions (the Cancel confirmation), §5 (estimated completion date) and §8
 * Success messages. The Ship & Complete confirmation is ours: it cannot be undone, so it is
 * confirmed as Cancel is.
 */
export const ORDER_SPEC_MESSAGES = {
  confirmCancelOrder: 'Are you sure you want to cancel this order?',
  /** Ours (see above). */
  confirmShipAndComplete: 'Are you sure you want to ship and complete this order? This cannot be undone.',
  completionDateTooEarly: 'The estimated completion date cannot be earlier than today.',
  documentUploaded: 'Document has been uploaded successfully.',
  orderApproved: 'Order successfuly approved.',
  productionConfirmed: 'Production has been confirmed.',
  shippedAndCompleted: 'Successfully marked as shipped and completed.',
} as const;

/** Ours: an order the user may not see or that does not exist (ordering §7 Orders shows no refusal). */
export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
} as const;

/** Ours, besides §5's completion date: the answers of the order actions that §8 gives no text for. */
export const ORDER_ACTION_MESSAGES = {
  cancelled: 'Order has been cancelled.',
  completionDateSaved: 'Estimated completion date saved.',
  invoiceNumberSaved: 'Invoice number saved.',
  completionDateTooEarly: ORDER_SPEC_MESSAGES.completionDateTooEarly,
} as const;

/** Ours: Download Data's refusals (ordering §7 Downloads; decision 0057). */
export const DOWNLOAD_DATA_MESSAGES = {
  notFound: ORDER_MESSAGES.notFound,
  noData: 'This order has no variable data.',
} as const;

/** Ours: the documents calls' refusals and answers (ordering §4 Tabs and documents, §7 Documents). */
export const DOCUMENT_MESSAGES = {
  notFound: 'Document not found.',
  cartOnly: 'Related documents can be added only to your cart, before the order is placed.',
  noShippingDocs: 'Your role may not see shipping documents.',
  noProductionPOs: 'Your role may not see production purchase orders.',
  notYet: 'This document does not exist yet.',
  removed: 'Document removed.',
} as const;

/** One stocked size of an order, as the stock messages name it (pieces); other fields are ignored. */
export interface StockedLineText {
  productSubcode: string;
  productSize: string;
  currentInventory: number;
  quantity: number;
}

/** Ours: what shipping does to stock (decision 0039). */
export const STOCK_MESSAGES = {
  /** The 409 of shipping an order its stock cannot cover (decision 0039), one entry per short size. */
  notEnoughStock: <L extends StockedLineText>(short: readonly L[]) =>
    `Not enough stock to ship this order: ${short
      .map(
        (l) =>
          `${l.productSubcode} ${l.productSize} has ${l.currentInventory} in stock, the order ships ${l.quantity}`,
      )
      .join('; ')}.`,
  /**
   * The 409 of a restock order whose stock would pass what a product item can hold (an integer
   * column: 2,147,483,647), one entry per size; nothing is written.
   */
  tooMuchStock: <L extends StockedLineText>(over: readonly L[]) =>
    `Too much stock to receive with this restock order: ${over
      .map(
        (l) =>
          `${l.productSubcode} ${l.productSize} has ${l.currentInventory} in stock, the order adds ${l.quantity}`,
      )
      .join('; ')}; a product item holds at most ${MAX_STOCK.toLocaleString('en')}.`,
  /** The order log line of a stock change. */
  taken: <L extends StockedLineText>(lines: readonly L[]) =>
    `Stock taken on shipping: ${lines.map((l) => `${l.productSubcode} ${l.productSize} −${l.quantity} (${l.currentInventory} → ${l.currentInventory - l.quantity})`).join(', ')}`,
  added: <L extends StockedLineText>(lines: readonly L[]) =>
    `Stock added by restock order: ${lines.map((l) => `${l.productSubcode} ${l.productSize} +${l.quantity} (${l.currentInventory} → ${l.currentInventory + l.quantity})`).join(', ')}`,
} as const;
