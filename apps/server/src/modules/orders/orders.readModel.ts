/**
 * Loads the one read model of an order (orders.record.ts) — the cart, order details, PDFs and mail
 * are all views of what this returns. Callers have already decided the user may see the order
 * (orders.scope.ts); this reads everything stored about it, unfiltered.
 *
 * Currencies (one rule for every view): prices in the order's price currency, else its vendor's
 * currency, else USD (the house currency of a user without vendor); costs in the order's cost
 * currency, else its factory's currency, else none (an empty cart has no cost currency yet).
 */
import type { ArtworkStatus, OrderStatus } from '@selvedge/shared';
import { ORDER_STATUSES } from '@selvedge/shared';
import { type Db, queries, type Tx } from '../../platform/db';
import type { OrderLineRecord, OrderRecord, ProductType } from './orders.record';
import { type OrderRow, ordersRepository as repo } from './orders.repository';

type Q = Db | Tx;

/** The price currency of an order whose user has no vendor (DESIGN.md Money: one house currency). */
export const DEFAULT_PRICE_CURRENCY = 'USD';

const PRODUCT_TYPES: readonly string[] = ['STANDARD', 'VARIABLE_DATA', 'DYNAMIC'];
const asProductType = (s: string): ProductType =>
  PRODUCT_TYPES.includes(s) ? (s as ProductType) : 'STANDARD';
/** A stored status, checked. */
export const asStatus = (s: string): OrderStatus => {
  if ((ORDER_STATUSES as readonly string[]).includes(s)) return s as OrderStatus;
  throw new Error(`unknown order status ${s}`);
};

/** Everything stored about the order `row` (already found within the user's scope). */
export async function loadOrderRecord(q: Q, row: OrderRow): Promise<OrderRecord> {
  const items = await repo.listItems(q, row.id);
  const itemIds = items.map((i) => i.id);
  const [parties, sizes, versions, lists] = await queries(q, [
    () => repo.parties(q, row.id),
    () => repo.listItemSizes(q, itemIds),
    () => repo.listArtworkVersions(q, itemIds),
    () => repo.orderLists(q, row.id),
  ] as const);
  const { charges, logs, documents, productionPOs, packingSlips: slips } = lists;

  const factoryIds = [
    ...new Set(
      [row.factoryId, ...items.map((i) => i.factoryId), ...productionPOs.map((p) => p.factoryId)].filter(
        (id): id is number => id != null,
      ),
    ),
  ];
  const factories = await repo.factoriesByIds(q, factoryIds);
  const priceCurrencyId = parties.priceCurrency?.id ?? null;
  const priceCurrency = parties.priceCurrency?.code || DEFAULT_PRICE_CURRENCY;
  const orderFactory = factories.find((f) => f.id === row.factoryId);
  const costCurrency = parties.costCurrency?.code ?? orderFactory?.currency ?? null;
  const mins =
    priceCurrencyId != null
      ? await repo.listMinValues(q, [...new Set(items.map((i) => i.productSubcodeId))], priceCurrencyId)
      : [];
  const minBySubcode = new Map(mins.map((m) => [m.productSubcodeId, m.price]));

  const lines: OrderLineRecord[] = items.map((i) => ({
    orderItemId: i.id,
    productSubcodeId: i.productSubcodeId,
    productSubcode: i.productSubcode,
    description: i.description,
    productCode: i.productCode,
    packSize: i.packSize,
    productType: asProductType(i.productType),
    poNumber: i.poNumber,
    styleNumber: i.styleNumber,
    productImagePath: i.productImagePath,
    productImageType: i.productImageType,
    factoryId: i.factoryId,
    attributes: i.attributes ?? {},
    careLabel: i.careLabel ?? null,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    unitCost: i.unitCost,
    totalPrice: i.totalPrice,
    totalCost: i.totalCost,
    minValue: minBySubcode.get(i.productSubcodeId) ?? null,
    artwork:
      i.artworkStatus == null
        ? null
        : {
            status: i.artworkStatus as ArtworkStatus,
            artworkFinalized: i.artworkFinalized,
            comments: i.artworkComments,
            versions: versions
              .filter((v) => v.orderItemId === i.id)
              .map((v) => ({
                versionId: v.id,
                version: v.version,
                fileName: v.fileName,
                contentType: v.contentType,
                size: v.size,
                sha256: v.sha256,
                storageKey: v.storagePath,
                uploadedByName: v.uploadedByName,
                uploadedAt: v.uploadedAt,
                status: v.status as 'UPLOADED' | 'APPROVED' | 'REJECTED',
                comment: v.comment,
                reviewedByName: v.reviewedByName,
                reviewedAt: v.reviewedAt,
              })),
          },
    sizes: sizes
      .filter((s) => s.orderItemId === i.id)
      .map((s) => ({
        orderItemSizeId: s.id,
        productItemId: s.productItemId,
        size: s.size,
        quantity: s.quantity,
        attributesItem: s.attributesItem ?? {},
        unitPrice: s.unitPrice,
        unitCost: s.unitCost,
      })),
  }));

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
    vendor: parties.vendor
      ? {
          id: parties.vendor.id,
          name: parties.vendor.name,
          address: parties.vendor.address,
          vendorNumber: parties.vendor.vendorNumber,
        }
      : null,
    customer: parties.customer ? { ...parties.customer, address: null } : null,
    productionRegion: parties.region,
    factoryId: row.factoryId,
    factories: factories.map((f) => ({
      id: f.id,
      name: f.name,
      shortCode: f.shortCode,
      address: f.address,
      telephone: f.telephone,
      currency: f.currency,
    })),
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
