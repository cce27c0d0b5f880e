/** Order list and order details (ordering §7 Orders). Thin: schema, permission, service call. */
import {
  errorResponse,
  needsActionResponse,
  orderDetails,
  orderIdParam,
  orderListQuery,
  orderListResponse,
} from '@selvedge/shared';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { withPreparedStatements } from '../../platform/db';
import { createOrderService } from './orders.service';

/** An empty query parameter (`?customer=`) means "no filter", as if it were absent. */
export async function dropEmptyQueryParams(req: FastifyRequest) {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q) return;
  for (const key of Object.keys(q)) if (q[key] === '') delete q[key];
}

export const orderRoutes: ApiModule = (app, ctx) => {
  const service = createOrderService(ctx);
  const tags = ['orders'];

  app.get(
    '/orders',
    {
      config: { permission: 'ordersRead' },
      preValidation: dropEmptyQueryParams,
      schema: {
        tags,
        summary: 'Search placed orders (order list)',
        description:
          'Placed orders the user may see (carts are never listed), newest first (orderDate desc, then orderId desc), ' +
          'paged from 0. Every filter is optional; an absent or empty one does not filter. orderNumber is the orderId ' +
          'as a string. totalPrice is present only for roles that see prices, totalCost only for roles that see costs. ' +
          'Dates are YYYY-MM-DD or YYYY-MM-DD HH:mm:ss in UTC; endDate reaches to the end of its day and is ignored ' +
          'when startDate is after it. orderStatus follows ordering §4 List filter mapping (READY_TO_SHIP is Open ' +
          'Orders: not shipped, not cancelled). With orderNumber, only that order is searched (the other filters ' +
          'are ignored).',
        querystring: orderListQuery,
        response: { 200: orderListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  app.get(
    '/orders/needs-action',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags,
        summary: 'Needs my action: how many orders wait for the signed-in user at each step of the workflow',
        description:
          'One entry per step the role can take (artwork to upload, reviews to give, production to complete, ' +
          'finance to approve, shipments to make), counting the orders in the user’s scope on which the user could ' +
          'take that step’s action now (the state machine of ordering §4 and §6). GET /orders?needsAction=<step> ' +
          'lists them.',
        response: { 200: needsActionResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => service.needsAction(currentUser(req)),
  );

  app.get(
    '/orders/:id',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags,
        summary: 'One placed order with its lines, charges, documents and logs (order details)',
        description:
          'Fields the role may not see are left out: totalPrice, unitPrice, minValue and orderCharges without price ' +
          'visibility; totalCost and unitCost without cost visibility; logs without log visibility; shippingDocs for ' +
          'CSR; artwork comments for VENDOR except in NEEDS_ART_APPROVAL. A cart or an order outside the user’s ' +
          'customers, vendors, factories or regions answers 404.',
        params: orderIdParam,
        response: {
          200: orderDetails,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    // by key: prepared statements (platform/db/preparedStatements.ts)
    async (req) => withPreparedStatements(() => service.details(currentUser(req), req.params.id)),
  );
};
