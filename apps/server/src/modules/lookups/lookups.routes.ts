/** Lookups the screens need (ordering §7 Lookups). Thin: schema, permission, service call. */
import {
  currencyTypesResponse,
  customerDefaultQuery,
  customerDefaultResponse,
  customersResponse,
  errorResponse,
  hasUserPermission,
  hasVendorResponse,
  maxArtworkUploadSizeResponse,
  productGroupsResponse,
  productionRegionsResponse,
  productSearchProductionRegionsResponse,
  USER_PERMISSION_NAMES,
  type UserPermissionsResponse,
  userPermissionsResponse,
  vendorsResponse,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { createLookupsService } from './lookups.service';

export const lookupRoutes: ApiModule = (app, ctx) => {
  const lookups = createLookupsService(ctx);
  const tags = ['lookups'];
  const config = { permission: 'signedIn' as const };
  const errors = { 401: errorResponse };

  app.get(
    '/has-vendor',
    {
      config,
      schema: {
        tags,
        summary: 'Whether the user orders for a vendor (the cart icon is hidden for ADMIN without one)',
        response: { 200: hasVendorResponse, ...errors },
      },
    },
    async (req) => ({ hasVendor: currentUser(req).vendorIds.length > 0 }),
  );

  app.get(
    '/user-permissions',
    {
      config,
      schema: {
        tags,
        summary:
          'The per-user permissions the user holds (role and own flag: canUpdateInventory, canRestock), for the screens',
        response: { 200: userPermissionsResponse, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return Object.fromEntries(
        USER_PERMISSION_NAMES.map((name) => [name, hasUserPermission(name, user)]),
      ) as UserPermissionsResponse;
    },
  );

  app.get(
    '/refs/currency-types',
    {
      config,
      schema: {
        tags,
        summary: 'Currencies; name is the ISO 4217 code',
        response: { 200: currencyTypesResponse, ...errors },
      },
    },
    async () => lookups.currencyTypes(),
  );

  app.get(
    '/refs/product-group',
    {
      config,
      schema: {
        tags,
        summary: 'Product groups; value is what GET /products?productGroup= takes',
        response: { 200: productGroupsResponse, ...errors },
      },
    },
    async () => lookups.productGroups(),
  );

  app.get(
    '/vendors',
    {
      config,
      schema: {
        tags,
        summary:
          'Vendors the user may see and the customers each buys for (VENDOR: its own; ADMIN: all; others: vendors of their customers)',
        response: { 200: vendorsResponse, ...errors },
      },
    },
    async (req) => lookups.vendors(currentUser(req)),
  );

  app.get(
    '/customers',
    {
      config,
      schema: {
        tags,
        summary: 'Customers the user may see, with the settings ordering needs',
        response: { 200: customersResponse, ...errors },
      },
    },
    async (req) => lookups.customers(currentUser(req)),
  );

  app.get(
    '/entity/production-regions',
    {
      config,
      schema: {
        tags,
        summary: 'All production regions',
        response: { 200: productionRegionsResponse, ...errors },
      },
    },
    async () => lookups.productionRegions(),
  );

  app.get(
    '/entity/product-search-production-regions',
    {
      config,
      schema: {
        tags,
        summary:
          'Production regions where the user has products to order; productionRegion is the default (the only one, else null)',
        response: { 200: productSearchProductionRegionsResponse, ...errors },
      },
    },
    async (req) => lookups.productSearchProductionRegions(currentUser(req)),
  );

  app.get(
    '/customer-default-is-equal-to',
    {
      config,
      schema: {
        tags,
        summary: 'Whether any customer the user may order for has the named default equal to the value',
        querystring: customerDefaultQuery,
        response: { 200: customerDefaultResponse, 400: errorResponse, ...errors },
      },
    },
    async (req) =>
      lookups.customerDefaultIsEqualTo(currentUser(req), req.query.defaultName, req.query.isEqualTo),
  );

  app.get(
    '/orders/max-artwork-upload-size',
    {
      config,
      schema: {
        tags,
        summary: 'Largest artwork file the server takes',
        response: { 200: maxArtworkUploadSizeResponse, ...errors },
      },
    },
    async () => lookups.maxArtworkUploadSize(),
  );
};
