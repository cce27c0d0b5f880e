/**
 * Order list and order details calls (ordering §2 Order list, Order details; §3 Order, Order list
 * entry, Order item; §5 Order date filter; §7 Orders; §9).
 *
 * Fields a role may not see (ordering §6 Visibility) are optional here and left out of the answer
 * by the server, never sent as null: totalPrice/unitPrice/minValue/orderCharges need
 * canSee('price'), totalCost/unitCost need canSee('cost'), logs need canSee('logs'), shippingDocs
 * need canSee('shippingDocuments'); artwork comments are left out for VENDOR except while the order
 * is in NEEDS_ART_APPROVAL.
 */
import { z } from 'zod';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES, type OrderStatusFilter } from '../rules/orderStatus';
import { orderCharge } from './cart';
import { money, pagingInfo } from './common';

// ---------------------------------------------------------------- filter dates

const FILTER_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/** A filter date split into its calendar day (YYYY-MM-DD) and optional time of day (HH:mm:ss). */
export interface FilterDate {
  day: string;
  time: string | null;
}

/**
 * Parses an order-filter date, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (ordering §9; a 'T' may
 * stand for the space); null when it is not a real calendar date and time.
 */
export function parseFilterDate(value: string): FilterDate | null {
  const m = FILTER_DATE.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)) return null;
  return { day: `${y}-${mo}-${d}`, time: h === undefined ? null : `${h}:${mi}:${s}` };
}

const filterDate = (what: string) =>
  z
    .string()
    .refine((v) => parseFilterDate(v) !== null, 'must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss')
    .describe(what);

// ---------------------------------------------------------------- order list

const MAX_INT = 2_147_483_647;
const ORDER_STATUS_FILTER_VALUES = ORDER_STATUS_FILTERS.map((f) => f.value) as [
  OrderStatusFilter,
  ...OrderStatusFilter[],
];
const entityId = (what: string) => z.coerce.number().int().positive().max(MAX_INT).describe(what);

/** Largest page size of the order list. */
export const ORDER_LIST_MAX_SIZE = 200;

/**
 * Query of GET /orders. Every filter is optional; an absent (or empty) filter does not filter.
 * The screen's defaults (ordering §3 Session state: OPEN_ORDERS, start date 30 days back, page 0,
 * size 50) are the web app's to send.
 */
export const orderListQuery = z.object({
  orderNumber: z
    .string()
    .regex(/^\d{1,10}$/, 'must be an order number (digits only)')
    .refine((v) => Number(v) <= MAX_INT, 'must be an order number (digits only)')
    .optional()
    .describe('Exact order number (the orderId)'),
  financeApproval: z
    .enum(['APPROVED', 'NOT_APPROVED'])
    .optional()
    .describe('APPROVED: finance approval given; NOT_APPROVED: not yet given'),
  orderStatus: z
    .enum(ORDER_STATUS_FILTER_VALUES)
    .optional()
    .describe(
      'OPEN_ORDERS: not shipped and not cancelled; a status: orders in that status that are not cancelled; ' +
        'CANCELLED: cancelled orders; ALL (or absent): any',
    ),
  cancelled: z
    .enum(['true', 'false'])
    .optional()
    .describe('Only cancelled (true) or only not cancelled (false) orders'),
  customer: entityId('Customer id').optional(),
  company: entityId('Vendor id (the ordering company)').optional(),
  productionRegion: entityId('Production region id').optional(),
  startDate: filterDate('Orders placed at or after this time (UTC); a date alone means 00:00:00').optional(),
  endDate: filterDate(
    'Orders placed on or before this day (UTC), up to its end whatever the time given; ignored when startDate is after it',
  ).optional(),
  page: z.coerce.number().int().min(0).max(10_000_000).default(0).describe('Page number, from 0'),
  size: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_SIZE).default(50).describe('Page size, 1 to 200'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export type OrderListQueryInput = z.input<typeof orderListQuery>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderListEntry = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.string().describe('The order number shown to users: the orderId as a string'),
    orderDate: z.iso.datetime().describe('When the order was placed (ISO 8601, UTC)'),
    company: z.string().nullable().describe('Company name of the ordering vendor'),
    customer: z.string().nullable().describe('Customer (brand) name'),
    productionRegion: z.string().nullable().describe('Production region name'),
    vendorPO: z.string().nullable(),
    productionPONumbers: z.array(z.string()).describe('Production purchase order numbers (none yet)'),
    orderStatus: orderStatusSchema,
    financeApproval: z.boolean(),
    hasArtwork: z.boolean(),
    cancelled: z.boolean(),
    totalPrice: money.optional().describe("Only for roles that see prices (canSee('price'))"),
    totalCost: money.optional().describe("Only for roles that see costs (canSee('cost'))"),
  })
  .meta({ id: 'OrderListEntry' });
export type OrderListEntry = z.infer<typeof orderListEntry>;

export const orderListResponse = z
  .object({ orders: z.array(orderListEntry) })
  .extend(pagingInfo.shape)
  .meta({ id: 'OrderListResponse' });
export type OrderListResponse = z.infer<typeof orderListResponse>;

// ---------------------------------------------------------------- order details

export const orderIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be an order number (digits only)')
    .describe('orderId'),
});

export const orderArtworkStatusSchema = z.enum(['NEEDS_UPLOAD', 'UPLOADED', 'REJECTED', 'APPROVED']);

export const documentRef = z
  .object({ documentId: z.number().int(), name: z.string() })
  .meta({ id: 'DocumentRef' });
export type DocumentRef = z.infer<typeof documentRef>;

export const orderItemSize = z
  .object({
    size: z.string(),
    quantity: z.number().int(),
    attributesItem: z.record(z.string(), z.string()).describe('Attribute name → value for this size'),
    unitPrice: money.optional(),
    unitCost: money.optional(),
  })
  .meta({ id: 'OrderItemSize' });

export const orderItemArtwork = z
  .object({
    name: z.string().nullable().describe('File name of the uploaded artwork; null before upload'),
    status: orderArtworkStatusSchema,
    comments: z
      .string()
      .nullable()
      .optional()
      .describe('Review comments; left out for VENDOR except in NEEDS_ART_APPROVAL'),
    artworkFinalized: z.boolean(),
  })
  .meta({ id: 'OrderItemArtwork' });

export const orderItem = z
  .object({
    orderItemId: z.number().int(),
    productSubcode: z.string(),
    description: z.string(),
    packSize: z.number().int(),
    quantity: z.number().int(),
    productType: z.enum(['STANDARD', 'VARIABLE_DATA', 'DYNAMIC']),
    variableDataProduct: z.boolean().describe('True for VARIABLE_DATA and DYNAMIC lines'),
    poNumber: z.string().nullable(),
    productThumbnail: z.object({ path: z.string(), type: z.string().nullable() }).nullable(),
    sizes: z.array(orderItemSize),
    attributes: z.record(z.string(), z.string()).describe('Attribute name → value for the whole line'),
    unitPrice: money.optional(),
    unitCost: money.optional(),
    minValue: money
      .optional()
      .describe('Minimum order value of the subcode; price roles only, when one is set'),
    totalPrice: money.optional(),
    totalCost: money.optional(),
    artwork: orderItemArtwork.nullable().describe('Null when the line needs no artwork'),
    careLabel: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItem>;

export const orderLog = z
  .object({ timestamp: z.iso.datetime(), user: z.string(), description: z.string() })
  .meta({ id: 'OrderLog' });

export const orderDetails = z
  .object({
    orderId: z.number().int(),
    orderStatus: orderStatusSchema,
    cancelled: z.boolean(),
    cancelAllowed: z.boolean().describe('Not cancelled and not yet PRODUCTION_CONFIRMED'),
    financeApproval: z.boolean(),
    hasArtwork: z.boolean(),
    allArtPrepared: z.boolean().describe('Every line that needs artwork has it uploaded or approved'),
    csrArtPrepared: z.boolean(),
    csrProductionConfirmed: z.boolean(),
    allArtReviewed: z.boolean().describe('Every line that needs artwork has been approved or rejected'),
    company: z.string().nullable(),
    customer: z.string().nullable(),
    productionRegion: z.string().nullable(),
    orderDate: z.iso.datetime(),
    dateRequested: z.iso.date().nullable(),
    estimatedCompletionDate: z.iso.date().nullable(),
    shipAndCompleteDate: z.iso.datetime().nullable(),
    invoiceNumber: z.string().nullable(),
    vendorPO: z.string().nullable(),
    vendorPackingSlip: z.string().nullable(),
    productionsPurchaseOrders: z.array(
      z.object({ productionPO: z.string(), purchaseOrderId: z.number().int() }),
    ),
    productionPackingSlips: z.array(
      z.object({ productionPackingSlipNumber: z.string(), packingSlipId: z.number().int() }),
    ),
    totalPrice: money.optional(),
    totalCost: money.optional(),
    billingAccount: z.string().nullable(),
    billingAddress: z.string().nullable(),
    shippingAddress: z.string().nullable(),
    contact: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    deliveryMethod: z.string().nullable(),
    deliveryAccount: z.string().nullable(),
    comments: z.string().nullable(),
    shippingDocs: z.array(documentRef).optional().describe('Left out for CSR'),
    relatedDocs: z.array(documentRef),
    orderItems: z.array(orderItem),
    orderCharges: z.array(orderCharge).optional().describe('Price roles only'),
    logs: z.array(orderLog).optional().describe('Only for roles that see logs'),
  })
  .meta({ id: 'Order' });
export type OrderDetails = z.infer<typeof orderDetails>;
