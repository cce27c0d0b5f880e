/**
 * Order documents (ordering §2 Order details, §3 shippingDocs/relatedDocs, productionsPurchaseOrders,
 * productionPackingSlips, vendorPackingSlip; §4 Tabs and documents; §6 Visibility; §7 Documents;
 * docs/decisions/0015-order-documents.md).
 *
 * - Related documents: uploaded to the user's own cart only (PENDING): a vendor attaches its own PO.
 *   They travel with the order when it is placed.
 * - Shipping documents: uploaded in READY_TO_SHIP by the roles of §6 (the state machine's
 *   'uploadShippingDocument'), logged; CSR sees none (403 on download).
 * - Generated PDFs, rendered on demand from the order read model: the vendor PO (every placed
 *   order; prices only for price roles), one production PO per factory (from PRODUCTION_READY; cost
 *   roles only, costs shown), the vendor packing slip and one production packing slip per factory
 *   (from shipping; no money).
 * Files are checked by content (DOCUMENT_FILE_TYPES), stored under server-made keys, and a failed
 * database write removes the stored file again.
 */
import {
  canSee,
  DOCUMENT_MESSAGES,
  type DocumentUploadResponse,
  MESSAGES,
  ORDER_MESSAGES,
  type OrderActionResponse,
  type Role,
} from '@selvedge/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { type orderDocuments, orders } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { DOCUMENT_FILE_TYPES } from '../../platform/fileTypes';
import type { FileReply } from '../../platform/http';
import { newStorageKey } from '../../platform/storage';
import { storeThenCommit } from '../../platform/storedFiles';
import { readUpload } from '../../platform/uploads';
import { orderScope } from '../access/access';
import type { OrderActions } from '../orders/orders.actions';
import { findPlacedOrderRecord } from '../orders/orders.readModel';
import type { OrderRecord } from '../orders/orders.record';
import { findOrder, idOf, lockOrder, orderIdOf } from '../orders/orders.workflow';
import { orderRfidLines } from '../rfid/rfid.service';
import { documentsRepository } from './documents.repository';
import { renderPackingSlip, renderProductionPO, renderVendorPO } from './pdf';

const docIdOf = (text: string) => idOf(text, DOCUMENT_MESSAGES.notFound);

/** A PDF reply named after the document. */
const pdf = (buffer: Buffer, fileName: string): FileReply => ({
  stream: buffer,
  size: buffer.length,
  contentType: 'application/pdf',
  fileName,
});

export function createDocumentService(ctx: AppContext, actions: OrderActions) {
  const { db, storage, config } = ctx;

  /** A placed order in scope, or the user's own cart; 404 otherwise. */
  async function findReadable(user: AuthUser, idText: string) {
    const orderId = orderIdOf(idText);
    const row =
      (await findOrder(db, orderId, orderScope(user))) ??
      (await findOrder(db, orderId, and(eq(orders.userId, user.id), eq(orders.orderStatus, 'PENDING'))!));
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    return row;
  }

  /** A placed order in scope as its read model; 404 otherwise (carts have no generated documents). */
  async function placedRecord(user: AuthUser, idText: string): Promise<OrderRecord> {
    const record = await findPlacedOrderRecord(db, orderIdOf(idText), user);
    if (!record) throw notFound(ORDER_MESSAGES.notFound);
    return record;
  }

  /**
   * Stores the uploaded file, then runs `record` in a transaction with the document row to insert
   * (all but its kind); the stored file is removed again if that fails (`storeThenCommit`).
   */
  async function storeThen<T>(
    req: FastifyRequest,
    field: string,
    orderId: number,
    user: AuthUser,
    record: (tx: Tx, row: Omit<typeof orderDocuments.$inferInsert, 'kind'>, fileName: string) => Promise<T>,
  ): Promise<T> {
    const file = await readUpload(req, { field, accepted: DOCUMENT_FILE_TYPES });
    const key = newStorageKey(`documents/${orderId}`);
    const row = {
      orderId,
      name: file.fileName,
      storagePath: key,
      contentType: file.mime,
      size: file.size,
      sha256: file.sha256,
      uploadedBy: user.id,
    };
    return storeThenCommit(ctx, { key, body: file.buffer, contentType: file.mime }, (tx) =>
      record(tx, row, file.fileName),
    );
  }

  async function storedFile(
    orderId: number,
    documentId: number,
    kind: 'RELATED' | 'SHIPPING',
  ): Promise<FileReply> {
    const doc = await documentsRepository.findDocument(db, orderId, documentId, kind);
    if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
    const file = await storage.get(doc.storagePath);
    return { stream: file.stream, size: file.size, contentType: doc.contentType, fileName: doc.name };
  }

  const showPrices = (role: Role) => canSee('price', role);

  return {
    /** POST /orders/{id}/related-document (field relatedDocument): only to the user's own cart. */
    async uploadRelated(
      user: AuthUser,
      idText: string,
      req: FastifyRequest,
    ): Promise<DocumentUploadResponse> {
      const orderId = orderIdOf(idText);
      const cart = await findOrder(db, orderId, eq(orders.userId, user.id));
      if (!cart) throw notFound(ORDER_MESSAGES.notFound);
      if (cart.orderStatus !== 'PENDING') throw new AppError(409, DOCUMENT_MESSAGES.cartOnly);
      const documentId = await storeThen(req, 'relatedDocument', orderId, user, async (tx, row) => {
        // Re-checked under the cart's lock: placing may have happened meanwhile.
        const locked = await lockOrder(tx, orderId, eq(orders.userId, user.id));
        if (locked?.orderStatus !== 'PENDING') throw new AppError(409, DOCUMENT_MESSAGES.cartOnly);
        return documentsRepository.insertDocument(tx, { ...row, kind: 'RELATED' });
      });
      const doc = await documentsRepository.findDocument(db, orderId, documentId, 'RELATED');
      return { message: MESSAGES.documentUploaded, document: { documentId, name: doc?.name ?? '' } };
    },

    /** DELETE /orders/{id}/related-document/{docId}: removes a related document from the user's cart. */
    async deleteRelated(user: AuthUser, idText: string, docText: string) {
      const orderId = orderIdOf(idText);
      const documentId = docIdOf(docText);
      await storeThenCommit(ctx, null, async (tx, files) => {
        const cart = await lockOrder(tx, orderId, eq(orders.userId, user.id));
        if (!cart) throw notFound(ORDER_MESSAGES.notFound);
        if (cart.orderStatus !== 'PENDING') throw new AppError(409, DOCUMENT_MESSAGES.cartOnly);
        const doc = await documentsRepository.findDocument(tx, orderId, documentId, 'RELATED');
        if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
        await documentsRepository.deleteDocument(tx, documentId);
        files.deleteAfterCommit(doc.storagePath);
      });
      return { message: DOCUMENT_MESSAGES.removed };
    },

    /** GET /orders/{id}/related-document/{docId} */
    async downloadRelated(user: AuthUser, idText: string, docText: string) {
      const row = await findReadable(user, idText);
      return storedFile(row.id, docIdOf(docText), 'RELATED');
    },

    /** POST /orders/{id}/shipping-document (field shippingDocument): in READY_TO_SHIP, logged. */
    async uploadShipping(user: AuthUser, idText: string, req: FastifyRequest): Promise<OrderActionResponse> {
      const orderId = orderIdOf(idText);
      // Checked before reading the file (no upload for a refused call), and again under the lock.
      await actions.workflow.precheck(user, orderId, 'uploadShippingDocument');
      await storeThen(req, 'shippingDocument', orderId, user, async (tx, row, fileName) => {
        const locked = await actions.workflow.lock(tx, user, orderId);
        await documentsRepository.insertDocument(tx, { ...row, kind: 'SHIPPING' });
        await actions.workflow.transition(tx, user, locked, 'uploadShippingDocument', {
          log: `Shipping document uploaded: ${fileName}`,
        });
      });
      return actions.answer(user, orderId, MESSAGES.documentUploaded);
    },

    /** GET /orders/{id}/shipping-document/{docId}: not for CSR (ordering §6 Visibility). */
    async downloadShipping(user: AuthUser, idText: string, docText: string) {
      const row = await findReadable(user, idText);
      if (!canSee('shippingDocuments', user.role)) throw forbidden(DOCUMENT_MESSAGES.noShippingDocs);
      return storedFile(row.id, docIdOf(docText), 'SHIPPING');
    },

    /** GET /orders/{id}/vendor-po/: the order as the vendor's purchase order (prices for price roles). */
    async vendorPO(user: AuthUser, idText: string) {
      const order = await placedRecord(user, idText);
      const buffer = await renderVendorPO(order, {
        brandName: config.brandName,
        showPrices: showPrices(user.role),
      });
      return pdf(buffer, `Purchase Order ${order.vendorPO ?? order.orderId}.pdf`);
    },

    /** GET /orders/{id}/production-po/{purchaseOrderId}: one factory's production PO (cost roles). */
    async productionPO(user: AuthUser, idText: string, poText: string) {
      const order = await placedRecord(user, idText);
      if (!canSee('productionPurchaseOrders', user.role)) throw forbidden(DOCUMENT_MESSAGES.noProductionPOs);
      const purchaseOrderId = docIdOf(poText);
      const po = order.productionPurchaseOrders.find((p) => p.purchaseOrderId === purchaseOrderId);
      if (!po) throw notFound(DOCUMENT_MESSAGES.notFound);
      const buffer = await renderProductionPO(order, purchaseOrderId, {
        brandName: config.brandName,
        showCosts: canSee('cost', user.role),
        publicUrl: config.publicUrl,
        rfid: await orderRfidLines(db, order.orderId),
      });
      return pdf(buffer, `Production PO ${po.productionPO}.pdf`);
    },

    /** GET /orders/{id}/vendor-packing-slip/: the order's packing slip, once shipped. */
    async vendorPackingSlip(user: AuthUser, idText: string) {
      const order = await placedRecord(user, idText);
      const slip = order.packingSlips.find((p) => p.kind === 'VENDOR');
      if (!slip) throw notFound(DOCUMENT_MESSAGES.notYet);
      return pdf(
        await renderPackingSlip(order, slip.packingSlipId, { brandName: config.brandName }),
        `Packing Slip ${slip.number}.pdf`,
      );
    },

    /** GET /orders/{id}/production-packing-slip/{packingSlipId}: one factory's packing slip, once shipped. */
    async productionPackingSlip(user: AuthUser, idText: string, slipText: string) {
      const order = await placedRecord(user, idText);
      const packingSlipId = docIdOf(slipText);
      const slip = order.packingSlips.find(
        (p) => p.kind === 'PRODUCTION' && p.packingSlipId === packingSlipId,
      );
      if (!slip) throw notFound(DOCUMENT_MESSAGES.notFound);
      return pdf(
        await renderPackingSlip(order, packingSlipId, { brandName: config.brandName }),
        `Packing Slip ${slip.number}.pdf`,
      );
    },
  };
}
