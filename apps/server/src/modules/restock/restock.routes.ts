/** Restock calls (ordering §7 Lookups /restocking-customers, Orders POST /orders/restock/{customerId}). Thin: schema, permission, service call. */
import { errorResponse, restockingCustomersResponse, restockParams, restockResponse } from '@selvedge/shared';
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

  app.post(
    '/orders/restock/:customerId',
    {
      config,
      schema: {
        tags,
        summary: "Restock: put the customer's inventory products below their maximum into the user's cart",
        description:
          'One cart line per subcode with every stocked size below its maximum inventory, at the restock ' +
          'quantity: the smaller of the room left (inventoryMax − current inventory, less what the cart already ' +
          'holds) and defaultOrderQuantity, then the quantity rules (minimum order quantity, whole packs, never ' +
          'past the room), through the same checks as POST /orders, decided under the cart lock. Every stocked ' +
          'size left out is listed in `skipped` with its cause and reason; 409 with a message saying why when none went in.',
        params: restockParams,
        response: {
          200: restockResponse,
          400: errorResponse,
          ...errors,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (req) => restock.restock(currentUser(req), req.params.customerId),
  );
};
