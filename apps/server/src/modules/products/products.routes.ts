/** Product search and details (ordering §7 Products). Thin: schema, permission, service call. */
import {
  dynamicSearchParams,
  dynamicSearchQuery,
  dynamicSearchResponse,
  editDetailsParams,
  errorResponse,
  inventoryUpdateRequest,
  okResponse,
  productCareLabelQuery,
  productCareLabelResponse,
  productDetailsQuery,
  productDetailsResponse,
  productSearchQuery,
  productSearchResponse,
  variableDataSearchQuery,
  variableDataSearchResponse,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createProductsService } from './products.service';

export const productRoutes: ApiModule = (app, ctx) => {
  const products = createProductsService(ctx);
  const tags = ['products'];
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

  app.get(
    '/products',
    {
      config: { permission: 'productsRead' },
      schema: {
        tags,
        summary:
          'STANDARD product search: one row per subcode of the region (and group / code or description), ordered by subcode',
        querystring: productSearchQuery,
        response: { 200: productSearchResponse, ...errors },
      },
    },
    async (req) => products.search(currentUser(req), req.query),
  );

  app.get(
    '/products/variable-data',
    {
      config: { permission: 'productsRead' },
      schema: {
        tags,
        summary:
          'Variable-data search: one row per PO and style of the region in the PO search group (orderStatus), newest upload first; a vendor finds only its own rows',
        description:
          'poNumber is required unless the user is a VENDOR; styleNumber when a customer the user orders for has VARIABLE_DATA_STYLE_NUMBER_REQUIRED = true (docs/decisions/0050).',
        querystring: variableDataSearchQuery,
        response: { 200: variableDataSearchResponse, ...errors },
      },
    },
    async (req) => products.searchVariableData(currentUser(req), req.query),
  );

  app.get(
    '/products/variable-data/dynamic/:id',
    {
      config: { permission: 'productsRead' },
      schema: {
        tags,
        summary:
          'Dynamic search: the variants (uploaded sizes and colours) of a PO and style for a DYNAMIC product item, in the fixed size order; empty when none',
        params: dynamicSearchParams,
        querystring: dynamicSearchQuery,
        response: { 200: dynamicSearchResponse, ...errors, 404: errorResponse },
      },
    },
    async (req) => products.dynamicVariants(currentUser(req), req.params.id, req.query),
  );

  app.get(
    '/products/details',
    {
      config: { permission: 'productsRead' },
      schema: {
        tags,
        summary:
          'Product details of product item ids (ids=1,2) of one product type: STANDARD and DYNAMIC one entry per subcode with all its sizes, VARIABLE_DATA one entry per PO and style item with its uploaded rows',
        querystring: productDetailsQuery,
        response: { 200: productDetailsResponse, ...errors, 404: errorResponse },
      },
    },
    async (req) => products.details(currentUser(req), req.query.ids),
  );

  app.get(
    '/products/care-label',
    {
      config: { permission: 'productsRead' },
      schema: {
        tags,
        summary:
          "The care label editor of a product: its label type and the customer's care configuration (options of its lists, settings)",
        querystring: productCareLabelQuery,
        response: { 200: productCareLabelResponse, ...errors, 404: errorResponse },
      },
    },
    async (req) => products.careLabel(currentUser(req), req.query.productSubcodeId),
  );

  app.get(
    '/products/edit-details/:orderItemId',
    {
      config: { permission: 'cart' },
      schema: {
        tags,
        summary:
          "Product details of a line of the user's cart, with the line's quantities and attribute values",
        params: editDetailsParams,
        response: { 200: productDetailsResponse, ...errors, 404: errorResponse },
      },
    },
    async (req) => products.editDetails(currentUser(req), req.params.orderItemId),
  );

  app.put(
    '/products/inventory',
    {
      config: { permission: { userPermission: 'canUpdateInventory' } },
      schema: {
        tags,
        summary: 'Set the current inventory of inventory products (role and the per-user permission)',
        body: inventoryUpdateRequest,
        response: { 200: okResponse, ...errors, 404: errorResponse },
      },
    },
    async (req) => products.updateInventory(currentUser(req), req.body),
  );
};
