/**
 * Artwork routes (ordering §7 Artwork): upload a version, download the current or an earlier
 * version, approve or reject one line's artwork. Thin: permission, schemas, artwork.service.ts.
 */
import {
  artworkReviewBody,
  artworkVersionParams,
  errorResponse,
  orderActionResponse,
  orderItemParams,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { sendFile } from '../../platform/http';
import { createArtworkService } from './artwork.service';
import { createOrderActions } from './orders.actions';

const tags = ['artwork'];
const e = errorResponse;

export const artworkRoutes: ApiModule = (app, ctx) => {
  const artwork = createArtworkService(ctx, createOrderActions(ctx));

  app.post(
    '/orders/:id/artwork/:itemId',
    {
      config: { permission: { capability: 'uploadArtwork' }, upload: 'artwork' },
      schema: {
        tags,
        summary: 'Upload a new artwork version for an order line (multipart field `artwork`)',
        description:
          'Allowed while the order is NEEDS_ARTWORK, the line’s artwork is not APPROVED and approval has not been ' +
          'requested. The type is read from the content: PDF, PNG, JPEG, TIFF, SVG (without scripts), AI or EPS; ' +
          'anything else answers 400. Larger than MAX_ARTWORK_UPLOAD_MB answers 413. Every upload is a new version; ' +
          'earlier versions stay downloadable.',
        consumes: ['multipart/form-data'],
        params: orderItemParams,
        response: { 200: orderActionResponse, 400: e, 401: e, 403: e, 404: e, 409: e, 413: e },
      },
    },
    async (req) => artwork.upload(currentUser(req), req.params.id, req.params.itemId, req),
  );

  app.get(
    '/orders/:id/artwork/:itemId',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags,
        summary: 'The newest artwork version of an order line (binary, with Content-Disposition)',
        params: orderItemParams,
        response: { 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) =>
      sendFile(reply, await artwork.download(currentUser(req), req.params.id, req.params.itemId)),
  );

  app.get(
    '/orders/:id/artwork/:itemId/versions/:versionId',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags,
        summary: 'One artwork version of an order line (binary, with Content-Disposition)',
        params: artworkVersionParams,
        response: { 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) =>
      sendFile(
        reply,
        await artwork.download(currentUser(req), req.params.id, req.params.itemId, req.params.versionId),
      ),
  );

  app.put(
    '/orders/:id/artwork/:itemId',
    {
      config: { permission: { capability: 'reviewArtwork' } },
      schema: {
        tags,
        summary: 'Approve or reject the newest artwork version of a line (a comment is required)',
        description:
          'Allowed while the order is NEEDS_ART_APPROVAL and the line’s approval is not final; a decision may be ' +
          'changed until Submit Reviews. The log records the item, the decision, the version and its SHA-256.',
        params: orderItemParams,
        body: artworkReviewBody,
        response: { 200: orderActionResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => artwork.review(currentUser(req), req.params.id, req.params.itemId, req.body),
  );
};
