/**
 * Product search and product details (ordering §2 Product list, Product details; §3 Product item,
 * Product search result, Paging info; §5 Product search; §7 Products). STANDARD layout only so far:
 * VARIABLE_DATA and DYNAMIC answers extend `productDetailsResponse` when they are built.
 *
 * Fields a role may not see are left out of the answer (ordering §6 Visibility): `prices` and
 * `minValue` without canSee('price'), `costs` without canSee('cost'), `inventoryQuantity`,
 * `inventoryMin` and `inventoryMax` without canSeeInventory (its roles, or a user who may update it).
 */

import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../limits';
import { MESSAGES, PRODUCT_SEARCH_MESSAGES } from '../messages';
import {
  ATTRIBUTE_TYPES,
  DEFAULT_PO_SEARCH_GROUP,
  MAX_DETAIL_IDS,
  PO_SEARCH_GROUPS,
} from '../rules/products';
import { CARE_LABEL_TYPES, careLabel } from './careLabel';
import { PRODUCT_TYPES, variableData } from './cart';
import { MAX_ID, money, pageQuery, pagingInfo, queryId, safeText } from './common';

// The product constants live in ../rules/products (no zod there, so a screen loads them without it); re-exported here as before.
export {
  ATTRIBUTE_TYPES,
  type AttributeType,
  DEFAULT_PO_SEARCH_GROUP,
  MAX_DETAIL_IDS,
  PO_SEARCH_GROUPS,
  type PoSearchGroup,
  VARIABLE_DATA_PRODUCT_GROUP,
  variableDataSearchErrors,
} from '../rules/products';

import { VALIDATION_MESSAGES as V } from '../messages/validation';

// Product types are declared once, in ./cart (the order-line payload); re-exported here for the product screens.
export { type OrderedVariableData, PRODUCT_TYPES, type ProductType, variableData } from './cart';

const id = z.number().int().positive();
const optionalText = (max: number, field: string) =>
  safeText(max)
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, V.fieldMaxLength(field, max))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * GET /products (STANDARD mode) — ordering §5 Product search: production region required; then a
 * product group or a code/description text. `search` matches the subcode or the description,
 * case-insensitive, anywhere in the text. Pages count from 0 (size 50 by default).
 */
export const productSearchQuery = pageQuery
  .extend({
    productionRegion: z
      .string({ error: PRODUCT_SEARCH_MESSAGES.regionRequired })
      .regex(/^\d{1,10}$/, PRODUCT_SEARCH_MESSAGES.regionRequired)
      .pipe(queryId('a production region id')),
    productGroup: optionalText(100, 'productGroup'),
    search: optionalText(SEARCH_TEXT_MAX, 'search'),
  })
  .superRefine((q, ctx) => {
    if (!q.productGroup && !q.search) {
      ctx.addIssue({
        code: 'custom',
        path: ['productGroup'],
        message: PRODUCT_SEARCH_MESSAGES.groupOrSearchRequired,
      });
    }
  });
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;
export type ProductSearchQueryInput = z.input<typeof productSearchQuery>;

/** One row per product subcode; `productItemId` opens product details (all sizes of the subcode). */
export const productSearchResult = z
  .object({
    productItemId: id,
    productSubcode: z.string(),
    description: z.string(),
    /** Every piece of it gets an RFID tag (docs/rfid.md): the results show an RFID badge. */
    rfid: z.boolean(),
  })
  .meta({ id: 'ProductSearchResult' });
export const productSearchResponse = pagingInfo
  .extend({ products: z.array(productSearchResult) })
  .meta({ id: 'ProductSearchResponse' });
export type ProductSearchResult = z.infer<typeof productSearchResult>;
export type ProductSearchResponse = z.infer<typeof productSearchResponse>;

const productionRegionParam = z
  .string({ error: PRODUCT_SEARCH_MESSAGES.regionRequired })
  .regex(/^\d{1,10}$/, PRODUCT_SEARCH_MESSAGES.regionRequired)
  .pipe(queryId('a production region id'));

/**
 * GET /products/variable-data (ordering §2 Product list, variable-data mode; §5 Product search):
 * production region required; `poNumber` and `styleNumber` match the uploaded PO and style exactly
 * (surrounding spaces dropped); `orderStatus` the PO search group (PO_SEARCH_GROUPS, UPLOADED by
 * default). Which of poNumber and styleNumber is required depends on the role and the customers'
 * defaults (`variableDataSearchErrors`), so the service checks it (400 naming the field).
 */
export const variableDataSearchQuery = pageQuery.extend({
  productionRegion: productionRegionParam,
  poNumber: optionalText(100, 'poNumber'),
  styleNumber: optionalText(100, 'styleNumber'),
  orderStatus: z
    .enum(PO_SEARCH_GROUPS.map((g) => g.value) as ['PLACED', 'UPLOADED', 'SHIPPED'], {
      error: V.oneOf(PO_SEARCH_GROUPS.map((g) => g.value).join(', '), 'orderStatus'),
    })
    .default(DEFAULT_PO_SEARCH_GROUP),
});
export type VariableDataSearchQuery = z.infer<typeof variableDataSearchQuery>;
export type VariableDataSearchQueryInput = z.input<typeof variableDataSearchQuery>;

/**
 * One PO and style of the variable-data search (ordering §3 Product search result (variable data)):
 * its ticket types (`productSubcodes`), their garment descriptions and the VARIABLE_DATA product item
 * of each (same order); `creationDate` the day the first of them was uploaded (YYYY-MM-DD);
 * `ordered` true when one of them is on a placed order that is not cancelled.
 */
export const variableDataSearchResult = z
  .object({
    poNumber: z.string(),
    styleNumber: z.string(),
    creationDate: z.string(),
    ordered: z.boolean(),
    productSubcodes: z.array(z.string()),
    descriptions: z.array(z.string()),
    productItemIds: z.array(id),
  })
  .meta({ id: 'VariableDataSearchResult' });
export type VariableDataSearchResult = z.infer<typeof variableDataSearchResult>;

/**
 * Where the same PO and style numbers find POs when the search found none (decision 0057): a
 * production region and PO search group other than the ones searched, and how many PO and style
 * rows the search gives there. Only regions and customers the user may see, and a vendor's own rows.
 */
export const variableDataFoundElsewhere = z
  .object({
    productionRegionId: id,
    productionRegion: z.string(),
    orderStatus: z.enum(PO_SEARCH_GROUPS.map((g) => g.value) as ['PLACED', 'UPLOADED', 'SHIPPED']),
    totalItems: z.number().int(),
  })
  .meta({ id: 'VariableDataFoundElsewhere' });
export type VariableDataFoundElsewhere = z.infer<typeof variableDataFoundElsewhere>;

export const variableDataSearchResponse = z
  .object({
    products: z.array(variableDataSearchResult),
    pageableOrderItemsInfo: pagingInfo,
    foundElsewhere: z
      .array(variableDataFoundElsewhere)
      .optional()
      .describe(
        'Only when the search found nothing: the other production regions and PO search groups where the same PO and style numbers find POs (none: empty)',
      ),
  })
  .meta({ id: 'VariableDataSearchResponse' });
export type VariableDataSearchResponse = z.infer<typeof variableDataSearchResponse>;

/**
 * GET /products/variable-data/dynamic/{id}?styleNumber&poNumber (ordering §5 Dynamic search): both
 * required, 'Style Number AND PO Number are required.' otherwise.
 */
export const dynamicSearchParams = z.object({ id: queryId('a product item id') });
const dynamicSearchField = z
  .string({ error: MESSAGES.dynamicSearchRequired })
  .pipe(safeText(100))
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, MESSAGES.dynamicSearchRequired);
export const dynamicSearchQuery = z.object({ styleNumber: dynamicSearchField, poNumber: dynamicSearchField });
export type DynamicSearchQuery = z.infer<typeof dynamicSearchQuery>;

/**
 * A variant of a DYNAMIC product (ordering §3 Product item: variants): `id` the uploaded row's id
 * (sent back as dynamicVariants.variants[].id), its data, the quantity the retailer asks for
 * (`customerQuantity`) and the pieces of it already in the user's cart (`cartQuantity`; on edit: in
 * other lines). `quantity`: edit only, this variant's quantity in the line being edited.
 */
export const dynamicVariant = z
  .object({
    id,
    dynamicData: variableData,
    customerQuantity: z.number().int(),
    cartQuantity: z.number().int(),
    quantity: z.number().int().optional(),
  })
  .meta({ id: 'DynamicVariant' });
export type DynamicVariant = z.infer<typeof dynamicVariant>;

/** Answer of the dynamic search: the variants in the fixed size order (ordering §9); empty when none. */
export const dynamicSearchResponse = z
  .object({ variants: z.array(dynamicVariant) })
  .meta({ id: 'DynamicSearchResponse' });
export type DynamicSearchResponse = z.infer<typeof dynamicSearchResponse>;

/**
 * Product item ids of a details call: `ids=1,2` or `ids=1&ids=2`; positive whole numbers, at most
 * MAX_DETAIL_IDS, duplicates dropped, order kept. Anything else is 'Invalid URL params'.
 */
export const productItemIdsParam = z
  .union([z.string(), z.array(z.string())], { error: MESSAGES.invalidUrlParams })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.join(',') : value).split(',').map((p) => p.trim());
    const ok = parts.length <= MAX_DETAIL_IDS && parts.every((p) => /^[1-9]\d{0,8}$/.test(p));
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidUrlParams });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

/** GET /products/details?ids= */
export const productDetailsQuery = z.object({ ids: productItemIdsParam });
export type ProductDetailsQuery = z.infer<typeof productDetailsQuery>;

/** GET /products/edit-details/{orderItemId} */
export const editDetailsParams = z.object({ orderItemId: queryId('an order item id') });

/** A price or cost tier: unit `price` (decimal string) from `quantity` pieces on, in `currency` (ISO 4217). */
export const productTier = z
  .object({ quantity: z.number().int(), price: z.string(), currency: z.string() })
  .meta({ id: 'ProductTier' });
export type ProductTier = z.infer<typeof productTier>;

/**
 * An attribute to fill in (ordering §3 Product item: attributes): DROPDOWN with `options`, or STRING
 * (free text; `options` empty). `value` is null for a new line; on edit it is the line's value.
 */
export const productAttribute = z
  .object({
    name: z.string(),
    type: z.enum(ATTRIBUTE_TYPES),
    options: z.array(z.string()),
    value: z.string().nullable(),
  })
  .meta({ id: 'ProductAttribute' });
export type ProductAttribute = z.infer<typeof productAttribute>;

/** One size (product item) of a STANDARD product. */
export const productSizeItem = z
  .object({
    productItemId: id,
    productSize: z.string(),
    sortKey: z.number().int(),
    defaultOrderQuantity: z.number().int(),
    /** Pieces of this item already in the user's cart (on edit: in other lines only). */
    cartQuantity: z.number().int(),
    /** Current inventory; only for users who see inventory (canSeeInventory). */
    inventoryQuantity: z.number().int().optional(),
    /** Minimum inventory (the level below which to restock); only for users who see inventory (canSeeInventory). */
    inventoryMin: z.number().int().optional(),
    /** Maximum inventory (restock maximum = inventoryMax − inventoryQuantity); only for users who see inventory (canSeeInventory). */
    inventoryMax: z.number().int().optional(),
    hasInventory: z.boolean(),
    /**
     * Per-size attributes: the item's own attribute schema when it differs from the subcode's (else
     * empty); values from the line's attributesItem on edit. Sent back as attributesItems[productItemId].
     */
    attributes: z.array(productAttribute),
    /** Edit only: this item's quantity in the line being edited (0 when the line has none of it). */
    quantity: z.number().int().optional(),
    /**
     * VARIABLE_DATA only: the uploaded row (one size and colour) this entry stands for; the line's
     * `rowQuantities` are keyed by it (docs/decisions/0051, 0057). `productItemId` is then the PO and
     * style's item, the one key of the line's `quantities`.
     */
    variableDataRowId: id.optional(),
    /** VARIABLE_DATA only: the tickets the retailer asks for (the row's quantity). */
    defaultCustomerQuantity: z.number().int().optional(),
    /** VARIABLE_DATA only: the row's data (barcode, colour, retail prices...). */
    variableData: variableData.optional(),
  })
  .meta({ id: 'ProductSizeItem' });
export type ProductSizeItem = z.infer<typeof productSizeItem>;

/** Product item details of a STANDARD product: one per subcode (ordering §3 Product item (details)). */
export const productItemDetails = z
  .object({
    /** The first active STANDARD item of the subcode by sortKey. */
    productItemId: id,
    productSubcodeId: id,
    productSubcode: z.string(),
    description: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    customerId: id,
    customer: z.string(),
    productionRegionId: id.nullable(),
    packSize: z.number().int(),
    minOrderQuantity: z.number().int(),
    /** The first item's default order quantity (used when the product has no sizes). */
    defaultOrderQuantity: z.number().int(),
    /** Pieces of this subcode already in the user's cart (on edit: in other lines only); counts toward the tier (*). */
    cartQuantity: z.number().int(),
    /** True when the product is ordered per size (more than one item, or a real size label). */
    hasSizes: z.boolean(),
    /** True when any of its items is stocked (inventory product). */
    hasInventory: z.boolean(),
    items: z.array(productSizeItem),
    /** Attributes of the whole line (the subcode's attribute schema). */
    attributes: z.array(productAttribute),
    /** Price tiers, quantity ascending; in `priceCurrency` when the user has one, else all. Price roles only. */
    prices: z.array(productTier).optional(),
    /** Cost tiers, quantity ascending; in `costCurrency` when the subcode has a factory, else all. Cost roles only. */
    costs: z.array(productTier).optional(),
    /** Minimum order value in `priceCurrency` (null when none or no price currency). Price roles only. */
    minValue: money.nullable().optional(),
    /** Currency of prices and of the price Total: the user's vendor's currency; null without a vendor. */
    priceCurrency: z.string().nullable(),
    /** Currency of costs and of the cost Total: the subcode factory's currency; null without a factory. */
    costCurrency: z.string().nullable(),
    productImagePath: z.string().nullable(),
    productImageType: z.string().nullable(),
    /** Edit only: the cart line being edited. */
    orderItemId: id.optional(),
    /** The care label this product is ordered with (master data), null when none: the editor shows then. */
    careLabelType: z.enum(CARE_LABEL_TYPES).nullable(),
    /** Every piece gets an RFID tag (SGTIN-96 EPC, docs/rfid.md): the screens show an RFID badge. */
    rfid: z.boolean(),
    /** Edit only: the line's care label as it was added (the editor keeps what is still valid). */
    careLabel: careLabel.nullable().optional(),
    /** VARIABLE_DATA: the item's PO and style; DYNAMIC on edit: the line's search. Else null. */
    poNumber: z.string().nullable().optional(),
    styleNumber: z.string().nullable().optional(),
    /** DYNAMIC on edit: the line's variants with their quantities (a new line loads them by search). */
    variants: z.array(dynamicVariant).optional(),
  })
  .meta({ id: 'ProductItemDetails' });
export type ProductItemDetails = z.infer<typeof productItemDetails>;

/** GET /products/details and GET /products/edit-details/{orderItemId}. */
export const productDetailsResponse = z
  .object({
    products: z.array(productItemDetails),
    /** The layout (ordering §2 Product details): every product of one answer has this type. */
    productType: z.enum(PRODUCT_TYPES),
    /** The user may change inventory quantities (per-user permission and role). */
    canUpdateInventory: z.boolean(),
    /** The user may restock (per-user permission and role). */
    canRestock: z.boolean(),
  })
  .meta({ id: 'ProductDetailsResponse' });
export type ProductDetailsResponse = z.infer<typeof productDetailsResponse>;

/** Most items one inventory update may name. */
export const MAX_INVENTORY_ITEMS = 1000;
/** Bounds of an inventory quantity (a PostgreSQL integer; negative allowed: ordering §5 Inventory fields). */
export const INVENTORY_BOUND = 1_000_000_000;

/**
 * PUT /products/inventory (ordering §7 Products, §2 Product details): new current inventory per
 * product item id (`{inventories: {"12": 40}}`), whole pieces; the ids must be inventory products
 * of customers the user sees. Answers 'Inventory successfully updated.'.
 */
export const inventoryUpdateRequest = z
  .object({
    inventories: z
      .record(
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, V.inventoryKeys)
          .refine((k) => Number(k) <= MAX_ID, V.inventoryKeysUpTo(MAX_ID)),
        z
          .number({ error: V.inventoryWhole })
          .int(V.inventoryWhole)
          .min(-INVENTORY_BOUND, V.inventoryAtLeast(INVENTORY_BOUND))
          .max(INVENTORY_BOUND, V.inventoryAtMost(INVENTORY_BOUND)),
      )
      .refine((r) => Object.keys(r).length > 0, V.inventoryNone)
      .refine((r) => Object.keys(r).length <= MAX_INVENTORY_ITEMS, V.inventoryTooMany(MAX_INVENTORY_ITEMS)),
  })
  .meta({ id: 'InventoryUpdateRequest' });
export type InventoryUpdateRequest = z.infer<typeof inventoryUpdateRequest>;
