/** Order list and order details (ordering §7 Orders). Thin: schema, permission, service call. */
import {
  errorResponse,
  orderDetails,
  orderIdParam,
  orderListQuery,
  orderListResponse,
} from '@selvedge/shared';
import type { FastifyRequest } from 'fastify';
import type { ApiModule } from '../../app';
import { currentUser } from '../../platform/auth';
import { createOrderService } from './orders.service';

/** An empty query parameter (`?customer=`) means "no filter", as if it were absent. */
async function dropEmptyQueryParams(req: FastifyRequest) {
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
          'when startDate is after it.',
        querystring: orderListQuery,
        response: { 200: orderListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
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
    async (req) => service.details(currentUser(req), req.params.id),
  );
};
