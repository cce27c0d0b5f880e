/**
 * The answers built from the read model (orders.record.ts) for one signed-in user: order details
 * (ordering §2 Order details, §3 Order) and the cart (§3 Cart). What the role may not see
 * (ordering §6 Visibility, written once in packages/shared permissions) is left out of the answer
 * object — not set to null: prices without canSee('price'), costs without canSee('cost'), logs
 * without canSee('logs'), shipping documents without canSee('shippingDocuments'), production POs
 * without canSee('productionPurchaseOrders'), artwork comments per canSeeArtworkComments.
 * Totals carry 2 decimals, unit prices and costs 4 (ordering §9).
 */
import {
  availableArtworkActions,
  availableOrderActions,
  type Cart,
  cancelAllowed,
  canSee,
  canSeeArtworkComments,
  type DocumentRef,
  type Money,
  type OrderDetails,
  type OrderItem,
  passportLink,
  type Role,
  toFixedAmount,
  type WorkflowActor,
  type WorkflowOrder,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { OrderLineRecord, OrderRecord } from './orders.record';

/** A total: 2 decimals with its currency (ordering §9). */
export const total = (currency: string | null, amount: string): Money => ({
  currency: currency ?? '',
  price: toFixedAmount(amount, 2),
});
/** A unit price or cost: 4 decimals with its currency (ordering §9). */
export const unit = (currency: string | null, amount: string): Money => ({
  currency: currency ?? '',
  price: toFixedAmount(amount, 4),
});

/** The state machine's view of an order record. */
export function workflowOrder(r: OrderRecord): WorkflowOrder {
  return {
    orderStatus: r.orderStatus,
    cancelled: r.cancelled,
    financeApproval: r.financeApproval,
    csrArtPrepared: r.csrArtPrepared,
    csrProductionConfirmed: r.csrProductionConfirmed,
    artwork: r.items.flatMap((i) => (i.artwork ? [i.artwork] : [])),
  };
}

/** The signed-in user as the state machine sees them for this order. */
export function workflowActor(
  user: Pick<AuthUser, 'role' | 'vendorIds'>,
  vendorId: number | null,
): WorkflowActor {
  return { role: user.role, isOrderVendor: vendorId != null && user.vendorIds.includes(vendorId) };
}

/**
 * The placed order as `user` may see it, with the actions they may take now; a care-labelled line
 * with a product passport carries its Digital Link under `publicUrl` (the portal's PUBLIC_URL, the
 * host the production PO's QR codes print; decision 0044).
 */
export function orderDetailsView(
  r: OrderRecord,
  user: Pick<AuthUser, 'role' | 'vendorIds'>,
  publicUrl: string,
): OrderDetails {
  const role = user.role;
  const seesPrice = canSee('price', role);
  const seesCost = canSee('cost', role);
  const seesComments = canSeeArtworkComments(role, r.orderStatus);
  const wf = workflowOrder(r);
  const actor = workflowActor(user, r.vendor?.id ?? null);

  const orderItems: OrderItem[] = r.items.map((i) => ({
    ...lineView(i, r, role),
    digitalLink: passportLink(publicUrl, i),
    artwork: i.artwork
      ? {
          name: i.artwork.versions[0]?.fileName ?? null,
          status: i.artwork.status,
          ...(seesComments ? { comments: i.artwork.comments } : {}),
          artworkFinalized: i.artwork.artworkFinalized,
          actions: availableArtworkActions(wf, i.artwork, actor),
          versions: i.artwork.versions.map((v) => ({
            versionId: v.versionId,
            version: v.version,
            name: v.fileName,
            contentType: v.contentType,
            size: v.size,
            sha256: v.sha256,
            uploadedBy: v.uploadedByName,
            uploadedAt: v.uploadedAt.toISOString(),
            status: v.status,
            ...(seesComments ? { comment: v.comment } : {}),
            reviewedBy: v.reviewedByName,
            reviewedAt: v.reviewedAt ? v.reviewedAt.toISOString() : null,
          })),
        }
      : null,
  }));

  const ref = (d: { documentId: number; name: string }): DocumentRef => ({
    documentId: d.documentId,
    name: d.name,
  });
  const vendorSlip = r.packingSlips.find((p) => p.kind === 'VENDOR');
  const details: OrderDetails = {
    orderId: r.orderId,
    orderStatus: r.orderStatus,
    cancelled: r.cancelled,
    cancelAllowed: cancelAllowed(wf),
    financeApproval: r.financeApproval,
    hasArtwork: r.hasArtwork,
    allArtPrepared: wf.artwork.every((a) => a.status === 'UPLOADED' || a.status === 'APPROVED'),
    csrArtPrepared: r.csrArtPrepared,
    csrProductionConfirmed: r.csrProductionConfirmed,
    allArtReviewed: wf.artwork.every((a) => a.status === 'APPROVED' || a.status === 'REJECTED'),
    company: r.vendor?.name ?? null,
    customerId: r.customer?.id ?? null,
    customer: r.customer?.name ?? null,
    productionRegion: r.productionRegion?.name ?? null,
    orderDate: (r.orderDate ?? r.createdAt).toISOString(),
    dateRequested: r.dateRequested,
    estimatedCompletionDate: r.estimatedCompletionDate,
    shipAndCompleteDate: r.shipAndCompleteDate ? r.shipAndCompleteDate.toISOString() : null,
    invoiceNumber: r.invoiceNumber,
    vendorPO: r.vendorPO,
    vendorPackingSlip: vendorSlip?.number ?? null,
    productionsPurchaseOrders: canSee('productionPurchaseOrders', role)
      ? r.productionPurchaseOrders.map((p) => ({
          productionPO: p.productionPO,
          purchaseOrderId: p.purchaseOrderId,
        }))
      : [],
    productionPackingSlips: r.packingSlips
      .filter((p) => p.kind === 'PRODUCTION')
      .map((p) => ({ productionPackingSlipNumber: p.number, packingSlipId: p.packingSlipId })),
    billingAccount: r.billingAccount,
    billingAddress: r.billingAddress,
    shippingAddress: r.shippingAddress,
    contact: r.contact,
    email: r.email,
    phone: r.phone,
    deliveryMethod: r.deliveryMethod,
    deliveryAccount: r.deliveryAccount,
    comments: r.comments,
    relatedDocs: r.documents.filter((d) => d.kind === 'RELATED').map(ref),
    orderItems,
    actions: availableOrderActions(wf, actor),
  };
  if (seesPrice) {
    details.totalPrice = total(r.priceCurrency, r.totalPrice);
    details.orderCharges = chargesView(r);
  }
  if (seesCost) details.totalCost = total(r.costCurrency, r.totalCost);
  if (canSee('shippingDocuments', role)) {
    details.shippingDocs = r.documents.filter((d) => d.kind === 'SHIPPING').map(ref);
  }
  if (canSee('logs', role)) {
    details.logs = r.logs.map((l) => ({
      timestamp: l.timestamp.toISOString(),
      user: l.user,
      description: l.description,
    }));
  }
  return details;
}

const chargesView = (r: OrderRecord) =>
  r.charges.map((c) => ({
    chargeName: c.chargeName,
    subcode: c.subcode,
    subCodeDescription: c.subCodeDescription,
    charge: total(c.currency, c.charge),
  }));

/** The fields of a line common to the cart and the order (ordering §3 Order item). */
function lineView(i: OrderLineRecord, r: OrderRecord, role: Role) {
  const seesPrice = canSee('price', role);
  const seesCost = canSee('cost', role);
  const line: Omit<OrderItem, 'artwork'> = {
    orderItemId: i.orderItemId,
    productSubcode: i.productSubcode,
    description: i.description,
    packSize: i.packSize,
    quantity: i.quantity,
    productType: i.productType,
    variableDataProduct: i.productType !== 'STANDARD',
    rfid: i.rfid,
    poNumber: i.poNumber,
    productThumbnail: i.productImagePath ? { path: i.productImagePath, type: i.productImageType } : null,
    sizes: i.sizes.map((s) => {
      const size: OrderItem['sizes'][number] = {
        productItemId: s.productItemId,
        size: s.size,
        quantity: s.quantity,
        attributesItem: s.attributesItem,
      };
      if (s.variableData) size.variableData = s.variableData;
      const unitPrice = s.unitPrice ?? i.unitPrice;
      const unitCost = s.unitCost ?? i.unitCost;
      if (seesPrice && unitPrice !== null) size.unitPrice = unit(r.priceCurrency, unitPrice);
      if (seesCost && unitCost !== null && r.costCurrency) size.unitCost = unit(r.costCurrency, unitCost);
      return size;
    }),
    attributes: i.attributes,
    careLabel: i.careLabel,
  };
  // ordering §3 Order item: a VARIABLE_DATA line's `items` (variableData, quantity, unit price and
  // cost) and a DYNAMIC line's `variants` (dynamicData, quantity), from its rows.
  if (i.productType !== 'STANDARD') {
    line.styleNumber = i.styleNumber;
    const rows = line.sizes.flatMap((s) => (s.variableData ? [{ ...s, variableData: s.variableData }] : []));
    if (i.productType === 'VARIABLE_DATA') {
      line.items = rows.map((s) => ({
        variableData: s.variableData,
        quantity: s.quantity,
        ...(s.unitPrice ? { unitPrice: s.unitPrice } : {}),
        ...(s.unitCost ? { unitCost: s.unitCost } : {}),
      }));
    } else {
      line.variants = rows.map((s) => ({ dynamicData: s.variableData, quantity: s.quantity }));
    }
  }
  if (seesPrice) {
    if (i.unitPrice !== null) line.unitPrice = unit(r.priceCurrency, i.unitPrice);
    if (i.minValue !== null) line.minValue = total(r.priceCurrency, i.minValue);
    line.totalPrice = total(r.priceCurrency, i.totalPrice);
  }
  if (seesCost && r.costCurrency) {
    if (i.unitCost !== null) line.unitCost = unit(r.costCurrency, i.unitCost);
    line.totalCost = total(r.costCurrency, i.totalCost);
  }
  return line;
}

/** The cart (a PENDING order) as `role` may see it (ordering §3 Cart). */
export function cartView(r: OrderRecord, role: Role): Cart {
  const seesPrice = canSee('price', role);
  const seesCost = canSee('cost', role);
  return {
    orderId: r.orderId,
    vendorPO: r.vendorPO,
    vendorId: r.vendor?.id ?? null,
    contact: r.contact,
    email: r.email,
    phone: r.phone,
    dateRequested: r.dateRequested,
    shippingAddress: r.shippingAddress,
    deliveryMethod: r.deliveryMethod,
    deliveryAccount: r.deliveryAccount,
    billingAccount: r.billingAccount,
    billingAddress: r.billingAddress,
    comments: r.comments,
    orderItems: r.items.map((i) => {
      const line = lineView(i, r, role);
      return {
        ...line,
        sizes: line.sizes.map((s) => ({
          ...s,
          ...(seesPrice ? { unitPrice: s.unitPrice ?? null } : {}),
          ...(seesCost ? { unitCost: s.unitCost ?? null } : {}),
        })),
        ...(seesPrice ? { unitPrice: line.unitPrice ?? null, minValue: line.minValue ?? null } : {}),
        ...(seesCost ? { unitCost: line.unitCost ?? null } : {}),
      };
    }),
    ...(seesPrice ? { orderCharges: chargesView(r), totalPrice: total(r.priceCurrency, r.totalPrice) } : {}),
    ...(seesCost ? { totalCost: r.costCurrency ? total(r.costCurrency, r.totalCost) : null } : {}),
    company: r.vendor?.name ?? null,
    customerId: r.customer?.id ?? null,
    customer: r.customer?.name ?? null,
    productionRegionId: r.productionRegion?.id ?? null,
    productionRegion: r.productionRegion?.name ?? null,
    relatedDocs: r.documents
      .filter((d) => d.kind === 'RELATED')
      .map((d) => ({ documentId: d.documentId, name: d.name })),
  };
}
