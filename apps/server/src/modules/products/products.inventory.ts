/**
 * Inventory updates (ordering §2 Product details, §7): the current inventory of inventory products,
 * within orderableCustomerIds (access/access.ts).
 */
import { type InventoryUpdateRequest, MESSAGES, PRODUCT_MESSAGES } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { publishStockChange } from '../../platform/liveEvents';
import { inCustomerScope, orderableCustomerIds } from '../access/access';
import { productsRepository as repo } from './products.repository';

/** The inventory call of the products. */
export function createProductInventory(ctx: AppContext) {
  const { db } = ctx;
  return {
    /**
     * PUT /products/inventory (ordering §2 Product details, §7): sets the current inventory of each
     * named product item, all or none (one transaction). The route checks role and the user's
     * canUpdateInventory flag; here: 404 when an item does not exist or its customer is outside the
     * user's scope, 400 when it is not an inventory product.
     */
    async updateInventory(user: AuthUser, body: InventoryUpdateRequest): Promise<{ message: string }> {
      const entries = Object.entries(body.inventories).map(([k, v]) => ({ id: Number(k), quantity: v }));
      const [scope, found] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.inventoryItems(
          db,
          entries.map((e) => e.id),
        ),
      ]);
      const byId = new Map(found.map((i) => [i.id, i]));
      for (const e of entries) {
        const item = byId.get(e.id);
        if (!item || !inCustomerScope(scope, item.customerId)) throw notFound(PRODUCT_MESSAGES.notFound);
        if (!item.hasInventory) throw badRequest(PRODUCT_MESSAGES.notInventory(e.id), `inventories.${e.id}`);
      }
      await db.transaction(async (tx) => {
        await repo.setInventories(tx, entries);
        // Live update (docs/live-updates.md): open product screens of the customers refetch the stock.
        await publishStockChange(
          tx,
          user,
          entries.map((e) => ({ productItemId: e.id, customerId: byId.get(e.id)!.customerId })),
        );
      });
      return { message: MESSAGES.inventoryUpdated };
    },
  };
}
