/**
 * Document calls (ordering §7 Documents): related documents of the cart (upload while PENDING,
 * remove), shipping documents (upload in READY_TO_SHIP) and the download paths of every document
 * of an order, generated PDFs included. Downloads go through `downloadFile` (files.ts).
 */
import type { DocumentUploadResponse, OrderActionResponse } from '@selvedge/shared';
import { api, apiUpload } from './client';

/** GET paths of an order's documents (binary; the file name comes from Content-Disposition). */
export const documentPaths = {
  related: (orderId: number, documentId: number) => `/orders/${orderId}/related-document/${documentId}`,
  shipping: (orderId: number, documentId: number) => `/orders/${orderId}/shipping-document/${documentId}`,
  vendorPO: (orderId: number) => `/orders/${orderId}/vendor-po/`,
  productionPO: (orderId: number, purchaseOrderId: number) =>
    `/orders/${orderId}/production-po/${purchaseOrderId}`,
  vendorPackingSlip: (orderId: number) => `/orders/${orderId}/vendor-packing-slip/`,
  productionPackingSlip: (orderId: number, packingSlipId: number) =>
    `/orders/${orderId}/production-packing-slip/${packingSlipId}`,
};

/** POST /orders/{id}/shipping-document (multipart field `shippingDocument`): answers the order. */
export function uploadShippingDocument(
  orderId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<OrderActionResponse> {
  return apiUpload<OrderActionResponse>(`/orders/${orderId}/shipping-document`, 'shippingDocument', file, {
    onProgress,
  });
}

/** POST /orders/{id}/related-document (multipart field `relatedDocument`): only while the order is the cart. */
export function uploadRelatedDocument(
  orderId: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentUploadResponse> {
  return apiUpload<DocumentUploadResponse>(`/orders/${orderId}/related-document`, 'relatedDocument', file, {
    onProgress,
  });
}

/** DELETE /orders/{id}/related-document/{docId}: removes a related document from the cart. */
export function deleteRelatedDocument(orderId: number, documentId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(documentPaths.related(orderId, documentId));
}
