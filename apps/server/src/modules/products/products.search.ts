/**
 * Product search (ordering §2 Product list; §5 Product search): STANDARD products, the variable-data
 * PO and style search, and a DYNAMIC item's variants; every row within orderableCustomerIds
 * (access/access.ts).
 */
import {
  type DynamicSearchQuery,
  type DynamicSearchResponse,
  type ProductSearchQuery,
  type ProductSearchResponse,
  VARIABLE_DATA_STYLE_NUMBER_REQUIRED,
  type VariableDataSearchQuery,
  type VariableDataSearchResponse,
  variableDataSearchErrors,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import {
  type CustomerScope,
  inCustomerScope,
  orderableCustomerIds,
  rowVendorNumbers,
} from '../access/access';
import * as lookups from '../lookups/lookups.service';
import { PRODUCT_MESSAGES } from './products.messages';
import { productsRepository as repo } from './products.repository';
import { bySizeAndColour } from './products.variableData';
import { variableDataProductsRepository as vdRepo } from './products.variableData.repository';

/** The search calls of the products. */
export function createProductSearch(ctx: AppContext) {
  const { db } = ctx;

  /** A DYNAMIC item the user may order (active, customer in scope); 404 otherwise. */
  async function dynamicItem(scope: CustomerScope, id: number) {
    const [item] = await vdRepo.items(db, [id]);
    if (!item?.active || item.productType !== 'DYNAMIC' || !inCustomerScope(scope, item.customerId))
      throw notFound(PRODUCT_MESSAGES.notFound);
    return item;
  }

  return {
    /**
     * GET /products/variable-data (ordering §2 Product list variable-data mode, §5 Product search):
     * the PO and style rows of the region in the PO search group, paged in SQL. A PO number is
     * required unless the user is a VENDOR, a style number when a customer the user orders for has
     * VARIABLE_DATA_STYLE_NUMBER_REQUIRED (400 naming the field); a vendor finds only the items with
     * a row of its own vendor numbers (docs/decisions/0050). A search that finds nothing answers
     * `foundElsewhere`: the other regions and PO search groups where it would (decision 0057).
     */
    async searchVariableData(
      user: AuthUser,
      q: VariableDataSearchQuery,
    ): Promise<VariableDataSearchResponse> {
      const [scope, regionExists, vendorNumbers] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.productionRegionExists(db, q.productionRegion),
        rowVendorNumbers(db, user),
      ]);
      if (!regionExists) throw badRequest(PRODUCT_MESSAGES.unknownRegion, 'productionRegion');
      const styleNumberRequired =
        (scope === 'ALL' || scope.length > 0) &&
        (await lookups.anyCustomerDefaultEquals(db, scope, VARIABLE_DATA_STYLE_NUMBER_REQUIRED, 'true'));
      const errors = variableDataSearchErrors(q, { isVendor: user.role === 'VENDOR', styleNumberRequired });
      if (errors.poNumber) throw badRequest(errors.poNumber, 'poNumber');
      if (errors.styleNumber) throw badRequest(errors.styleNumber, 'styleNumber');
      const paging = { currentPage: q.page, pageSize: q.size };
      if ((scope !== 'ALL' && scope.length === 0) || vendorNumbers?.length === 0)
        return {
          products: [],
          pageableOrderItemsInfo: { ...paging, lastPage: true, totalItems: 0 },
          foundElsewhere: [],
        };
      const search = {
        scope,
        vendorNumbers,
        productionRegionId: q.productionRegion,
        poNumber: q.poNumber,
        styleNumber: q.styleNumber,
        group: q.orderStatus,
      };
      const { rows, total } = await vdRepo.search(db, { ...search, limit: q.size, offset: q.page * q.size });
      return {
        products: rows,
        pageableOrderItemsInfo: { ...paging, lastPage: (q.page + 1) * q.size >= total, totalItems: total },
        // Nothing here: say where the same PO and style numbers are (decision 0057).
        ...(total === 0 ? { foundElsewhere: await vdRepo.searchElsewhere(db, search) } : {}),
      };
    },

    /**
     * GET /products/variable-data/dynamic/{id}?styleNumber&poNumber (ordering §2 Product details
     * DYNAMIC, §5 Dynamic search, §9 size ordering): the uploaded rows of the item's customer with
     * that PO and style, one per size and colour, as variants sorted by the fixed size order; empty
     * when none (the screen says 'No dynamic data found for search'). 404 when `id` is not an active
     * DYNAMIC item the user may order.
     */
    async dynamicVariants(user: AuthUser, id: number, q: DynamicSearchQuery): Promise<DynamicSearchResponse> {
      const scope = await orderableCustomerIds(db, user);
      const item = await dynamicItem(scope, id);
      const vendorNumbers = await rowVendorNumbers(db, user);
      const rows = await vdRepo.dynamicRows(db, {
        customerId: item.customerId,
        poNumber: q.poNumber,
        styleNumber: q.styleNumber,
        vendorNumbers,
      });
      const cart = await vdRepo.cartRowQuantities(
        db,
        user.id,
        rows.map((r) => r.id),
      );
      return {
        variants: rows.sort(bySizeAndColour).map((r) => ({
          id: r.id,
          dynamicData: r.data,
          customerQuantity: r.quantity,
          cartQuantity: cart.get(r.id) ?? 0,
        })),
      };
    },

    /** GET /products: STANDARD search, one row per subcode (ordering §2 Product list, §5 Product search). */
    async search(user: AuthUser, q: ProductSearchQuery): Promise<ProductSearchResponse> {
      const [scope, regionExists, productGroupId] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.productionRegionExists(db, q.productionRegion),
        q.productGroup === undefined
          ? Promise.resolve(undefined)
          : repo.productGroupIdByValue(db, q.productGroup),
      ]);
      if (!regionExists) throw badRequest(PRODUCT_MESSAGES.unknownRegion, 'productionRegion');
      if (q.productGroup !== undefined && productGroupId === undefined)
        throw badRequest(PRODUCT_MESSAGES.unknownGroup, 'productGroup');
      const paging = { currentPage: q.page, pageSize: q.size };
      if (scope !== 'ALL' && scope.length === 0)
        return { products: [], ...paging, lastPage: true, totalItems: 0 };
      const { rows, total } = await repo.searchStandard(db, {
        scope,
        productionRegionId: q.productionRegion,
        productGroupId,
        search: q.search,
        limit: q.size,
        offset: q.page * q.size,
      });
      return { products: rows, ...paging, lastPage: (q.page + 1) * q.size >= total, totalItems: total };
    },
  };
}
