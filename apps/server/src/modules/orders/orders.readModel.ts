/**
 * Loads the one read model of an order (orders.record.ts) — the cart, order details, PDFs and mail
 * are all views of what this returns. Callers have already decided the user may see the order
 * (access/access.ts); this reads everything stored about it, unfiltered.
 *
 * Currencies (one rule for every view): prices in the order's price currency, else its vendor's
 * currency, else USD (the house currency of a user without vendor); costs in the order's cost
 * currency, else its factory's currency, else none (an empty cart has no cost currency yet).
 */
import type { ArtworkStatus, OrderStatus } from '@selvedge/shared';
import { ORDER_STATUSES } from '@selvedge/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { type ScopeUser, scopeAssignments } from '../access/access';
import type { OrderLineRecord, OrderRecord, ProductType } from './orders.record';
import { orderRecordRepository } from './orders.record.repository';

type Q = Db | Tx;

/** The price currency of an order whose user has no vendor (ARCHITECTURE.md Money: one house currency). */
export const DEFAULT_PRICE_CURRENCY = 'USD';

const PRODUCT_TYPES: readonly string[] = ['STANDARD', 'VARIABLE_DATA', 'DYNAMIC'];
const asProductType = (s: string): ProductType =>
  PRODUCT_TYPES.includes(s) ? (s as ProductType) : 'STANDARD';
/** A stored status, checked. */
export const asStatus = (s: string): OrderStatus => {
  if ((ORDER_STATUSES as readonly string[]).includes(s)) return s as OrderStatus;
  throw new Error(`unknown order status ${s}`);
};

/**
 * The order with this id inside `scope` (access/access.ts; sql`true` for callers that have decided
 * already) as its read model, read in one statement (orderRecordRepository.findOrderRecord); null when
 * there is no such order inside the scope.
 */
export async function findOrderRecord(q: Q, id: number, scope: SQL): Promise<OrderRecord | null> {
  const parts = await orderRecordRepository.findOrderRecord(q, id, scope);
  return parts ? recordOf(parts) : null;
}

/**
 * The placed order with this id within what `user` may see (orderScope), as its read model, in one
 * statement compiled once (order details, the answers of order actions, generated documents);
 * null when the user may not see it or there is none.
 */
export async function findPlacedOrderRecord(q: Q, id: number, user: ScopeUser): Promise<OrderRecord | null> {
  const parts = await orderRecordRepository.placedOrderRecord(q, id, scopeAssignments(user));
  return parts ? recordOf(parts) : null;
}

/**
 * Everything stored about the order `orderId` (already found within the user's scope), as it is
 * now in `q` (a transaction sees its own writes). Throws when the order is gone.
 */
export async function loadOrderRecord(q: Q, orderId: number): Promise<OrderRecord> {
  const parts = await orderRecordRepository.orderRecordById(q, orderId);
  if (!parts) throw new Error(`loadOrderRecord: order ${orderId} is gone`);
  return recordOf(parts);
}

type RecordParts = NonNullable<Awaited<ReturnType<typeof orderRecordRepository.findOrderRecord>>>;

function recordOf(parts: RecordParts): OrderRecord {
  const { row } = parts;
  const { charges, logs, documents, productionPOs, packingSlips: slips, factories } = parts;
  const priceCurrencyId = parts.priceCurrency?.id ?? null;
  const priceCurrency = parts.priceCurrency?.code || DEFAULT_PRICE_CURRENCY;
  const orderFactory = factories.find((f) => f.id === row.factoryId);
  const costCurrency = parts.costCurrency?.code ?? orderFactory?.currency ?? null;

  const lines: OrderLineRecord[] = parts.lines.map(
    ({ artworkStatus, artworkFinalized, artworkComments, versions, ...line }) => ({
      ...line,
      productType: asProductType(line.productType),
      attributes: line.attributes ?? {},
      careLabel: line.careLabel ?? null,
      artwork:
        artworkStatus == null
          ? null
          : {
              status: artworkStatus as ArtworkStatus,
              artworkFinalized,
              comments: artworkComments,
              versions: versions.map((v) => ({
                ...v,
                status: v.status as 'UPLOADED' | 'APPROVED' | 'REJECTED',
              })),
            },
    }),
  );

  return {
    orderId: row.id,
    orderStatus: asStatus(row.orderStatus),
    cancelled: row.cancelled,
    financeApproval: row.financeApproval,
    financeApprovedAt: row.financeApprovedAt,
    hasArtwork: row.hasArtwork,
    csrArtPrepared: row.csrArtPrepared,
    csrProductionConfirmed: row.csrProductionConfirmed,
    userId: row.userId,
    vendor: parts.vendor,
    customer: parts.customer ? { ...parts.customer, address: null } : null,
    productionRegion: parts.region,
    factoryId: row.factoryId,
    factories,
    vendorPO: row.vendorPO,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    dateRequested: row.dateRequested,
    shippingAddress: row.shippingAddress,
    deliveryMethod: row.deliveryMethod,
    deliveryAccount: row.deliveryAccount,
    billingAccount: row.billingAccount,
    billingAddress: row.billingAddress,
    comments: row.comments,
    orderDate: row.orderDate,
    createdAt: row.createdAt,
    estimatedCompletionDate: row.estimatedCompletionDate,
    shipAndCompleteDate: row.shipAndCompleteDate,
    invoiceNumber: row.invoiceNumber,
    priceCurrency,
    priceCurrencyId,
    costCurrency,
    totalPrice: row.totalPrice,
    totalCost: row.totalCost,
    items: lines,
    charges,
    logs,
    documents: documents.map((d) => ({ ...d, kind: d.kind as 'RELATED' | 'SHIPPING' })),
    productionPurchaseOrders: productionPOs,
    packingSlips: slips.map((p) => ({ ...p, kind: p.kind as 'VENDOR' | 'PRODUCTION' })),
  };
}
