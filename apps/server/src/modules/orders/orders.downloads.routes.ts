/**
 * The order downloads (ordering §7 Downloads: GET, the file named by content-disposition) and the
 * two checks that show the customer-specific buttons (/has-roots-customer, /has-dunnes-customer).
 * Thin: schema, permission, service call; the files stream (platform/http.ts sendStream).
 */
import {
  errorResponse,
  hasDunnesCustomerResponse,
  hasRootsCustomerResponse,
  orderIdParam,
  orderListQuery,
} from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { sendStream } from '../../platform/http';
import { visibleCustomerIds } from '../products/products.scope';
import { createOrderDownloads } from './orders.downloads';
import { dropEmptyQueryParams } from './orders.routes';

export const orderDownloadRoutes: ApiModule = (app, ctx) => {
  const downloads = createOrderDownloads(ctx);
  const tags = ['downloads'];
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
  const filters =
    'The order list’s filters (GET /orders; page and size are ignored): every page of what the list shows, ' +
    'newest first. Price columns only for roles that see prices, cost columns only for roles that see costs. ' +
    'UTF-8 with BOM, CRLF; columns in docs/downloads.md.';

  app.get(
    '/orders/download-all-csv',
    {
      config: { permission: 'ordersRead' },
      preValidation: dropEmptyQueryParams,
      schema: {
        tags,
        summary: 'The order list as CSV, one row per order',
        description: filters,
        querystring: orderListQuery,
        response: errors,
      },
    },
    async (req, reply) => sendStream(reply, downloads.allOrders(currentUser(req), req.query)),
  );

  app.get(
    '/orders/download-all-full-csv',
    {
      config: { permission: 'ordersRead' },
      preValidation: dropEmptyQueryParams,
      schema: {
        tags,
        summary: 'The order list as CSV, one row per order line and size',
        description: filters,
        querystring: orderListQuery,
        response: errors,
      },
    },
    async (req, reply) => sendStream(reply, downloads.allOrderLines(currentUser(req), req.query)),
  );

  app.get(
    '/orders/download-inventory-csv',
    {
      config: { permission: { capability: 'downloadInventoryCsv' } },
      schema: {
        tags,
        summary: 'Inventory products of the customers the user sees, as CSV',
        response: errors,
      },
    },
    async (req, reply) => sendStream(reply, await downloads.inventory(currentUser(req))),
  );

  app.get(
    '/orders/download-roots-inventory-csv',
    {
      config: { permission: { capability: 'downloadInventoryCsv' } },
      schema: { tags, summary: 'Inventory products of the Roots customers, as CSV', response: errors },
    },
    async (req, reply) => sendStream(reply, await downloads.rootsInventory(currentUser(req), false)),
  );

  app.get(
    '/orders/download-roots-full-inventory-csv',
    {
      config: { permission: { capability: 'downloadInventoryCsv' } },
      schema: {
        tags,
        summary: 'Every product item of the Roots customers with inventory and open orders, as CSV',
        response: errors,
      },
    },
    async (req, reply) => sendStream(reply, await downloads.rootsInventory(currentUser(req), true)),
  );

  app.get(
    '/orders/:id/download-csv',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags,
        summary: 'One order as CSV, one row per line and size',
        params: orderIdParam,
        response: errors,
      },
    },
    async (req, reply) =>
      sendStream(reply, await downloads.oneOrder(currentUser(req), Number(req.params.id))),
  );

  /** Whether the user sees a customer with the given parser type. */
  async function seesParserType(user: ReturnType<typeof currentUser>, parserType: string) {
    const scope = await visibleCustomerIds(ctx.db, user);
    if (scope !== 'ALL' && scope.length === 0) return false;
    const inScope =
      scope === 'ALL'
        ? sql`true`
        : sql`id in (${sql.join(
            scope.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    const { rows } = await ctx.db.execute(
      sql`select 1 from customers where parser_type = ${parserType} and ${inScope} limit 1`,
    );
    return rows.length > 0;
  }

  app.get(
    '/has-roots-customer',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Whether the Roots inventory reports apply to the user',
        response: { 200: hasRootsCustomerResponse, 401: errorResponse },
      },
    },
    async (req) => ({ hasRootsCustomer: await seesParserType(currentUser(req), 'DELIMITED_ROOTS') }),
  );

  app.get(
    '/has-dunnes-customer',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Whether the user sees a Dunnes (flat-file) customer',
        response: { 200: hasDunnesCustomerResponse, 401: errorResponse },
      },
    },
    async (req) => ({ hasDunnesCustomer: await seesParserType(currentUser(req), 'FLAT_FILE') }),
  );
};
