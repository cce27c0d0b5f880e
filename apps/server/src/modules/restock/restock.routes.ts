/** Restock calls (ordering §7 Lookups /restocking-customers). Thin: schema, permission, service call. */
import { errorResponse, restockingCustomersResponse } from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createRestockService } from './restock.service';

export const restockRoutes: ApiModule = (app, ctx) => {
  const restock = createRestockService(ctx);
  const tags = ['restock'];
  const config = { permission: { userPermission: 'canRestock' as const } };
  const errors = { 401: errorResponse, 403: errorResponse };

  app.get(
    '/restocking-customers',
    {
      config,
      schema: {
        tags,
        summary:
          'Customers with inventory products, to restock for (ADMIN, ACCOUNT with the restock permission)',
        response: { 200: restockingCustomersResponse, ...errors },
      },
    },
    async (req) => restock.restockingCustomers(currentUser(req)),
  );
};
