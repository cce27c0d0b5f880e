/**
 * Document routes (ordering §7 Documents): related and shipping document uploads and downloads,
 * and the generated PDFs. Thin: permission, schemas, documents.service.ts. Downloads answer the
 * file with Content-Disposition (the client names the file from it).
 */
import {
  documentParams,
  documentUploadResponse,
  errorResponse,
  okResponse,
  orderActionResponse,
  orderIdParam,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { type FileReply, sendFile } from '../../platform/http';
import { createOrderActions } from '../orders/orders.actions';
import { createDocumentService } from './documents.service';

const tags = ['documents'];
const e = errorResponse;
const downloadErrors = { 401: e, 403: e, 404: e };

export const documentRoutes: ApiModule = (app, ctx) => {
  const docs = createDocumentService(ctx, createOrderActions(ctx));

  app.post(
    '/orders/:id/related-document',
    {
      config: { permission: 'cart', upload: 'document' },
      schema: {
        tags,
        summary: 'Attach a related document to your cart (multipart field `relatedDocument`)',
        description:
          'Only while the order is PENDING (your cart), e.g. your own PO. Types read from the content: PDF, PNG, ' +
          'JPEG, TIFF, Word, Excel, CSV or text; at most MAX_ARTWORK_UPLOAD_MB (413).',
        consumes: ['multipart/form-data'],
        params: orderIdParam,
        response: { 200: documentUploadResponse, 400: e, 401: e, 403: e, 404: e, 409: e, 413: e },
      },
    },
    async (req) => docs.uploadRelated(currentUser(req), req.params.id, req),
  );

  app.delete(
    '/orders/:id/related-document/:docId',
    {
      config: { permission: 'cart' },
      schema: {
        tags,
        summary: 'Remove a related document from your cart',
        params: documentParams,
        response: { 200: okResponse, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => docs.deleteRelated(currentUser(req), req.params.id, req.params.docId),
  );

  app.post(
    '/orders/:id/shipping-document',
    {
      config: { permission: { orderAction: 'uploadShippingDocument' }, upload: 'document' },
      schema: {
        tags,
        summary: 'Upload a shipping document (multipart field `shippingDocument`) while READY_TO_SHIP',
        consumes: ['multipart/form-data'],
        params: orderIdParam,
        response: { 200: orderActionResponse, 400: e, 401: e, 403: e, 404: e, 409: e, 413: e },
      },
    },
    async (req) => docs.uploadShipping(currentUser(req), req.params.id, req),
  );

  /** The downloads: one route each, same shape. */
  const downloads: {
    url: string;
    summary: string;
    file: (
      req: { params: Record<string, string> },
      user: ReturnType<typeof currentUser>,
    ) => Promise<FileReply>;
    withDoc: boolean;
  }[] = [
    {
      url: '/orders/:id/related-document/:docId',
      summary: 'A related document',
      withDoc: true,
      file: (r, u) => docs.downloadRelated(u, r.params.id!, r.params.docId!),
    },
    {
      url: '/orders/:id/shipping-document/:docId',
      summary: 'A shipping document (not for CSR)',
      withDoc: true,
      file: (r, u) => docs.downloadShipping(u, r.params.id!, r.params.docId!),
    },
    {
      url: '/orders/:id/vendor-po/',
      summary: 'The vendor PO as PDF (prices for price roles only)',
      withDoc: false,
      file: (r, u) => docs.vendorPO(u, r.params.id!),
    },
    {
      url: '/orders/:id/production-po/:docId',
      summary: 'One factory’s production PO as PDF (cost roles only; costs, never prices)',
      withDoc: true,
      file: (r, u) => docs.productionPO(u, r.params.id!, r.params.docId!),
    },
    {
      url: '/orders/:id/vendor-packing-slip/',
      summary: 'The vendor packing slip as PDF, once shipped (no money)',
      withDoc: false,
      file: (r, u) => docs.vendorPackingSlip(u, r.params.id!),
    },
    {
      url: '/orders/:id/production-packing-slip/:docId',
      summary: 'One factory’s packing slip as PDF, once shipped (no money)',
      withDoc: true,
      file: (r, u) => docs.productionPackingSlip(u, r.params.id!, r.params.docId!),
    },
  ];
  for (const d of downloads) {
    app.get(
      d.url,
      {
        config: { permission: 'ordersRead' },
        schema: {
          tags,
          summary: d.summary,
          params: d.withDoc ? documentParams : orderIdParam,
          response: downloadErrors,
        },
      },
      async (req, reply) =>
        sendFile(reply, await d.file(req as unknown as { params: Record<string, string> }, currentUser(req))),
    );
  }
};
