/**
 * Product search and product details (ordering §2 Product list, Product details; §3; §5 Product
 * search; §9 tier pricing). Every row is scoped by orderableCustomerIds (access/access.ts); a
 * product outside the scope answers 404 like one that does not exist. Fields a role may not see
 * (prices, costs, inventory) are left out of the answer (ordering §6 Visibility); inventory is seen
 * by its roles and by a user who may update it (canSeeInventory).
 *
 * The calls are written by concern: search (products.search.ts), details (products.details.ts) and
 * inventory (products.inventory.ts); the uploaded rows as the cart reads them in
 * products.variableData.ts.
 */
import type { AppContext } from '../../platform/context';
import { createProductDetails } from './products.details';
import { createProductInventory } from './products.inventory';
import { createProductSearch } from './products.search';

export { PRODUCT_MESSAGES } from './products.messages';
export { variableDataRows } from './products.variableData';

/** The product calls (products.routes.ts). */
export function createProductsService(ctx: AppContext) {
  return { ...createProductSearch(ctx), ...createProductDetails(ctx), ...createProductInventory(ctx) };
}
