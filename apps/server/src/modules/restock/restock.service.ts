/**
 * Restocking (ordering §2 Restock, §9 Restock maximum and default). The route checks the role and
 * the user's canRestock flag; rows are scoped like the product screens (orderableCustomerIds).
 */
import type { RestockingCustomersResponse } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { orderableCustomerIds } from '../products/products.scope';
import { restockRepository as repo } from './restock.repository';

export function createRestockService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** GET /restocking-customers: the customers of the user's scope that have inventory products. */
    async restockingCustomers(user: AuthUser): Promise<RestockingCustomersResponse> {
      return { customers: await repo.restockingCustomers(db, await orderableCustomerIds(db, user)) };
    },
  };
}
