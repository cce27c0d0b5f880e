/**
 * The cart calls (ordering §3 Cart, Order item, Order-line payload; §7 Orders; §8 Place-order
 * refusals). Amounts are `money` ({currency, price}, decimal strings, DESIGN.md Money): unit
 * prices and costs with 4 decimals, totals with 2. A field the role may not see (ordering §6
 * Visibility: price, cost) is left out of the answer, hence `.optional()` on every amount.
 */
import { z } from 'zod';
import { LIMITS, MESSAGES } from '../messages';
import type { Role } from '../roles';
import { money } from './common';

export const PRODUCT_TYPES = ['STANDARD', 'VARIABLE_DATA', 'DYNAMIC'] as const;
export const productType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof productType>;

const itemIdKey = z.string().regex(/^[1-9]\d{0,9}$/, 'keys must be product item ids');
/** Attribute name → chosen value. */
export const attributeValues = z.record(z.string().min(1).max(100), z.string().max(255));
export type AttributeValues = z.infer<typeof attributeValues>;

/**
 * Body of POST /orders (add to order): the order-line payload (ordering §3). Quantities are whole
 * pieces keyed by productItemId (sizes of one subcode); sizes at 0 are left out of the line.
 * `attributes` holds the subcode's attributes; `attributesItems` per-size attributes of items whose
 * own attribute schema differs from the subcode's. `careLabel` is kept as given (its rules are the
 * care-label issue's).
 */
export const orderLinePayload = z
  .object({
    productType,
    quantities: z.record(
      itemIdKey,
      z.number().int('quantities are whole pieces').min(0, 'quantities cannot be negative').max(100_000_000),
    ),
    attributes: attributeValues.default({}),
    attributesItems: z.record(itemIdKey, attributeValues).optional(),
    careLabel: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({ id: 'OrderLinePayload' });
export type OrderLinePayload = z.input<typeof orderLinePayload>;

/** Body of PUT /orders (update a line of the cart): the payload and the line's orderItemId. */
export const updateOrderLinePayload = orderLinePayload
  .extend({ orderItemId: z.number().int().positive() })
  .meta({ id: 'UpdateOrderLinePayload' });
export type UpdateOrderLinePayload = z.input<typeof updateOrderLinePayload>;

/** Answer of POST /orders and PUT /orders. */
export const orderLineResponse = z
  .object({ orderItemId: z.number().int(), message: z.string() })
  .meta({ id: 'OrderLineResponse' });
export type OrderLineResponse = z.infer<typeof orderLineResponse>;

export const orderItemIdParam = z.object({ orderItemId: z.coerce.number().int().positive() });

/** One size of a cart line. */
export const cartItemSize = z
  .object({
    productItemId: z.number().int(),
    size: z.string(),
    quantity: z.number().int(),
    /** Price roles only; null when the subcode lost its tier in the price currency. */
    unitPrice: money.nullable().optional(),
    /** Cost roles only; null when the subcode has no cost tier in the cost currency. */
    unitCost: money.nullable().optional(),
    attributesItem: z.record(z.string(), z.string()),
  })
  .meta({ id: 'CartItemSize' });
export type CartItemSize = z.infer<typeof cartItemSize>;

/** One line of the cart (ordering §3 Order item, STANDARD fields). */
export const cartItem = z
  .object({
    orderItemId: z.number().int(),
    productSubcode: z.string(),
    description: z.string(),
    packSize: z.number().int(),
    quantity: z.number().int(),
    productType,
    variableDataProduct: z.boolean(),
    sizes: z.array(cartItemSize),
    attributes: z.record(z.string(), z.string()),
    careLabel: z.record(z.string(), z.unknown()).nullable(),
    productThumbnail: z.object({ path: z.string(), type: z.string().nullable() }).nullable(),
    unitPrice: money.nullable().optional(),
    unitCost: money.nullable().optional(),
    totalPrice: money.optional(),
    totalCost: money.optional(),
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
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof cartResponse>;

const headerText = (max: number) => z.string().trim().max(max).nullable();

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
    dateRequested: z.iso.date('dateRequested must be a date YYYY-MM-DD').nullable(),
    shippingAddress: z
      .string()
      .trim()
      .max(
        LIMITS.shippingAddressMaxLength,
        `Shipping address cannot exceed ${LIMITS.shippingAddressMaxLength} characters`,
      )
      .nullable(),
    deliveryMethod: headerText(255),
    deliveryAccount: headerText(255),
    billingAccount: headerText(255),
    billingAddress: headerText(1000),
    comments: headerText(4000),
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
