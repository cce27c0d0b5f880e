/**
 * The cart calls (ordering §3 Cart, Order item, Order-line payload; §7 Orders; §8 Place-order
 * refusals). Amounts are `money` ({currency, price}, decimal strings, ARCHITECTURE.md Money): unit
 * prices and costs with 4 decimals, totals with 2. A field the role may not see (ordering §6
 * Visibility: price, cost) is left out of the answer, hence `.optional()` on every amount.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import type { Role } from '../roles';
import { careLabel } from './careLabel';
import { bodyId, calendarDate, documentRef, MAX_ID, money, queryId, safeText } from './common';

export const PRODUCT_TYPES = ['STANDARD', 'VARIABLE_DATA', 'DYNAMIC'] as const;
export const productType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productType>;

/**
 * The data of one uploaded size and colour as its ticket prints it (ordering §3 Product item:
 * variableData, dynamicData; Order item: items.variableData, variants.dynamicData): PO, style,
 * ticket type (the subcode), vendor number, garment description, size, colour, barcode (GTIN-12 or
 * GTIN-13) and retail prices (decimal strings, in the layout's currencies).
 */
export const variableData = z
  .object({
    poNumber: z.string(),
    styleNumber: z.string(),
    ticketType: z.string(),
    vendorNumber: z.string(),
    description: z.string(),
    size: z.string(),
    colour: z.string(),
    barcode: z.string(),
    prices: z.array(z.object({ currency: z.string(), amount: z.string() })),
  })
  .meta({ id: 'VariableData' });
export type OrderedVariableData = z.infer<typeof variableData>;

/** Most sizes (or variable-data rows, or variants) one order line takes. */
export const MAX_LINE_ROWS = 1000;

const idKey = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, V.idKeys(what))
    .refine((v) => Number(v) <= MAX_ID, V.idKeysUpTo(what, MAX_ID));
const itemIdKey = idKey('product item ids');
/** Whole pieces of one size, row or variant. */
const pieces = z.number().int(V.quantitiesWhole).min(0, V.quantitiesNotNegative).max(100_000_000);
/** Attribute name → chosen value. */
export const attributeValues = z.record(safeText(100).pipe(z.string().min(1)), safeText(255));
export type AttributeValues = z.infer<typeof attributeValues>;

/**
 * Body of POST /orders (add to order): the order-line payload (ordering §3). `quantities` are whole
 * pieces keyed by product item id, as §3 says: a STANDARD line's sizes (of one subcode; sizes at 0
 * are left out of the line); a VARIABLE_DATA or DYNAMIC line names its one product item with the
 * line's total, and gives its uploaded rows apart — `rowQuantities` (VARIABLE_DATA) or
 * `dynamicVariants` (DYNAMIC), docs/decisions/0051 and 0057. `attributes` holds the subcode's
 * attributes; `attributesItems` per-size attributes of items whose own attribute schema differs from
 * the subcode's. `careLabel` has its real shape and limits (its rules are decision 0043's).
 */
export const orderLinePayload = z
  .object({
    productType,
    /**
     * Pieces by product item id. STANDARD: one entry per size. VARIABLE_DATA: the PO, style and
     * ticket type's item (the details' productItemId) once, with the sum of `rowQuantities`.
     * DYNAMIC: the DYNAMIC item once, with the sum of the variants' order quantities.
     */
    quantities: z
      .record(itemIdKey, pieces)
      .refine((r) => Object.keys(r).length <= MAX_LINE_ROWS, V.lineMaxQuantities(MAX_LINE_ROWS))
      .describe(
        'Pieces by product item id. STANDARD: one entry per size. VARIABLE_DATA and DYNAMIC: the line’s product item once, with the line’s total.',
      ),
    /**
     * VARIABLE_DATA only: pieces by uploaded row id (the details' items[].variableDataRowId), every
     * row one of the item named in `quantities`; rows at 0 are left out of the line.
     */
    rowQuantities: z
      .record(idKey('uploaded row ids (items[].variableDataRowId)'), pieces)
      .refine((r) => Object.keys(r).length <= MAX_LINE_ROWS, V.lineMaxUploadedRows(MAX_LINE_ROWS))
      .optional()
      .describe(
        'VARIABLE_DATA only: pieces by uploaded row id (the details’ items[].variableDataRowId), rows of the item named in quantities.',
      ),
    attributes: attributeValues.default({}),
    attributesItems: z.record(itemIdKey, attributeValues).optional(),
    careLabel: careLabel.nullable().optional(),
    /**
     * DYNAMIC only (ordering §3 Order-line payload): the dynamic search the variants came from and
     * each variant's order quantity by its id (the uploaded row's id); `dynamicData` is ignored (the
     * server reads the rows). `quantities` then names the DYNAMIC product item with the line's total.
     */
    dynamicVariants: z
      .object({
        styleNumber: safeText(100).pipe(z.string().trim().min(1, V.required('styleNumber'))),
        poNumber: safeText(100).pipe(z.string().trim().min(1, V.required('poNumber'))),
        variants: z
          .array(
            z.object({
              id: bodyId('a variant id'),
              orderQuantity: pieces,
              dynamicData: z.unknown().optional(),
            }),
          )
          .max(MAX_LINE_ROWS, V.dynamicLineMaxVariants(MAX_LINE_ROWS)),
      })
      .optional(),
  })
  .meta({ id: 'OrderLinePayload' });
export type OrderLinePayload = z.input<typeof orderLinePayload>;

/** Body of PUT /orders (update a line of the cart): the payload and the line's orderItemId. */
export const updateOrderLinePayload = orderLinePayload
  .extend({ orderItemId: bodyId('an order item id') })
  .meta({ id: 'UpdateOrderLinePayload' });
export type UpdateOrderLinePayload = z.input<typeof updateOrderLinePayload>;

/** Answer of POST /orders and PUT /orders. */
export const orderLineResponse = z
  .object({ orderItemId: z.number().int(), message: z.string() })
  .meta({ id: 'OrderLineResponse' });
export type OrderLineResponse = z.infer<typeof orderLineResponse>;

export const orderItemIdParam = z.object({ orderItemId: queryId('an order item id') });

/**
 * What a VARIABLE_DATA or DYNAMIC line adds to the order item (ordering §3 Order item: poNumber,
 * items, variants): its PO and style, and its rows — `items` (VARIABLE_DATA: variableData and
 * quantity; unitPrice/unitCost for the roles that see them) or `variants` (DYNAMIC: dynamicData and
 * quantity). Left out on STANDARD lines.
 */
export const variableDataLineFields = {
  poNumber: z.string().nullable(),
  styleNumber: z.string().nullable().optional(),
  items: z
    .array(
      z.object({
        variableData,
        quantity: z.number().int(),
        unitPrice: money.nullable().optional(),
        unitCost: money.nullable().optional(),
      }),
    )
    .optional(),
  variants: z.array(z.object({ dynamicData: variableData, quantity: z.number().int() })).optional(),
};

/**
 * What a size of a cart line and of an order line share (ordering §3 Order item `sizes`); each adds
 * its unit price and cost.
 */
export const orderItemSizeFields = {
  productItemId: z.number().int(),
  size: z.string(),
  quantity: z.number().int(),
  attributesItem: z.record(z.string(), z.string()).describe('Attribute name → value for this size'),
  variableData: variableData
    .optional()
    .describe("VARIABLE_DATA and DYNAMIC lines: the ordered row's data as the line keeps it"),
};

/** One size of a cart line. */
export const cartItemSize = z
  .object({
    ...orderItemSizeFields,
    /** Price roles only; null when the subcode lost its tier in the price currency. */
    unitPrice: money.nullable().optional(),
    /** Cost roles only; null when the subcode has no cost tier in the cost currency. */
    unitCost: money.nullable().optional(),
  })
  .meta({ id: 'CartItemSize' });
export type CartItemSize = z.infer<typeof cartItemSize>;

/**
 * What a cart line and an order line share (ordering §3 Order item); each adds its sizes, unit
 * price and cost, and the order line its artwork and digital link. Totals and amounts are left out
 * for a role that may not see them (ordering §6 Visibility).
 */
export const orderItemFields = {
  orderItemId: z.number().int(),
  productSubcode: z.string(),
  description: z.string(),
  packSize: z.number().int(),
  quantity: z.number().int(),
  productType,
  variableDataProduct: z.boolean().describe('True for VARIABLE_DATA and DYNAMIC lines'),
  rfid: z
    .boolean()
    .describe(
      "RFID tags (docs/rfid.md): in the cart, the subcode is RFID; on a placed order, placing gave the line's pieces tags. The line shows an RFID badge",
    ),
  ...variableDataLineFields,
  productThumbnail: z.object({ path: z.string(), type: z.string().nullable() }).nullable(),
  attributes: z.record(z.string(), z.string()).describe('Attribute name → value for the whole line'),
  careLabel: careLabel
    .nullable()
    .describe('The care label ordered on the line (ordering §3 Care label); null when none'),
  totalPrice: money.optional(),
  totalCost: money.optional(),
};

/** One line of the cart (ordering §3 Order item). */
export const cartItem = z
  .object({
    ...orderItemFields,
    sizes: z.array(cartItemSize),
    unitPrice: money.nullable().optional(),
    unitCost: money.nullable().optional(),
    /** The subcode's minimum order value in the price currency (price roles only); null when it has none. */
    minValue: money.nullable().optional(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItem>;

/** A charge of the cart, e.g. a Minimum Order Value shortfall attributed to a subcode. */
export const orderCharge = z
  .object({
    chargeName: z.string(),
    subcode: z.string().nullable(),
    subCodeDescription: z.string().nullable(),
    charge: money,
  })
  .meta({ id: 'OrderCharge' });
export type OrderCharge = z.infer<typeof orderCharge>;

/** Answer of GET /orders/cart and PUT /orders/cart (ordering §3 Cart). */
export const cartResponse = z
  .object({
    /** The cart's order id (null until the cart exists); related documents are uploaded to it. */
    orderId: z.number().int().nullable(),
    vendorPO: z.string().nullable(),
    vendorId: z.number().int().nullable(),
    contact: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** YYYY-MM-DD */
    dateRequested: z.string().nullable(),
    shippingAddress: z.string().nullable(),
    deliveryMethod: z.string().nullable(),
    deliveryAccount: z.string().nullable(),
    billingAccount: z.string().nullable(),
    billingAddress: z.string().nullable(),
    comments: z.string().nullable(),
    orderItems: z.array(cartItem),
    /** Charges, e.g. a Minimum Order Value shortfall (price roles only). */
    orderCharges: z.array(orderCharge).optional(),
    /** Items + charges in the price currency (price roles only). */
    totalPrice: money.optional(),
    /** Items in the cost currency (cost roles only); null while the cart is empty (no cost currency yet). */
    totalCost: money.nullable().optional(),
    /** The vendor's name. */
    company: z.string().nullable(),
    customerId: z.number().int().nullable(),
    customer: z.string().nullable(),
    productionRegionId: z.number().int().nullable(),
    productionRegion: z.string().nullable(),
    /** Related documents attached to the cart (e.g. the vendor's own PO), uploaded while PENDING. */
    relatedDocs: z.array(documentRef),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartResponse>;

const headerText = (max: number, multiline = false) =>
  safeText(max, { multiline })
    .transform((v) => v.trim())
    .nullable();

/**
 * Body of PUT /orders/cart: header fields, each optional (absent = unchanged, null or '' = cleared).
 * Only light checks here; the full rules (`validateCartForPlacement`) apply when placing.
 */
export const cartHeaderUpdate = z
  .object({
    vendorPO: headerText(100),
    contact: headerText(255),
    email: headerText(320),
    phone: headerText(50),
    dateRequested: calendarDate('dateRequested').nullable(),
    shippingAddress: z
      .string()
      .max(LIMITS.shippingAddressMaxLength, V.shippingAddressMax(LIMITS.shippingAddressMaxLength))
      .pipe(safeText(LIMITS.shippingAddressMaxLength, { multiline: true }))
      .transform((v) => v.trim())
      .nullable(),
    deliveryMethod: headerText(255),
    deliveryAccount: headerText(255),
    billingAccount: headerText(255),
    billingAddress: headerText(1000, true),
    comments: headerText(4000, true),
  })
  .partial()
  .meta({ id: 'CartHeaderUpdate' });
export type CartHeaderUpdate = z.input<typeof cartHeaderUpdate>;

/** Answer of GET /orders/cart-status (the navigation bar's cart icon). */
export const cartStatusResponse = z
  .object({ itemCount: z.number().int(), orderId: z.number().int().nullable() })
  .meta({ id: 'CartStatus' });
export type CartStatusResponse = z.infer<typeof cartStatusResponse>;

/** Answer of GET /orders/shipping-addresses: the vendor's saved addresses, by optionName. */
export const shippingAddressesResponse = z
  .object({ addresses: z.array(z.object({ optionName: z.string(), address: z.string() })) })
  .meta({ id: 'ShippingAddresses' });
export type ShippingAddressesResponse = z.infer<typeof shippingAddressesResponse>;

/** Query of PUT /orders/place. */
export const placeOrderQuery = z.object({ termsAndConditions: z.enum(['true', 'false']).optional() });

/**
 * Answer of PUT /orders/place (ordering §4 Placing an order, §8): a positive orderId is the placed
 * order; a negative one is a refusal (PLACE_ORDER_REFUSALS), the cart stays and was re-priced.
 * `message` is the text to show for the caller's role.
 */
export const placeOrderResponse = z
  .object({ orderId: z.number().int(), message: z.string() })
  .meta({ id: 'PlaceOrderResponse' });
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

/** Negative orderIds of PUT /orders/place (ordering §8). */
export const PLACE_ORDER_REFUSALS = {
  pricesChanged: -1,
  chargesChanged: -2,
  careLabelChangedRefresh: -3,
  careLabelChangedEdit: -4,
} as const;

/** The text for a place answer: success, or the refusal's text for the role (vendors read 'prices'). */
export function placeOrderMessage(orderId: number, role: Role | null | undefined): string {
  switch (orderId) {
    case PLACE_ORDER_REFUSALS.pricesChanged:
      return role === 'VENDOR' ? MESSAGES.pricesChangedVendor : MESSAGES.pricesChangedStaff;
    case PLACE_ORDER_REFUSALS.chargesChanged:
      return MESSAGES.chargesChanged;
    case PLACE_ORDER_REFUSALS.careLabelChangedRefresh:
      return MESSAGES.careLabelChangedRefresh;
    case PLACE_ORDER_REFUSALS.careLabelChangedEdit:
      return MESSAGES.careLabelChangedEdit;
    default:
      return MESSAGES.orderPlaced;
  }
}

// ---------------------------------------------------------------- order again (docs/decisions/0016)

/**
 * What changed on a line copied by Order again (docs/decisions/0016, 0057): PRICE, COST, a size (or
 * uploaded row) no longer available (INACTIVE_SIZE), a quantity raised to today's rules (QUANTITY),
 * uploaded rows already ordered on a placed order, left out (ALREADY_ORDERED).
 */
export const ORDER_AGAIN_CHANGES = ['PRICE', 'COST', 'INACTIVE_SIZE', 'QUANTITY', 'ALREADY_ORDERED'] as const;
export type OrderAgainChange = (typeof ORDER_AGAIN_CHANGES)[number];

/** One line of a placed order, as POST /orders/{id}/order-again copied it (or could not). */
export const orderAgainLine = z
  .object({
    orderItemId: z.number().int().describe('The line of the placed order'),
    productSubcode: z.string(),
    description: z.string(),
    poNumber: z.string().nullable().describe('VARIABLE_DATA and DYNAMIC lines: the PO; else null'),
    styleNumber: z.string().nullable().describe('VARIABLE_DATA and DYNAMIC lines: the style; else null'),
    result: z
      .enum(['COPIED', 'CHANGED', 'NOT_COPIED'])
      .describe('COPIED as it was; CHANGED copied with the changes listed; NOT_COPIED see reason'),
    cartOrderItemId: z.number().int().nullable().describe('The new line of the cart; null when not copied'),
    changes: z
      .array(z.object({ kind: z.enum(ORDER_AGAIN_CHANGES), message: z.string() }))
      .describe("Today's prices (or costs) and rules that differ from the placed order's"),
    reason: z.string().nullable().describe('Why the line could not be copied; null when it was'),
  })
  .meta({ id: 'OrderAgainLine' });
export type OrderAgainLine = z.infer<typeof orderAgainLine>;

/** Answer of POST /orders/{id}/order-again: a summary and the result line by line. */
export const orderAgainResponse = z
  .object({
    message: z.string().describe("e.g. '2 of 3 items were added to your cart.'"),
    copied: z.number().int().describe('Lines added to the cart'),
    lines: z.array(orderAgainLine),
  })
  .meta({ id: 'OrderAgainResponse' });
export type OrderAgainResponse = z.infer<typeof orderAgainResponse>;
