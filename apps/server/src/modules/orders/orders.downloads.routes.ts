/**
 * The order downloads (ordering §7 Downloads: GET, the file named by content-disposition; CSV, or
 * .xlsx with `format=xlsx`) and the two checks that show the customer-specific buttons
 * (/has-roots-customer, /has-dunnes-customer). Thin: schema, permission, service call; the files
 * stream (platform/http.ts sendStream).
 */
import {
  type DownloadFormat,
  downloadFormatQuery,
  errorResponse,
  hasDunnesCustomerResponse,
  hasRootsCustomerResponse,
  orderDownloadQuery,
  orderIdParam,
  type RoutePermission,
} from '@selvedge/shared';
import { type AuthUser, currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { STREAM_COMPRESSION, type StreamReply, sendStream } from '../../platform/http';
import { createOrderDownloads } from './orders.downloads';
import { dropEmptyQueryParams } from './orders.routes';

export const orderDownloadRoutes: ApiModule = (app, ctx) => {
  const downloads = createOrderDownloads(ctx);
  const tags = ['downloads'];
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
  const filters =
    'The order list’s filters (GET /orders; page and size are ignored): every page of what the list shows, ' +
    'newest first. Price columns only for roles that see prices, cost columns only for roles that see costs. ' +
    'CSV: UTF-8 with BOM, line feed records; xlsx: typed cells, frozen header. Columns in docs/downloads.md.';

  /** The list downloads: the order list's filters and a format. */
  const listFiles: [string, string, typeof downloads.allOrders][] = [
    ['/orders/download-all-csv', 'The order list as a file, one row per order', downloads.allOrders],
    [
      '/orders/download-all-full-csv',
      'The order list as a file, one row per order line and size',
      downloads.allOrderLines,
    ],
  ];
  for (const [url, summary, file] of listFiles) {
    app.get(
      url,
      {
        config: { permission: 'ordersRead' },
        compress: STREAM_COMPRESSION,
        preValidation: dropEmptyQueryParams,
        schema: { tags, summary, description: filters, querystring: orderDownloadQuery, response: errors },
      },
      async (req, reply) => {
        const { format, ...query } = req.query;
        return sendStream(reply, file(currentUser(req), query, format));
      },
    );
  }

  /** The inventory downloads: only a format. */
  const inventoryFiles: [string, string, (user: AuthUser, format: DownloadFormat) => Promise<StreamReply>][] =
    [
      [
        '/orders/download-inventory-csv',
        'Inventory products of the customers the user sees',
        (user, format) => downloads.inventory(user, format),
      ],
      [
        '/orders/download-roots-inventory-csv',
        'Inventory products of the Roots customers',
        (user, format) => downloads.rootsInventory(user, false, format),
      ],
      [
        '/orders/download-roots-full-inventory-csv',
        'Every product item of the Roots customers with inventory and open orders',
        (user, format) => downloads.rootsInventory(user, true, format),
      ],
    ];
  const inventoryPermission: RoutePermission = { capability: 'downloadInventoryCsv' };
  for (const [url, summary, file] of inventoryFiles) {
    app.get(
      url,
      {
        config: { permission: inventoryPermission },
        compress: STREAM_COMPRESSION,
        schema: { tags, summary, querystring: downloadFormatQuery, response: errors },
      },
      async (req, reply) => sendStream(reply, await file(currentUser(req), req.query.format)),
    );
  }

  app.get(
    '/orders/:id/download-csv',
    {
      config: { permission: 'ordersRead' },
      compress: STREAM_COMPRESSION,
      schema: {
        tags,
        summary: 'One order as a file, one row per line and size',
        params: orderIdParam,
        querystring: downloadFormatQuery,
        response: errors,
      },
    },
    async (req, reply) =>
      sendStream(reply, await downloads.oneOrder(currentUser(req), Number(req.params.id), req.query.format)),
  );

  app.get(
    '/orders/:id/download-data',
    {
      config: { permission: { capability: 'downloadVariableDataCsv' } },
      schema: {
        tags,
        summary:
          "The placed order's variable data as a file, one row per ordered size and colour of its variable-data and dynamic lines (what the printer needs)",
        params: orderIdParam,
        querystring: downloadFormatQuery,
        response: errors,
      },
    },
    async (req, reply) =>
      sendStream(
        reply,
        await downloads.variableData(currentUser(req), Number(req.params.id), req.query.format),
      ),
  );

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
    async (req) => ({
      hasRootsCustomer: await downloads.seesParserType(currentUser(req), 'DELIMITED_ROOTS'),
    }),
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
    async (req) => ({ hasDunnesCustomer: await downloads.seesParserType(currentUser(req), 'FLAT_FILE') }),
  );
};
