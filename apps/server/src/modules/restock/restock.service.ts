/**
 * Restocking (ordering §2 Restock, §9 Restock maximum and default). The route checks the role and
 * the user's canRestock flag; rows are scoped like the product screens (orderableCustomerIds).
 *
 * POST /orders/restock/{customerId} puts into the user's cart, one line per subcode, every stocked
 * size of the customer below its maximum inventory, at the restock quantity (packages/shared
 * restockQuantity: the default restock quantity in whole packs, never above the restock maximum),
 * through the cart's own add-line path (cart.service.ts addLine, as Order again does), so cart scope
 * (one customer and region), attributes and pricing are those of an add on product details. Each
 * line is its own transaction: what could be added stays added; what was refused is reported. The
 * cart becomes a restock order with its first restock line (orders.restock: shipping it adds to
 * stock, docs/decisions/0039).
 */
import {
  MESSAGES,
  type RestockingCustomersResponse,
  type RestockResponse,
  restockQuantity,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, conflict, notFound } from '../../platform/errors';
import { createCartService } from '../cart/cart.service';
import { inCustomerScope, orderableCustomerIds } from '../products/products.scope';
import { restockRepository as repo } from './restock.repository';

export const RESTOCK_MESSAGES = {
  customerNotFound: 'Customer not found.',
  nothingToRestock: (customer: string) =>
    `Nothing to restock for ${customer}: every inventory product is at or near its maximum inventory.`,
  noneAdded: (reason: string) => `No restocking items could be added to your cart: ${reason}`,
} as const;

export function createRestockService(ctx: AppContext) {
  const { db } = ctx;
  const cart = createCartService(ctx);
  return {
    /** GET /restocking-customers: the customers of the user's scope that have inventory products. */
    async restockingCustomers(user: AuthUser): Promise<RestockingCustomersResponse> {
      return { customers: await repo.restockingCustomers(db, await orderableCustomerIds(db, user)) };
    },

    /**
     * POST /orders/restock/{customerId}: 404 when the customer does not exist or is outside the
     * user's scope; 409 when nothing is below its maximum, or when no line could be added (the
     * first refusal's text, e.g. the cart holds another customer's products). Answers the lines
     * added and those left out with their reason.
     */
    async restock(user: AuthUser, customerId: number): Promise<RestockResponse> {
      const [scope, customerName] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.customerName(db, customerId),
      ]);
      if (customerName === undefined || !inCustomerScope(scope, customerId))
        throw notFound(RESTOCK_MESSAGES.customerNotFound);
      const items = await repo.stockedItems(db, customerId);
      const bySubcode = new Map<number, { productSubcode: string; quantities: Record<string, number> }>();
      for (const item of items) {
        const quantity = restockQuantity(item, item);
        if (quantity <= 0) continue;
        const line = bySubcode.get(item.productSubcodeId) ?? {
          productSubcode: item.productSubcode,
          quantities: {},
        };
        line.quantities[String(item.productItemId)] = quantity;
        bySubcode.set(item.productSubcodeId, line);
      }
      if (bySubcode.size === 0) throw conflict(RESTOCK_MESSAGES.nothingToRestock(customerName));

      const added: RestockResponse['added'] = [];
      const skipped: RestockResponse['skipped'] = [];
      for (const line of bySubcode.values()) {
        try {
          const { orderItemId } = await cart.addLine(
            user,
            { productType: 'STANDARD', quantities: line.quantities },
            { restock: true },
          );
          const quantity = Object.values(line.quantities).reduce((s, q) => s + q, 0);
          added.push({ orderItemId, productSubcode: line.productSubcode, quantity });
        } catch (err) {
          // A refusal of the add (another customer or region in the cart, attributes to fill in, no
          // price) leaves the line out with its text; anything else is a fault.
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          skipped.push({ productSubcode: line.productSubcode, reason: err.message });
        }
      }
      if (added.length === 0) throw conflict(RESTOCK_MESSAGES.noneAdded(skipped[0]?.reason ?? ''));
      return { message: MESSAGES.restockAdded, added, skipped };
    },
  };
}
