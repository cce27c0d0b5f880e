/** Texts of restocking (ordering §2 Restock, §5 Restock, §8 Success messages, §9 Restock maximum). */
import { MASTER_DATA_MESSAGES } from './masterData';

/** Pieces as the restock texts write them: 1,234. */
const count = (n: number) => n.toLocaleString('en-US');

/** ordering §5 Restock and §8 Success messages. */
export const RESTOCK_SPEC_MESSAGES = {
  restockCustomerRequired: 'Please select a customer to restock for',
  restockAdded: 'Restocking Items Successfully Added to Order',
} as const;

/**
 * Ours: the restock call's refusals and why a stocked size was left out (decision 0056); `customer`
 * is the customer's name, amounts are pieces.
 */
export const RESTOCK_MESSAGES = {
  customerNotFound: MASTER_DATA_MESSAGES.notFound('Customer'),
  nothingToRestock: (customer: string) =>
    `Nothing to restock for ${customer}: every inventory product is at its maximum inventory.`,
  nothingToRestockOrNoDefault: (customer: string) =>
    `Nothing to restock for ${customer}: every inventory product is at its maximum inventory or has no default order quantity.`,
  nothingLeft: (customer: string) =>
    `Nothing left to restock for ${customer}: your cart already holds every inventory product below its maximum up to its restock maximum.`,
  noneAdded: (reason: string) => `No restocking items could be added to your cart: ${reason}`,
  /** Why one stocked size was left out (RestockResponse skipped[].reason). */
  atMaximum: (current: number, maximum: number) =>
    `At its maximum inventory: ${count(current)} in stock, maximum ${count(maximum)}.`,
  noDefaultQuantity: 'It has no default order quantity: set one on its product item to restock it.',
  inCart: (inCart: number, maximum: number) =>
    `Your cart already holds ${count(inCart)} of it; its restock maximum is ${count(maximum)}.`,
  /** Shown instead of the form to a user whose role may restock but who lacks the canRestock flag (decision 0040). */
  notAllowed: 'You are not allowed to restock: an administrator grants the Restock permission on your user.',
} as const;
