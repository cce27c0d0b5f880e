/**
 * Product search and product details (ordering §2 Product list, Product details; §3; §5 Product
 * search; §9 tier pricing). Every row is scoped by orderableCustomerIds (products.scope.ts); a
 * product outside the scope answers 404 like one that does not exist. Fields a role may not see
 * (prices, costs, inventory) are left out of the answer (ordering §6 Visibility).
 */
import {
  type AttributeType,
  type CareLabel,
  canSee,
  hasUserPermission,
  type InventoryUpdateRequest,
  MESSAGES,
  type ProductAttribute,
  type ProductCareLabelResponse,
  type ProductDetailsResponse,
  type ProductItemDetails,
  type ProductSearchQuery,
  type ProductSearchResponse,
  type ProductSizeItem,
  type ProductTier,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { loadCustomerCareConfig } from '../careLabel/careConfig.repository';
import { cartRepository } from '../cart/cart.repository';
import { type ItemRow, productsRepository as repo, type SubcodeRow } from './products.repository';
import { type CustomerScope, inCustomerScope, orderableCustomerIds } from './products.scope';

export const PRODUCT_MESSAGES = {
  noCareLabel: 'This product has no care label.',
  notFound: 'Product not found.',
  lineNotFound: 'Order item not found in your cart.',
  unknownRegion: 'productionRegion: Unknown production region',
  unknownGroup: 'productGroup: Unknown product group',
  notInventory: (id: number) => `inventories: product item ${id} is not an inventory product`,
} as const;

/** Size labels meaning "one size": a product whose only item has one of these has no sizes. */
const NO_SIZE_LABELS = new Set(['', '-', 'N/A', 'NA', 'NONE', 'ONE SIZE', 'ONESIZE', 'OS', 'O/S']);

/** True when the product is ordered per size: more than one item, or a real size label. */
export function productHasSizes(items: readonly { productSize: string }[]): boolean {
  if (items.length !== 1) return items.length > 1;
  return !NO_SIZE_LABELS.has(items[0].productSize.trim().toUpperCase());
}

type SchemaField = { name: string; type: string; options?: string[] | null };

/** The fields of an attribute schema, each with the value chosen so far (null when none). */
function attributesOf(
  fields: SchemaField[] | undefined,
  values: Record<string, string> | undefined,
): ProductAttribute[] {
  return (fields ?? []).map((f) => ({
    name: f.name,
    type: (f.type === 'DROPDOWN' ? 'DROPDOWN' : 'STRING') as AttributeType,
    options: f.type === 'DROPDOWN' ? [...(f.options ?? [])] : [],
    value: values?.[f.name] ?? null,
  }));
}

const groupBy = <T, K>(rows: readonly T[], key: (r: T) => K) => {
  const m = new Map<K, T[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
};

const tier = (t: { quantity: number; price: string; currency: string }): ProductTier => ({
  quantity: t.quantity,
  price: t.price,
  currency: t.currency,
});

/** What an edit-details call adds: the line being edited. */
interface EditContext {
  orderItemId: number;
  attributes: Record<string, string>;
  sizes: { productItemId: number; quantity: number; attributesItem: Record<string, string> }[];
  careLabel: CareLabel | null;
}

export function createProductsService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * The currency the user's prices are shown in (ordering §2 Product details: "Vendors see Total in
   * the price currency"): the one the user's cart is (or would be) priced in — its cart's, else its
   * first vendor's, else (for roles that see prices) the house currency (docs/decisions/0016), so a
   * regional supervisor or a customer sees one price, not tiers in every currency.
   */
  async function userPriceCurrency(user: AuthUser): Promise<{ id: number; code: string } | null> {
    const own = await repo.priceCurrencyFor(db, user.id);
    if (own || !canSee('price', user.role)) return own;
    const house = await cartRepository.houseCurrency(db);
    return house ? { id: house.id, code: house.code } : null;
  }

  /** Builds the STANDARD details of visible subcodes, in the order given. */
  async function standardDetails(
    user: AuthUser,
    subcodes: SubcodeRow[],
    edit?: EditContext,
  ): Promise<ProductDetailsResponse> {
    const ids = subcodes.map((s) => s.id);
    const seePrice = canSee('price', user.role);
    const seeCost = canSee('cost', user.role);
    const seeInventory = canSee('inventory', user.role);

    const [items, priceCurrency, cart] = await Promise.all([
      repo.activeStandardItems(db, ids),
      userPriceCurrency(user),
      repo.cartQuantities(db, user.id, ids, edit?.orderItemId),
    ]);
    const itemsBySubcode = groupBy(items, (i) => i.productSubcodeId);
    // A subcode without an active STANDARD item has nothing to order.
    if (subcodes.some((s) => !itemsBySubcode.has(s.id))) throw notFound(PRODUCT_MESSAGES.notFound);

    const schemaIds = [
      ...new Set([...subcodes.map((s) => s.attributeSchemaId), ...items.map((i) => i.attributeSchemaId)]),
    ].filter((v): v is number => v !== null);
    const [schemas, prices, costs, mins] = await Promise.all([
      repo.attributeSchemasByIds(db, schemaIds),
      seePrice ? repo.priceTiers(db, ids, priceCurrency?.id ?? null) : Promise.resolve([]),
      seeCost ? repo.costTiers(db, ids) : Promise.resolve([]),
      seePrice && priceCurrency ? repo.minValues(db, ids, priceCurrency.id) : Promise.resolve([]),
    ]);
    const fieldsOf = new Map(schemas.map((s) => [s.id, s.attributeFields as SchemaField[]]));
    const pricesBy = groupBy(prices, (t) => t.productSubcodeId);
    const costsBy = groupBy(costs, (t) => t.productSubcodeId);
    const minBy = new Map(mins.map((m) => [m.productSubcodeId, m]));
    const lineSizes = new Map((edit?.sizes ?? []).map((s) => [s.productItemId, s]));

    // Per-size attributes: the item's own schema, when it differs from the subcode's (whose fields
    // the line's `attributes` already ask for once).
    const sizeItem = (sub: SubcodeRow, i: ItemRow): ProductSizeItem => ({
      productItemId: i.id,
      productSize: i.productSize,
      sortKey: i.sortKey,
      defaultOrderQuantity: i.defaultOrderQuantity,
      cartQuantity: cart.byItem.get(i.id) ?? 0,
      ...(seeInventory
        ? {
            inventoryQuantity: i.currentInventory,
            inventoryMin: i.minimumInventory,
            inventoryMax: i.maximumInventory,
          }
        : {}),
      hasInventory: i.hasInventory,
      attributes: attributesOf(
        i.attributeSchemaId === null || i.attributeSchemaId === sub.attributeSchemaId
          ? undefined
          : fieldsOf.get(i.attributeSchemaId),
        lineSizes.get(i.id)?.attributesItem,
      ),
      ...(edit ? { quantity: lineSizes.get(i.id)?.quantity ?? 0 } : {}),
    });

    const products = subcodes.map((s): ProductItemDetails => {
      const its = itemsBySubcode.get(s.id) ?? [];
      const min = minBy.get(s.id);
      return {
        productItemId: its[0].id,
        productSubcodeId: s.id,
        productSubcode: s.productSubcode,
        description: s.description,
        productType: 'STANDARD',
        customerId: s.customerId,
        customer: s.customer,
        productionRegionId: s.productionRegionId,
        packSize: s.packSize,
        minOrderQuantity: s.minOrderQuantity,
        defaultOrderQuantity: its[0].defaultOrderQuantity,
        cartQuantity: cart.bySubcode.get(s.id) ?? 0,
        hasSizes: productHasSizes(its),
        hasInventory: its.some((i) => i.hasInventory),
        items: its.map((i) => sizeItem(s, i)),
        attributes: attributesOf(
          s.attributeSchemaId === null ? undefined : fieldsOf.get(s.attributeSchemaId),
          edit?.attributes,
        ),
        ...(seePrice
          ? {
              prices: (pricesBy.get(s.id) ?? []).map(tier),
              minValue: min ? { currency: min.currency, price: min.price } : null,
            }
          : {}),
        ...(seeCost
          ? {
              costs: (costsBy.get(s.id) ?? [])
                .filter((t) => s.costCurrency === null || t.currency === s.costCurrency)
                .map(tier),
            }
          : {}),
        priceCurrency: priceCurrency?.code ?? null,
        costCurrency: s.costCurrency ?? null,
        productImagePath: s.productImagePath,
        productImageType: s.productImageType,
        careLabelType: s.careLabelType,
        ...(edit ? { orderItemId: edit.orderItemId, careLabel: edit.careLabel } : {}),
      };
    });

    return {
      products,
      productType: 'STANDARD',
      canUpdateInventory: hasUserPermission('canUpdateInventory', user),
      canRestock: hasUserPermission('canRestock', user),
    };
  }

  /** The subcodes by id, each inside the scope; 404 when one is missing or outside it. */
  async function visibleSubcodes(scope: CustomerScope, subcodeIds: number[]): Promise<SubcodeRow[]> {
    const rows = await repo.subcodesByIds(db, subcodeIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return subcodeIds.map((id) => {
      const s = byId.get(id);
      if (!s || !inCustomerScope(scope, s.customerId)) throw notFound(PRODUCT_MESSAGES.notFound);
      return s;
    });
  }

  return {
    /** GET /products: STANDARD search, one row per subcode (ordering §2 Product list, §5 Product search). */
    async search(user: AuthUser, q: ProductSearchQuery): Promise<ProductSearchResponse> {
      const [scope, regionExists, productGroupId] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.productionRegionExists(db, q.productionRegion),
        q.productGroup === undefined
          ? Promise.resolve(undefined)
          : repo.productGroupIdByValue(db, q.productGroup),
      ]);
      if (!regionExists) throw badRequest(PRODUCT_MESSAGES.unknownRegion);
      if (q.productGroup !== undefined && productGroupId === undefined)
        throw badRequest(PRODUCT_MESSAGES.unknownGroup);
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

    /**
     * GET /products/details?ids=: one entry per subcode of the given product item ids (any size of
     * it), in the order the ids name them. 404 when an id does not exist, is not an active STANDARD
     * item, or belongs to a customer outside the user's scope.
     */
    async details(user: AuthUser, ids: number[]): Promise<ProductDetailsResponse> {
      const [scope, found] = await Promise.all([orderableCustomerIds(db, user), repo.itemsByIds(db, ids)]);
      const byId = new Map(found.map((i) => [i.id, i]));
      const subcodeIds: number[] = [];
      for (const id of ids) {
        const item = byId.get(id);
        if (!item?.active || item.productType !== 'STANDARD') throw notFound(PRODUCT_MESSAGES.notFound);
        if (!subcodeIds.includes(item.productSubcodeId)) subcodeIds.push(item.productSubcodeId);
      }
      return standardDetails(user, await visibleSubcodes(scope, subcodeIds));
    },

    /**
     * GET /products/edit-details/{orderItemId}: the details of a line of the user's own cart, with
     * the line's quantities and attribute values; cart quantities leave this line out. 404 when the
     * line is not in the user's cart (or its product is no longer visible or orderable).
     */
    async editDetails(user: AuthUser, orderItemId: number): Promise<ProductDetailsResponse> {
      const [scope, line] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.cartLine(db, user.id, orderItemId),
      ]);
      if (!line) throw notFound(PRODUCT_MESSAGES.lineNotFound);
      if (line.productType !== 'STANDARD') throw notFound(PRODUCT_MESSAGES.notFound);
      const subcodes = await visibleSubcodes(scope, [line.productSubcodeId]);
      return standardDetails(user, subcodes, {
        orderItemId: line.id,
        attributes: line.attributes ?? {},
        sizes: line.sizes.map((s) => ({ ...s, attributesItem: s.attributesItem ?? {} })),
        careLabel: line.careLabel ?? null,
      });
    },

    /**
     * PUT /products/inventory (ordering §2 Product details, §7): sets the current inventory of each
     * named product item, all or none (one transaction). The route checks role and the user's
     * canUpdateInventory flag; here: 404 when an item does not exist or its customer is outside the
     * user's scope, 400 when it is not an inventory product.
     */
    async updateInventory(user: AuthUser, body: InventoryUpdateRequest): Promise<{ message: string }> {
      const entries = Object.entries(body.inventories).map(([k, v]) => ({ id: Number(k), quantity: v }));
      const [scope, found] = await Promise.all([
        orderableCustomerIds(db, user),
        repo.inventoryItems(
          db,
          entries.map((e) => e.id),
        ),
      ]);
      const byId = new Map(found.map((i) => [i.id, i]));
      for (const e of entries) {
        const item = byId.get(e.id);
        if (!item || !inCustomerScope(scope, item.customerId)) throw notFound(PRODUCT_MESSAGES.notFound);
        if (!item.hasInventory) throw badRequest(PRODUCT_MESSAGES.notInventory(e.id));
      }
      await db.transaction(async (tx) => repo.setInventories(tx, entries));
      return { message: MESSAGES.inventoryUpdated };
    },

    /**
     * GET /products/care-label?productSubcodeId=: the care label editor's type and the customer's
     * care configuration (ordering §2 Product details, §3 Care label). 404 when the subcode does not
     * exist, is outside the user's scope, or carries no care label.
     */
    async careLabel(user: AuthUser, productSubcodeId: number): Promise<ProductCareLabelResponse> {
      const scope = await orderableCustomerIds(db, user);
      const [s] = await visibleSubcodes(scope, [productSubcodeId]);
      const config = s.careLabelType ? await loadCustomerCareConfig(db, s.customerId) : null;
      if (!s.careLabelType || !config) throw notFound(PRODUCT_MESSAGES.noCareLabel);
      return { productSubcodeId: s.id, type: s.careLabelType, config };
    },
  };
}
