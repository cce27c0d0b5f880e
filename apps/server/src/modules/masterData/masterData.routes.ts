/**
 * Master-data administration (spec/master-data.md §7; decision 0017): every registry entity's search,
 * get, create and update (MASTER_DATA and MASTER_DATA_SCHEMAS of packages/shared) through the crud
 * kit (platform/crud.ts) with its configuration below, plus the history of a record, the subcode
 * image, product type conversion and choices. Thin: contract, permission, service.
 */
import {
  allSchemasResponse,
  convertProductTypeBody,
  errorResponse,
  historyQuery,
  historyResponse,
  MASTER_DATA_KINDS,
  MASTER_DATA_PATHS,
  type MasterDataKind,
  pathId,
  productImageResponse,
  productItemSearchResponse,
  productSubgroupsResponse,
} from '@selvedge/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import type { ApiModule, AppContext } from '../../platform/context';
import {
  type CrudConfigOf,
  type CrudOf,
  createCrud,
  readHistory,
  registerCrudRoutes,
} from '../../platform/crud';
import { sendFile } from '../../platform/http';
import { CARE_OPTION_CRUDS } from '../careLabel/careOptions';
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

/**
 * How the crud kit runs each kind of the registry (its store, unique names, checks, access, view);
 * `ctx` for the hooks that queue jobs (a new user's set-password mail).
 */
export const MASTER_DATA_CRUDS = (ctx: AppContext): { [K in MasterDataKind]: CrudConfigOf<K> } => ({
  productCodes: productCodeCrud,
  productSubcodes: productSubcodeCrud,
  attributeSchemas: attributeSchemaCrud,
  users: userCrud(ctx),
  customers: customerCrud,
  vendors: vendorCrud,
  warehouses: warehouseCrud,
  productionRegions: productionRegionCrud,
  factories: factoryCrud,
  productItems: productItemCrud,
  ...CARE_OPTION_CRUDS,
});

export const masterDataRoutes: ApiModule = (app, ctx) => {
  const tag = 'master data';

  /** The crud service of `kind`, as its configuration says. */
  const cruds = MASTER_DATA_CRUDS(ctx);
  const crudOf = <K extends MasterDataKind>(kind: K): CrudOf<K> => createCrud(ctx.db, kind, cruds[kind]);
  for (const kind of MASTER_DATA_KINDS) registerCrudRoutes(app, kind, crudOf(kind), tag);
  const items = crudOf('productItems');

  const images = createProductImageService(ctx);
  app.post(
    MASTER_DATA_PATHS.subcodeImage,
    {
      config: { permission: 'masterData', upload: 'productImage' },
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
