/**
 * Product details (ordering §2 Product details; §3; §9 tier pricing): the details of products to
 * order, of a line of the user's cart being edited, and a subcode's care-label editor; every product
 * within orderableCustomerIds (access/access.ts). Fields a role may not see are left out (ordering §6
 * Visibility).
 */
import {
  type AttributeType,
  type CareLabel,
  canSee,
  canSeeInventory,
  compareSizeAndColour,
  type DynamicVariant,
  hasUserPermission,
  PRODUCT_MESSAGES,
  type ProductAttribute,
  type ProductCareLabelResponse,
  type ProductDetailsResponse,
  type ProductItemDetails,
  type ProductSizeItem,
  type ProductTier,
  type ProductType,
  refreshQuantity,
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
import { customerCareConfig } from '../careLabel/careConfig.service';
import * as lookups from '../lookups/lookups.service';
import { type ItemRow, productsRepository as repo, type SubcodeRow } from './products.repository';
import { bySizeAndColour } from './products.variableData';
import {
  type VariableDataRow,
  variableDataProductsRepository as vdRepo,
} from './products.variableData.repository';

/** The order quantity a row starts with: the customer quantity made orderable (ordering §9, Refresh by 0). */
const startQuantity = (customerQuantity: number, limits: { minOrderQuantity: number; packSize: number }) =>
  refreshQuantity(customerQuantity, { by: 'UNIT', amount: 0 }, limits);

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
  /** VARIABLE_DATA and DYNAMIC lines: quantity by uploaded row id. */
  rowQuantities?: Map<number, number>;
  /** DYNAMIC lines: the line's search and variants. */
  dynamic?: { poNumber: string | null; styleNumber: string | null; variants: DynamicVariant[] };
}

/** The details calls of the products. */
export function createProductDetails(ctx: AppContext) {
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
    const house = await lookups.houseCurrency(db);
    return house ? { id: house.id, code: house.code } : null;
  }

  /** Builds the STANDARD details of visible subcodes, in the order given. */
  /**
   * Builds the details of visible subcodes, in the order given: STANDARD and DYNAMIC products are
   * one per subcode with its active items of that type as sizes; VARIABLE_DATA products (`vd`) are
   * one per PO and style item, `vd.items[k]` the item of `subcodes[k]`, its uploaded rows as sizes.
   */
  async function standardDetails(
    user: AuthUser,
    subcodes: SubcodeRow[],
    edit?: EditContext,
    productType: ProductType = 'STANDARD',
    vd?: {
      items: { id: number; poNumber: string | null; styleNumber: string | null; rows: VariableDataRow[] }[];
    },
  ): Promise<ProductDetailsResponse> {
    const ids = [...new Set(subcodes.map((s) => s.id))];
    const seePrice = canSee('price', user.role);
    const seeCost = canSee('cost', user.role);
    const seeInventory = canSeeInventory(user);
    const rowIds = vd ? vd.items.flatMap((i) => i.rows.map((r) => r.id)) : [];

    const [items, priceCurrency, cart, cartRows] = await Promise.all([
      productType === 'VARIABLE_DATA' ? Promise.resolve([]) : repo.activeStandardItems(db, ids, productType),
      userPriceCurrency(user),
      repo.cartQuantities(db, user.id, ids, edit?.orderItemId),
      vdRepo.cartRowQuantities(db, user.id, rowIds, edit?.orderItemId),
    ]);
    const itemsBySubcode = groupBy(items, (i) => i.productSubcodeId);
    // A subcode without an active item of its type has nothing to order.
    if (!vd && subcodes.some((s) => !itemsBySubcode.has(s.id))) throw notFound(PRODUCT_MESSAGES.notFound);

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

    // VARIABLE_DATA: one entry per uploaded size and colour, in the fixed size order (ordering §9).
    const rowItem = (sub: SubcodeRow, itemId: number, r: VariableDataRow, k: number): ProductSizeItem => ({
      productItemId: itemId,
      productSize: r.data.size,
      sortKey: k + 1,
      defaultOrderQuantity: startQuantity(r.quantity, sub),
      cartQuantity: cartRows.get(r.id) ?? 0,
      hasInventory: false,
      attributes: [],
      ...(edit ? { quantity: edit.rowQuantities?.get(r.id) ?? 0 } : {}),
      variableDataRowId: r.id,
      defaultCustomerQuantity: r.quantity,
      variableData: r.data,
    });

    const products = subcodes.map((s, k): ProductItemDetails => {
      const vdItem = vd?.items[k];
      const its = itemsBySubcode.get(s.id) ?? [];
      const min = minBy.get(s.id);
      return {
        productItemId: vdItem ? vdItem.id : its[0].id,
        productSubcodeId: s.id,
        productSubcode: s.productSubcode,
        description: s.description,
        productType,
        customerId: s.customerId,
        customer: s.customer,
        productionRegionId: s.productionRegionId,
        packSize: s.packSize,
        minOrderQuantity: s.minOrderQuantity,
        defaultOrderQuantity: its[0]?.defaultOrderQuantity ?? 0,
        cartQuantity: cart.bySubcode.get(s.id) ?? 0,
        hasSizes: vdItem ? true : productHasSizes(its),
        hasInventory: its.some((i) => i.hasInventory),
        items: vdItem
          ? [...vdItem.rows].sort(bySizeAndColour).map((r, n) => rowItem(s, vdItem.id, r, n))
          : its.map((i) => sizeItem(s, i)),
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
        rfid: s.rfid,
        ...(edit ? { orderItemId: edit.orderItemId, careLabel: edit.careLabel } : {}),
        ...(vdItem ? { poNumber: vdItem.poNumber, styleNumber: vdItem.styleNumber } : {}),
        ...(productType === 'DYNAMIC'
          ? {
              poNumber: edit?.dynamic?.poNumber ?? null,
              styleNumber: edit?.dynamic?.styleNumber ?? null,
              ...(edit?.dynamic ? { variants: edit.dynamic.variants } : {}),
            }
          : {}),
      };
    });

    return {
      products,
      productType,
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

  /**
   * The details of VARIABLE_DATA items (ordering §2 Product details, variable data): one product per
   * item, its rows the ones the user may see. 404 when an item is missing, not an active
   * VARIABLE_DATA item, outside the scope, or (a vendor) without a row of its vendor numbers.
   */
  async function variableDataDetails(
    user: AuthUser,
    scope: CustomerScope,
    itemIds: number[],
    edit?: EditContext,
  ): Promise<ProductDetailsResponse> {
    const [found, vendorNumbers] = await Promise.all([vdRepo.items(db, itemIds), rowVendorNumbers(db, user)]);
    const byId = new Map(found.map((i) => [i.id, i]));
    const rows = await vdRepo.rowsOfItems(db, itemIds, vendorNumbers);
    const rowsBy = groupBy(rows, (r) => r.productItemId);
    const items = itemIds.map((id) => {
      const item = byId.get(id);
      if (!item?.active || item.productType !== 'VARIABLE_DATA' || !rowsBy.has(id))
        throw notFound(PRODUCT_MESSAGES.notFound);
      return { ...item, rows: rowsBy.get(id) ?? [] };
    });
    const subcodes = await visibleSubcodes(
      scope,
      items.map((i) => i.productSubcodeId),
    );
    return standardDetails(user, subcodes, edit, 'VARIABLE_DATA', { items });
  }

  return {
    /**
     * GET /products/details?ids=: one entry per subcode of the given product item ids (any size of
     * it), in the order the ids name them. 404 when an id does not exist, is not an active STANDARD
     * item, or belongs to a customer outside the user's scope.
     */
    async details(user: AuthUser, ids: number[]): Promise<ProductDetailsResponse> {
      const [scope, found] = await Promise.all([orderableCustomerIds(db, user), repo.itemsByIds(db, ids)]);
      const byId = new Map(found.map((i) => [i.id, i]));
      const subcodeIds: number[] = [];
      const type = byId.get(ids[0])?.productType;
      for (const id of ids) {
        const item = byId.get(id);
        if (!item?.active) throw notFound(PRODUCT_MESSAGES.notFound);
        if (item.productType !== type) throw badRequest(PRODUCT_MESSAGES.mixedTypes, 'ids');
        if (!subcodeIds.includes(item.productSubcodeId)) subcodeIds.push(item.productSubcodeId);
      }
      if (type === 'VARIABLE_DATA') return variableDataDetails(user, scope, ids);
      if (type !== 'STANDARD' && type !== 'DYNAMIC') throw notFound(PRODUCT_MESSAGES.notFound);
      return standardDetails(user, await visibleSubcodes(scope, subcodeIds), undefined, type);
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
      const edit: EditContext = {
        orderItemId: line.id,
        attributes: line.attributes ?? {},
        sizes: line.sizes.map((s) => ({ ...s, attributesItem: s.attributesItem ?? {} })),
        careLabel: line.careLabel ?? null,
      };
      if (line.productType === 'VARIABLE_DATA') {
        const rows = await vdRepo.lineRows(db, line.id);
        edit.rowQuantities = new Map(rows.map((r) => [r.id, r.quantity]));
        return variableDataDetails(user, scope, [line.sizes[0]?.productItemId ?? 0], edit);
      }
      const subcodes = await visibleSubcodes(scope, [line.productSubcodeId]);
      if (line.productType === 'DYNAMIC') {
        const [rows, vendorNumbers] = await Promise.all([
          vdRepo.lineRows(db, line.id),
          rowVendorNumbers(db, user),
        ]);
        const [now, cart] = await Promise.all([
          vdRepo.rowsByIds(
            db,
            rows.map((r) => r.id),
            vendorNumbers,
          ),
          vdRepo.cartRowQuantities(
            db,
            user.id,
            rows.map((r) => r.id),
            line.id,
          ),
        ]);
        const customerQuantity = new Map(now.map((r) => [r.id, r.quantity]));
        edit.dynamic = {
          poNumber: line.poNumber,
          styleNumber: line.styleNumber,
          variants: rows
            .map((r) => ({
              id: r.id,
              dynamicData: r.data,
              customerQuantity: customerQuantity.get(r.id) ?? 0,
              cartQuantity: cart.get(r.id) ?? 0,
              quantity: r.quantity,
            }))
            .sort((a, b) => compareSizeAndColour(a.dynamicData, b.dynamicData)),
        };
        return standardDetails(user, subcodes, edit, 'DYNAMIC');
      }
      if (line.productType !== 'STANDARD') throw notFound(PRODUCT_MESSAGES.notFound);
      return standardDetails(user, subcodes, edit);
    },

    /**
     * GET /products/care-label?productSubcodeId=: the care label editor's type and the customer's
     * care configuration (ordering §2 Product details, §3 Care label). 404 when the subcode does not
     * exist, is outside the user's scope, or carries no care label.
     */
    async careLabel(user: AuthUser, productSubcodeId: number): Promise<ProductCareLabelResponse> {
      const scope = await orderableCustomerIds(db, user);
      const [s] = await visibleSubcodes(scope, [productSubcodeId]);
      const config = s.careLabelType ? await customerCareConfig(db, s.customerId) : null;
      if (!s.careLabelType || !config) throw notFound(PRODUCT_MESSAGES.noCareLabel);
      return { productSubcodeId: s.id, type: s.careLabelType, config };
    },
  };
}
