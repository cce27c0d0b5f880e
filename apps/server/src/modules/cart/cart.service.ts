/**
 * The cart (ordering §2 Cart, Product details; §3 Cart, Order-line payload; §4 Placing an order;
 * §5 Cart, Quantity fields; §8 Place-order refusals; ARCHITECTURE.md Order life).
 *
 * Decisions (where the specs are silent):
 * - The cart is the user's one PENDING order, created by the first add or header save. Its vendor
 *   is the user's first vendor (lowest id; null for ACCOUNT or ADMIN without one); its price
 *   currency is that vendor's currency, USD without a vendor (the house currency; ACCOUNT does not
 *   see prices, the totals still need one). A new cart's header is prefilled from the vendor
 *   (billing address and account, preferred shipping method, delivery account) and the user
 *   (contact name, email, telephone). GET /orders/cart without a cart answers that prefilled
 *   header unsaved, with no lines.
 * - The cost currency is the factory currency of the first line's subcode; the first line also
 *   fixes the cart's customer, production region and factory (the order's factory when placed).
 *   A subcode without a factory has no production region and cannot be ordered (409).
 * - Every change of the cart and placing it lock the cart row (select … for update), so they run
 *   one after another; every change re-prices the whole cart in the same transaction.
 * - Each add makes a new line, even for a subcode already in the cart; tiers count all lines.
 * - Per-size attributes are required for the sizes whose product item has an attribute schema of
 *   its own (attributesItems[productItemId]); the subcode's schema gives the line's attributes.
 * - Unknown, inactive or out-of-scope product items answer 404 (the product is not theirs to
 *   see); a line of another user's cart answers 404.
 * - Placing twice: the first call places the cart; a later call finds no PENDING cart and answers
 *   409 'This cart has already been placed.' when the user has a placed order (400 'Your cart is
 *   empty.' when not). The -1 check compares what the role sees: unit prices for price roles,
 *   unit costs for cost roles (ADMIN: both).
 *
 * The calls are written by concern: the lines (cart.lines.ts), the header (cart.header.ts) and
 * placing (cart.place.ts); the texts they answer are in cart.messages.ts.
 */
import type { AppContext } from '../../platform/context';
import { createCartHeader } from './cart.header';
import { createCartLines } from './cart.lines';
import { createCartPlacing } from './cart.place';

export type { RestockFit, SizeStock } from './cart.lines';
export { CART_API_MESSAGES, ORDER_PLACED_LOG } from './cart.messages';

/** The cart's calls (cart.routes.ts; Restock and Order again add lines through them). */
export function createCartService(ctx: AppContext) {
  const header = createCartHeader(ctx);
  return {
    ...createCartLines(ctx, header.lockOrCreateCart),
    ...header.calls,
    ...createCartPlacing(ctx),
  };
}
