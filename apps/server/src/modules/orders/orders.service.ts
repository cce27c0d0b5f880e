/**
 * Order list and order details (ordering §2 Order list, Order details; §3; §4; §5 Order date
 * filter; §6 Visibility; §9).
 *
 * - Rows: only orders inside `orderScope` (orders.scope.ts); another tenant's order or a cart is 404.
 * - Fields: what a role may not see (ordering §6 Visibility) is left out of the answer object
 *   (not set to null): prices without canSee('price'), costs without canSee('cost'), logs without
 *   canSee('logs'), shipping documents without canSee('shippingDocuments'), and the artwork review
 *   comments for VENDOR outside NEEDS_ART_APPROVAL.
 * - Filter dates are calendar days and times in UTC; an end date reaches to the end of its day; an
 *   end date before the start date is ignored (the screen clears it, §5).
 */
import {
  canSee,
  type DocumentRef,
  type Money,
  ORDER_STATUS_STEP,
  ORDER_STATUSES,
  type OrderDetails,
  type OrderItem,
  type OrderListEntry,
  type OrderListQuery,
  type OrderListResponse,
  type OrderStatus,
  orderItem as orderItemSchema,
  parseFilterDate,
  type Role,
  toFixedAmount,
} from '@selvedge/shared';
import { and, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app';
import type { AuthUser } from '../../platform/auth';
import { orders } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { type OrderHeaderRow, type OrderListRow, ordersRepository as repo } from './orders.repository';
import { orderScope } from './orders.scope';

export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
} as const;

const MAX_ID = 2_147_483_647;
const DAY_MS = 86_400_000;

/** Totals travel with 2 decimals, unit prices and costs with 4 (DESIGN.md Money, ordering §9). */
const total = (currency: string | null, amount: string): Money => ({
  currency: currency ?? '',
  price: toFixedAmount(amount, 2),
});
const unit = (currency: string | null, amount: string): Money => ({
  currency: currency ?? '',
  price: toFixedAmount(amount, 4),
});

const asStatus = (s: string): OrderStatus => {
  if ((ORDER_STATUSES as readonly string[]).includes(s)) return s as OrderStatus;
  throw new Error(`unknown order status ${s}`);
};
type ProductType = OrderItem['productType'];
const PRODUCT_TYPES: readonly string[] = orderItemSchema.shape.productType.options;
const asProductType = (s: string): ProductType =>
  PRODUCT_TYPES.includes(s) ? (s as ProductType) : 'STANDARD';

/** The [from, to) bounds on orderDate of the list's date filters. */
export function orderDateBounds(startDate?: string, endDate?: string): { from?: Date; to?: Date } {
  const start = startDate ? parseFilterDate(startDate) : null;
  const end = endDate ? parseFilterDate(endDate) : null;
  const from = start ? new Date(`${start.day}T${start.time ?? '00:00:00'}Z`) : undefined;
  // The end date reaches to the end of its day, whatever time it carries (ordering §9).
  let to = end ? new Date(Date.parse(`${end.day}T00:00:00Z`) + DAY_MS) : undefined;
  // A start after the end: the end date is cleared (ordering §5 Order date filter).
  if (from && to && from.getTime() >= to.getTime()) to = undefined;
  return { from, to };
}

/** The SQL condition of the list's filters (without the scope). */
export function orderFilters(q: OrderListQuery): SQL[] {
  const where: SQL[] = [];
  if (q.orderNumber !== undefined) where.push(eq(orders.id, Number(q.orderNumber)));
  if (q.financeApproval) where.push(eq(orders.financeApproval, q.financeApproval === 'APPROVED'));
  switch (q.orderStatus) {
    case undefined:
    case 'ALL':
      break;
    case 'OPEN_ORDERS':
      where.push(ne(orders.orderStatus, 'COMPLETE_AND_SHIPPED'), eq(orders.cancelled, false));
      break;
    case 'CANCELLED':
      where.push(eq(orders.cancelled, true));
      break;
    default:
      where.push(eq(orders.orderStatus, q.orderStatus), eq(orders.cancelled, false));
  }
  if (q.cancelled !== undefined) where.push(eq(orders.cancelled, q.cancelled === 'true'));
  if (q.customer !== undefined) where.push(eq(orders.customerId, q.customer));
  if (q.company !== undefined) where.push(eq(orders.vendorId, q.company));
  if (q.productionRegion !== undefined) where.push(eq(orders.productionRegionId, q.productionRegion));
  const { from, to } = orderDateBounds(q.startDate, q.endDate);
  if (from) where.push(gte(orders.orderDate, from));
  if (to) where.push(lt(orders.orderDate, to));
  return where;
}

const orderDateIso = (r: { orderDate: Date | null; createdAt: Date }) =>
  (r.orderDate ?? r.createdAt).toISOString();

function listEntry(r: OrderListRow, role: Role): OrderListEntry {
  const entry: OrderListEntry = {
    orderId: r.id,
    orderNumber: String(r.id),
    orderDate: orderDateIso(r),
    company: r.company,
    customer: r.customer,
    productionRegion: r.productionRegion,
    vendorPO: r.vendorPO,
    productionPONumbers: [],
    orderStatus: asStatus(r.orderStatus),
    financeApproval: r.financeApproval,
    hasArtwork: r.hasArtwork,
    cancelled: r.cancelled,
  };
  if (canSee('price', role)) entry.totalPrice = total(r.priceCurrency, r.totalPrice);
  if (canSee('cost', role)) entry.totalCost = total(r.costCurrency, r.totalCost);
  return entry;
}

/** Lines that need artwork: every one has it uploaded or approved / has been reviewed. */
export function artworkProgress(items: { artwork: { status: string } | null }[]) {
  const withArt = items.filter((i) => i.artwork);
  return {
    allArtPrepared: withArt.every(
      (i) => i.artwork?.status === 'UPLOADED' || i.artwork?.status === 'APPROVED',
    ),
    allArtReviewed: withArt.every(
      (i) => i.artwork?.status === 'APPROVED' || i.artwork?.status === 'REJECTED',
    ),
  };
}

export function createOrderService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** GET /orders: one page of the user's placed orders matching the filters, newest first. */
    async list(user: AuthUser, q: OrderListQuery): Promise<OrderListResponse> {
      const where = and(orderScope(user), ...orderFilters(q)) as SQL;
      const { page, size } = q;
      const rows = await repo.listOrders(db, where, size, page * size);
      // A short page is the last one: its count is known without a second query.
      const short = rows.length < size && (rows.length > 0 || page === 0);
      const totalItems = short ? page * size + rows.length : await repo.countOrders(db, where);
      return {
        orders: rows.map((r) => listEntry(r, user.role)),
        currentPage: page,
        pageSize: size,
        lastPage: (page + 1) * size >= totalItems,
        totalItems,
      };
    },

    /** GET /orders/{id}: the order with its lines, charges, documents and logs as the role may see them. */
    async details(user: AuthUser, idText: string): Promise<OrderDetails> {
      const id = Number(idText);
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound(ORDER_MESSAGES.notFound);
      const o = await repo.findOrder(db, id, orderScope(user));
      if (!o) throw notFound(ORDER_MESSAGES.notFound);
      return buildDetails(user.role, o);
    },
  };

  async function buildDetails(role: Role, o: OrderHeaderRow): Promise<OrderDetails> {
    const seesPrice = canSee('price', role);
    const seesCost = canSee('cost', role);
    const seesLogs = canSee('logs', role);
    const seesShippingDocs = canSee('shippingDocuments', role);
    const status = asStatus(o.orderStatus);
    // Artwork comments are hidden from the vendor except during review (ordering §6 Visibility).
    const seesArtComments = role !== 'VENDOR' || status === 'NEEDS_ART_APPROVAL';

    const items = await repo.listItems(db, o.id);
    const [sizes, mins, charges, logs, documents] = await Promise.all([
      repo.listItemSizes(
        db,
        items.map((i) => i.id),
      ),
      seesPrice && o.priceCurrencyId !== null
        ? repo.listMinValues(db, [...new Set(items.map((i) => i.productSubcodeId))], o.priceCurrencyId)
        : Promise.resolve([]),
      seesPrice ? repo.listCharges(db, o.id) : Promise.resolve([]),
      seesLogs ? repo.listLogs(db, o.id) : Promise.resolve([]),
      repo.listDocuments(db, o.id),
    ]);
    const minBySubcode = new Map(mins.map((m) => [m.productSubcodeId, m.price]));

    const orderItems: OrderItem[] = items.map((i) => {
      const needsArt = i.needsArtwork || i.artworkStatus !== null;
      const artwork: OrderItem['artwork'] = needsArt
        ? {
            name: i.artworkName,
            status: (i.artworkStatus ?? 'NEEDS_UPLOAD') as NonNullable<OrderItem['artwork']>['status'],
            artworkFinalized: i.artworkFinalized,
          }
        : null;
      if (artwork && seesArtComments) artwork.comments = i.artworkComments;
      const item: OrderItem = {
        orderItemId: i.id,
        productSubcode: i.productSubcode,
        description: i.description,
        packSize: i.packSize,
        quantity: i.quantity,
        productType: asProductType(i.productType),
        variableDataProduct: i.productType !== 'STANDARD',
        poNumber: i.poNumber,
        productThumbnail: i.productImagePath ? { path: i.productImagePath, type: i.productImageType } : null,
        sizes: sizes
          .filter((s) => s.orderItemId === i.id)
          .map((s) => {
            const size: OrderItem['sizes'][number] = {
              size: s.size,
              quantity: s.quantity,
              attributesItem: s.attributesItem ?? {},
            };
            const unitPrice = s.unitPrice ?? i.unitPrice;
            const unitCost = s.unitCost ?? i.unitCost;
            if (seesPrice && unitPrice !== null) size.unitPrice = unit(o.priceCurrency, unitPrice);
            if (seesCost && unitCost !== null) size.unitCost = unit(o.costCurrency, unitCost);
            return size;
          }),
        attributes: i.attributes ?? {},
        artwork,
        careLabel: i.careLabel ?? null,
      };
      if (seesPrice) {
        if (i.unitPrice !== null) item.unitPrice = unit(o.priceCurrency, i.unitPrice);
        const min = minBySubcode.get(i.productSubcodeId);
        if (min !== undefined) item.minValue = total(o.priceCurrency, min);
        item.totalPrice = total(o.priceCurrency, i.totalPrice);
      }
      if (seesCost) {
        if (i.unitCost !== null) item.unitCost = unit(o.costCurrency, i.unitCost);
        item.totalCost = total(o.costCurrency, i.totalCost);
      }
      return item;
    });

    const ref = (d: { documentId: number; name: string }): DocumentRef => ({
      documentId: d.documentId,
      name: d.name,
    });
    const details: OrderDetails = {
      orderId: o.id,
      orderStatus: status,
      cancelled: o.cancelled,
      cancelAllowed: !o.cancelled && ORDER_STATUS_STEP[status] < ORDER_STATUS_STEP.PRODUCTION_CONFIRMED,
      financeApproval: o.financeApproval,
      hasArtwork: o.hasArtwork,
      ...artworkProgress(orderItems),
      csrArtPrepared: o.csrArtPrepared,
      csrProductionConfirmed: o.csrProductionConfirmed,
      company: o.company,
      customer: o.customer,
      productionRegion: o.productionRegion,
      orderDate: orderDateIso(o),
      dateRequested: o.dateRequested,
      estimatedCompletionDate: o.estimatedCompletionDate,
      shipAndCompleteDate: o.shipAndCompleteDate ? o.shipAndCompleteDate.toISOString() : null,
      invoiceNumber: o.invoiceNumber,
      vendorPO: o.vendorPO,
      vendorPackingSlip: null,
      productionsPurchaseOrders: [],
      productionPackingSlips: [],
      billingAccount: o.billingAccount,
      billingAddress: o.billingAddress,
      shippingAddress: o.shippingAddress,
      contact: o.contact,
      email: o.email,
      phone: o.phone,
      deliveryMethod: o.deliveryMethod,
      deliveryAccount: o.deliveryAccount,
      comments: o.comments,
      relatedDocs: documents.filter((d) => d.kind === 'RELATED').map(ref),
      orderItems,
    };
    if (seesPrice) {
      details.totalPrice = total(o.priceCurrency, o.totalPrice);
      details.orderCharges = charges.map((c) => ({
        chargeName: c.chargeName,
        subcode: c.subcode,
        subCodeDescription: c.subCodeDescription,
        charge: total(c.currency, c.charge),
      }));
    }
    if (seesCost) details.totalCost = total(o.costCurrency, o.totalCost);
    if (seesShippingDocs) details.shippingDocs = documents.filter((d) => d.kind === 'SHIPPING').map(ref);
    if (seesLogs) {
      details.logs = logs.map((l) => ({
        timestamp: l.timestamp.toISOString(),
        user: l.user,
        description: l.description,
      }));
    }
    return details;
  }
}
