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
import { MESSAGES } from '../messages';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { NEEDS_ACTION_STEPS } from '../rules/needsAction';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES, type OrderStatusFilter } from '../rules/orderStatus';
import { ARTWORK_ACTIONS, ARTWORK_STATUSES, ORDER_ACTIONS } from '../rules/orderWorkflow';
import { orderCharge, orderItemFields, orderItemSizeFields } from './cart';
import {
  bodyId,
  calendarDate,
  documentRef,
  MAX_ID,
  money,
  pagingInfo,
  pathId,
  queryId,
  safeText,
} from './common';

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
  // Years outside 1900–2999 are not dates anyone filters on (and 9999-12-31 + 1 day leaves the range).
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)) return null;
  return { day: `${y}-${mo}-${d}`, time: h === undefined ? null : `${h}:${mi}:${s}` };
}

const filterDate = (what: string) =>
  z
    .string()
    .refine((v) => parseFilterDate(v) !== null, V.filterDate)
    .describe(what);

// ---------------------------------------------------------------- order list

const ORDER_STATUS_FILTER_VALUES = ORDER_STATUS_FILTERS.map((f) => f.value) as [
  OrderStatusFilter,
  ...OrderStatusFilter[],
];
/** An id filter: `what` in the refusal ('a customer id'), `description` in the OpenAPI document. */
const entityId = (what: string, description: string) => queryId(what).describe(description);

/** Largest page size of the order list. */
export const ORDER_LIST_MAX_SIZE = 200;

/**
 * Query of GET /orders. Every filter is optional; an absent (or empty) filter does not filter.
 * The screen's defaults (ordering §3 Session state: Open Orders, start date 30 days back, page 0,
 * size 50) are the web app's to send. An order number finds that order whatever the other filters
 * (only the user's scope still applies: docs/decisions/0016).
 */
export const orderListQuery = z.object({
  orderNumber: z
    .string()
    .regex(/^\d{1,10}$/, V.idDigits('an order number'))
    .refine((v) => Number(v) <= MAX_ID, V.idDigits('an order number'))
    .optional()
    .describe('Exact order number (the orderId); when given, every other filter is ignored'),
  financeApproval: z
    .enum(['APPROVED', 'NOT_APPROVED'])
    .optional()
    .describe('APPROVED: finance approval given; NOT_APPROVED: not yet given'),
  orderStatus: z
    .enum(ORDER_STATUS_FILTER_VALUES)
    .optional()
    .describe(
      'ordering §4 List filter mapping: READY_TO_SHIP is Open Orders — every placed order not shipped and not ' +
        'cancelled; NEEDS_ARTWORK (Placed), NEEDS_ART_APPROVAL (Art Prepared), PRODUCTION_READY (Art Approved), ' +
        'PRODUCTION_CONFIRMED, COMPLETE_AND_SHIPPED (Shipped): orders in that status that are not cancelled; ' +
        'CANCELLED: cancelled orders; absent: any',
    ),
  needsAction: z
    .enum(NEEDS_ACTION_STEPS)
    .optional()
    .describe(
      'Only the orders waiting for the signed-in user at this step (the orders counted by GET /orders/needs-action)',
    ),
  cancelled: z
    .enum(['true', 'false'])
    .optional()
    .describe('Only cancelled (true) or only not cancelled (false) orders'),
  customer: entityId('a customer id', 'Customer id').optional(),
  company: entityId('a vendor id', 'Vendor id (the ordering company)').optional(),
  productionRegion: entityId('a production region id', 'Production region id').optional(),
  startDate: filterDate('Orders placed at or after this time (UTC); a date alone means 00:00:00').optional(),
  endDate: filterDate(
    'Orders placed on or before this day (UTC), up to its end whatever the time given; ignored when startDate is after it',
  ).optional(),
  page: z.coerce.number().int().min(0).max(10_000_000).default(0).describe('Page number, from 0'),
  size: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_SIZE).default(50).describe('Page size, 1 to 200'),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** File formats of the downloads (ordering §7 Downloads; decision 0049): CSV, or the same rows as .xlsx. */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/** `?format=` of every download: csv (the default) or xlsx. */
export const downloadFormatQuery = z.object({
  format: z
    .enum(DOWNLOAD_FORMATS)
    .default('csv')
    .describe('csv (UTF-8 with BOM; the default) or xlsx (the same rows in a spreadsheet, typed cells)'),
});
/** Query of the order-list downloads: the list's filters and the file format. */
export const orderDownloadQuery = orderListQuery.extend(downloadFormatQuery.shape);
export type OrderDownloadQuery = z.infer<typeof orderDownloadQuery>;
export type OrderListQueryInput = z.input<typeof orderListQuery>;

export const orderStatusSchema = z.enum(ORDER_STATUSES);

// ---------------------------------------------------------------- needs my action

/** One step of "Needs my action": how many orders wait for the user there. */
export const needsActionCount = z
  .object({
    step: z.enum(NEEDS_ACTION_STEPS),
    label: z.string().describe("What the step asks, e.g. 'Artwork to upload'"),
    action: z.enum(ORDER_ACTIONS).describe('The order action the step ends with (ordering §4 Order actions)'),
    count: z.number().int().describe('Orders in the user’s scope waiting at this step'),
  })
  .meta({ id: 'NeedsActionCount' });
export type NeedsActionCount = z.infer<typeof needsActionCount>;

/** Answer of GET /orders/needs-action: the steps of the user's role, in the order of an order's life. */
export const needsActionResponse = z
  .object({
    steps: z.array(needsActionCount),
    total: z
      .number()
      .int()
      .describe('How many orders wait for the user at any step (an order waiting at two steps counts once)'),
  })
  .meta({ id: 'NeedsActionResponse' });
export type NeedsActionResponse = z.infer<typeof needsActionResponse>;

export const orderListEntry = z
  .object({
    orderId: z.number().int(),
    orderNumber: z.string().describe('The order number shown to users: the orderId as a string'),
    orderDate: z.iso.datetime().describe('When the order was placed (ISO 8601, UTC)'),
    company: z.string().nullable().describe('Company name of the ordering vendor'),
    customerId: z
      .number()
      .int()
      .nullable()
      .describe(
        "The customer's id (its parserType is GET /customers'; 'Download Data' shows for a Dunnes one)",
      ),
    customer: z.string().nullable().describe('Customer (brand) name'),
    productionRegion: z.string().nullable().describe('Production region name'),
    vendorPO: z.string().nullable(),
    productionPONumbers: z.array(z.string()).describe('Production purchase order numbers (none yet)'),
    orderStatus: orderStatusSchema,
    financeApproval: z.boolean(),
    hasArtwork: z.boolean(),
    hasVariableData: z
      .boolean()
      .describe(
        'A line is VARIABLE_DATA or DYNAMIC: its data can be downloaded (GET /orders/{id}/download-data)',
      ),
    cancelled: z.boolean(),
    totalPrice: money.optional().describe("Only for roles that see prices (canSee('price'))"),
    totalCost: money.optional().describe("Only for roles that see costs (canSee('cost'))"),
  })
  .meta({ id: 'OrderListEntry' });
export type OrderListEntry = z.infer<typeof orderListEntry>;

export const orderListResponse = z
  .object({ orders: z.array(orderListEntry) })
  .extend(pagingInfo.shape)
  .extend({
    totalItemsCapped: z
      .literal(true)
      .optional()
      .describe(
        'Present when more orders match than the list counts (1,000): totalItems is then a lower bound ("1,000+"); lastPage stays exact',
      ),
  })
  .meta({ id: 'OrderListResponse' });
export type OrderListResponse = z.infer<typeof orderListResponse>;

// ---------------------------------------------------------------- order details

export const orderIdParam = z.object({ id: pathId('an order number') });

export const orderArtworkStatusSchema = z.enum(ARTWORK_STATUSES);

export const orderItemSize = z
  .object({
    ...orderItemSizeFields,
    unitPrice: money.optional(),
    unitCost: money.optional(),
  })
  .meta({ id: 'OrderItemSize' });

export const artworkVersion = z
  .object({
    versionId: z.number().int(),
    version: z.number().int().describe('1 for the first upload of the line, then 2, 3…'),
    name: z.string().describe('File name as uploaded (shown only; never used as a path)'),
    contentType: z.string().describe('Type read from the file content, e.g. application/pdf'),
    size: z.number().int().describe('Bytes'),
    sha256: z.string().describe('SHA-256 of the file, hex'),
    uploadedBy: z.string(),
    uploadedAt: z.iso.datetime(),
    status: z.enum(['UPLOADED', 'APPROVED', 'REJECTED']),
    comment: z
      .string()
      .nullable()
      .optional()
      .describe('Review comment; left out for VENDOR except in NEEDS_ART_APPROVAL'),
    reviewedBy: z.string().nullable(),
    reviewedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ArtworkVersion' });
export type ArtworkVersion = z.infer<typeof artworkVersion>;

export const orderItemArtwork = z
  .object({
    name: z.string().nullable().describe('File name of the current artwork version; null before upload'),
    status: orderArtworkStatusSchema,
    comments: z
      .string()
      .nullable()
      .optional()
      .describe('Review comments; left out for VENDOR except in NEEDS_ART_APPROVAL'),
    artworkFinalized: z.boolean(),
    actions: z
      .array(z.enum(ARTWORK_ACTIONS))
      .describe('What the signed-in user may do with this artwork now: upload a version, review it'),
    versions: z.array(artworkVersion).describe('Every uploaded version, newest first'),
  })
  .meta({ id: 'OrderItemArtwork' });

/** One line of an order (ordering §3 Order item): the cart line's fields, its artwork and digital link. */
export const orderItem = z
  .object({
    ...orderItemFields,
    sizes: z.array(orderItemSize),
    unitPrice: money.optional(),
    unitCost: money.optional(),
    minValue: money
      .optional()
      .describe('Minimum order value of the subcode; price roles only, when one is set'),
    artwork: orderItemArtwork.nullable().describe('Null when the line needs no artwork'),
    digitalLink: z
      .string()
      .nullable()
      .optional()
      .describe(
        "Order details: the GS1 Digital Link of the care label's product passport (its QR code); null when the line has none",
      ),
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
    customerId: z
      .number()
      .int()
      .nullable()
      .describe(
        "The customer's id (its parserType is GET /customers'; 'Download Data' shows for a Dunnes one)",
      ),
    customer: z.string().nullable(),
    productionRegion: z.string().nullable(),
    orderDate: z.iso.datetime(),
    dateRequested: z.iso.date().nullable(),
    estimatedCompletionDate: z.iso.date().nullable(),
    shipAndCompleteDate: z.iso.datetime().nullable(),
    invoiceNumber: z.string().nullable(),
    vendorPO: z.string().nullable(),
    vendorPackingSlip: z
      .string()
      .nullable()
      .describe('Number of the vendor packing slip; null until shipped'),
    productionsPurchaseOrders: z
      .array(z.object({ productionPO: z.string(), purchaseOrderId: z.number().int() }))
      .describe('One per factory making items of the order, from PRODUCTION_READY on; cost roles only'),
    productionPackingSlips: z
      .array(z.object({ productionPackingSlipNumber: z.string(), packingSlipId: z.number().int() }))
      .describe('One per factory, made at shipping'),
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
    actions: z
      .array(z.enum(ORDER_ACTIONS))
      .describe('The order actions the signed-in user may take now (the state machine of ordering §4, §6)'),
  })
  .meta({ id: 'Order' });
export type OrderDetails = z.infer<typeof orderDetails>;

// ---------------------------------------------------------------- order actions (ordering §7)

/** Answer of every order action: the spec's success text and the order as it is now. */
export const orderActionResponse = z
  .object({ message: z.string(), order: orderDetails })
  .meta({ id: 'OrderActionResponse' });
export type OrderActionResponse = z.infer<typeof orderActionResponse>;

export const orderItemParams = z.object({ id: orderIdParam.shape.id, itemId: pathId('an order item id') });

/** Longest artwork review comment and invoice number. */
export const ORDER_TEXT_LIMITS = { comment: 2000, invoiceNumber: 50 } as const;

/** PUT /orders/{id}/artwork/{itemId}: approve or reject one line's current artwork; a comment is required. */
export const artworkReviewBody = z
  .object({
    comment: safeText(ORDER_TEXT_LIMITS.comment, { multiline: true })
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, MESSAGES.artworkCommentRequired),
    approved: z.boolean(),
  })
  .meta({ id: 'ArtworkReview' });
export type ArtworkReviewBody = z.infer<typeof artworkReviewBody>;

/** POST /orders/completion-date (ordering §7): not before today (checked by the server in its time zone). */
export const completionDateBody = z
  .object({
    orderId: bodyId('an order number'),
    estimatedCompletionDate: calendarDate().describe('YYYY-MM-DD, not earlier than today'),
  })
  .meta({ id: 'CompletionDate' });
export type CompletionDateBody = z.infer<typeof completionDateBody>;

/** PUT /orders/invoice-number (ordering §7): an empty invoice number clears it. */
export const invoiceNumberBody = z
  .object({
    orderId: bodyId('an order number'),
    invoiceNumber: safeText(ORDER_TEXT_LIMITS.invoiceNumber).transform((v) => v.trim()),
  })
  .meta({ id: 'InvoiceNumber' });
export type InvoiceNumberBody = z.infer<typeof invoiceNumberBody>;

export const documentParams = z.object({
  id: orderIdParam.shape.id,
  docId: pathId('a document id (documentId, purchaseOrderId or packingSlipId)'),
});

export const artworkVersionParams = orderItemParams.extend({ versionId: pathId('an artwork version id') });
