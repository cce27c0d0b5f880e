/**
 * Master-data administration (spec/master-data.md §7; issue 8): every entity's search, get, create
 * and update from the shared contract (MASTER_DATA) through the crud kit (platform/crud.ts), plus
 * the history of a record. Thin: contract, permission, service.
 */
import {
  allSchemasResponse,
  attributeSchemaBody,
  attributeSchemaRecord,
  attributeSchemaSearchQuery,
  attributeSchemaSearchResponse,
  attributeSchemaUpdateBody,
  convertProductTypeBody,
  customerBody,
  customerRecord,
  customerSearchQuery,
  customerSearchResponse,
  customerUpdateBody,
  errorResponse,
  factoryBody,
  factoryRecord,
  factorySearchQuery,
  factorySearchResponse,
  factoryUpdateBody,
  historyQuery,
  historyResponse,
  MASTER_DATA,
  MASTER_DATA_PATHS,
  pathId,
  productCodeBody,
  productCodeRecord,
  productCodeSearchQuery,
  productCodeSearchResponse,
  productCodeUpdateBody,
  productImageResponse,
  productItemBody,
  productItemRecord,
  productItemSearchQuery,
  productItemSearchResponse,
  productItemUpdateBody,
  productionRegionBody,
  productionRegionRecord,
  productionRegionSearchQuery,
  productionRegionSearchResponse,
  productionRegionUpdateBody,
  productSubcodeBody,
  productSubcodeRecord,
  productSubcodeSearchQuery,
  productSubcodeSearchResponse,
  productSubcodeUpdateBody,
  productSubgroupsResponse,
  userBody,
  userRecord,
  userSearchQuery,
  userSearchResponse,
  userUpdateBody,
  vendorBody,
  vendorRecord,
  vendorSearchQuery,
  vendorSearchResponse,
  vendorUpdateBody,
  warehouseBody,
  warehouseRecord,
  warehouseSearchQuery,
  warehouseSearchResponse,
  warehouseUpdateBody,
} from '@selvedge/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import {
  type Crud,
  createCrud,
  readHistory,
  registerCrudRoutes,
  type VersionedRecord,
} from '../../platform/crud';
import { sendFile } from '../../platform/http';
import {
  allSchemas,
  allSubgroups,
  attributeSchemaCrud,
  convertProductType,
  productItemCrud,
  productSubcodeCrud,
} from './catalog';
import { customerCrud, factoryCrud, userCrud, vendorCrud } from './parties';
import { createProductImageService, PRODUCT_IMAGE_FIELD } from './productImage';
import { productCodeCrud, productionRegionCrud, warehouseCrud } from './simple';

const adminOnly = { read: 'masterData', create: 'masterData', update: 'masterData' } as const;
const asRoutes = <R extends VersionedRecord>(crud: Crud<R, never, never, never> | unknown) =>
  crud as Crud<R, never, never, never>;

export const masterDataRoutes: ApiModule = (app, ctx) => {
  const tag = 'master data';

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.warehouses,
      tag,
      label: 'Warehouse',
      permission: adminOnly,
      schemas: {
        query: warehouseSearchQuery,
        create: warehouseBody,
        update: warehouseUpdateBody,
        record: warehouseRecord,
        list: warehouseSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, warehouseCrud)),
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.productionRegions,
      tag,
      label: 'Production region',
      permission: adminOnly,
      schemas: {
        query: productionRegionSearchQuery,
        create: productionRegionBody,
        update: productionRegionUpdateBody,
        record: productionRegionRecord,
        list: productionRegionSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, productionRegionCrud)),
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.productCodes,
      tag,
      label: 'Product code',
      permission: adminOnly,
      schemas: {
        query: productCodeSearchQuery,
        create: productCodeBody,
        update: productCodeUpdateBody,
        record: productCodeRecord,
        list: productCodeSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, productCodeCrud)),
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.customers,
      tag,
      label: 'Customer',
      permission: adminOnly,
      schemas: {
        query: customerSearchQuery,
        create: customerBody,
        update: customerUpdateBody,
        record: customerRecord,
        list: customerSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, customerCrud)),
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.factories,
      tag,
      label: 'Factory',
      permission: adminOnly,
      schemas: {
        query: factorySearchQuery,
        create: factoryBody,
        update: factoryUpdateBody,
        record: factoryRecord,
        list: factorySearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, factoryCrud)),
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.users,
      tag,
      label: 'User',
      permission: { read: 'usersManage', create: 'usersManage', update: 'usersManage' },
      schemas: {
        query: userSearchQuery,
        create: userBody,
        update: userUpdateBody,
        record: userRecord,
        list: userSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, userCrud)),
  );

  // Vendor details: ADMIN, and a VENDOR for its own vendor (master-data §6); search and create: ADMIN.
  const vendors = asRoutes(createCrud(ctx.db, vendorCrud));
  const vendorSchemas = {
    query: vendorSearchQuery,
    create: vendorBody,
    update: vendorUpdateBody,
    record: vendorRecord,
    list: vendorSearchResponse,
  };
  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.vendors,
      tag,
      label: 'Vendor',
      permission: { read: 'masterData', create: 'masterData', update: 'masterData' },
      schemas: vendorSchemas,
      without: ['get', 'update'],
    },
    vendors,
  );
  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.vendors,
      tag,
      label: 'Vendor',
      permission: { read: 'vendorDetails', create: 'masterData', update: 'vendorDetails' },
      schemas: vendorSchemas,
      without: ['search', 'create'],
    },
    vendors,
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.productSubcodes,
      tag,
      label: 'Product subcode',
      permission: adminOnly,
      schemas: {
        query: productSubcodeSearchQuery,
        create: productSubcodeBody,
        update: productSubcodeUpdateBody,
        record: productSubcodeRecord,
        list: productSubcodeSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, productSubcodeCrud)),
  );

  const images = createProductImageService(ctx);
  app.post(
    MASTER_DATA_PATHS.subcodeImage,
    {
      config: { permission: 'masterData' },
      schema: {
        tags: [tag],
        summary: `Upload the subcode's image (multipart field \`${PRODUCT_IMAGE_FIELD}\`: PNG, JPEG, WebP, TIFF or GIF); answers the stored image`,
        consumes: ['multipart/form-data'],
        params: z.object({ id: pathId('a product subcode id').transform(Number) }),
        response: {
          200: productImageResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (req) => images.upload(req, currentUser(req), req.params.id),
  );

  app.get(
    MASTER_DATA_PATHS.productImage,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'A product image (the path of a subcode’s productImage)',
        params: z.object({ path: z.string().max(100) }),
        response: { 401: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) => sendFile(reply, await images.read(req.params.path), 'inline'),
  );

  // Product item details: ADMIN and CSR (master-data §6); a CSR reaches its customers' items.
  const items = createCrud(ctx.db, productItemCrud);
  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.productItems,
      tag,
      label: 'Product item',
      permission: { read: 'productItems', create: 'productItems', update: 'productItems' },
      schemas: {
        query: productItemSearchQuery,
        create: productItemBody,
        update: productItemUpdateBody,
        record: productItemRecord,
        list: productItemSearchResponse,
      },
    },
    asRoutes(items),
  );

  app.put(
    MASTER_DATA_PATHS.convertProductType,
    {
      config: { permission: 'masterData' },
      schema: {
        tags: [tag],
        summary:
          "Convert a subcode's items between STANDARD and DYNAMIC (variable-data items stay); answers the subcode's items",
        body: convertProductTypeBody,
        response: {
          200: productItemSearchResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { subcode, productType } = req.body;
      await convertProductType(ctx.db, user, subcode, productType);
      return {
        productItems: await items.search(user, { subcode, productType: undefined, active: undefined }),
      };
    },
  );

  registerCrudRoutes(
    app,
    {
      paths: MASTER_DATA.attributeSchemas,
      tag,
      label: 'Attribute schema',
      permission: adminOnly,
      schemas: {
        query: attributeSchemaSearchQuery,
        create: attributeSchemaBody,
        update: attributeSchemaUpdateBody,
        record: attributeSchemaRecord,
        list: attributeSchemaSearchResponse,
      },
    },
    asRoutes(createCrud(ctx.db, attributeSchemaCrud)),
  );

  app.get(
    MASTER_DATA_PATHS.allSchemas,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'Every attribute schema (id, name, global, customerId), for choices',
        response: { 200: allSchemasResponse, 401: errorResponse },
      },
    },
    async () => ({ listContent: await allSchemas(ctx.db) }),
  );

  app.get(
    MASTER_DATA_PATHS.productSubgroups,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: [tag],
        summary: 'Product subgroups, for choices',
        response: { 200: productSubgroupsResponse, 401: errorResponse },
      },
    },
    async () => ({ productSubgroups: await allSubgroups(ctx.db) }),
  );

  app.get(
    MASTER_DATA_PATHS.history,
    {
      config: { permission: 'masterData' },
      schema: {
        tags: [tag],
        summary: 'Who changed a master-data record, when, with each field before and after (newest first)',
        querystring: historyQuery,
        response: { 200: historyResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => ({ history: await readHistory(ctx.db, req.query.entity, req.query.id) }),
  );
};
