/**
 * RFID calls (docs/rfid.md): GET /orders/{id}/rfid-encoding, the tag file the RFID
 * printers take (CSV, or .xlsx with format=xlsx). Thin: schema, permission, service call.
 * Roles: those who may download variable data (ordering §6 Capabilities); vendors and customers not.
 */
import { downloadFormatQuery, errorResponse, orderIdParam, orderRfidResponse } from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { STREAM_COMPRESSION, sendStream } from '../../platform/http';
import { rfidEncodingFile } from './rfid.encoding';
import { orderRfid } from './rfid.service';

export const rfidRoutes: ApiModule = (app, ctx) => {
  app.get(
    '/orders/:id/rfid-encoding',
    {
      config: { permission: { capability: 'downloadVariableDataCsv' } },
      compress: STREAM_COMPRESSION,
      schema: {
        tags: ['downloads'],
        summary:
          "The placed order's RFID encoding file: one row per tag in print order (EPC hex and tag URI, GTIN-14, serial, and what the ticket prints)",
        params: orderIdParam,
        querystring: downloadFormatQuery,
        response: { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) =>
      sendStream(
        reply,
        await rfidEncodingFile(ctx.db, currentUser(req), Number(req.params.id), req.query.format),
      ),
  );

  app.get(
    '/orders/:id/rfid',
    {
      config: { permission: 'ordersRead' },
      schema: {
        tags: ['orders'],
        summary:
          'Per RFID line of a placed order: GTINs, serial ranges, piece count and the first EPC (roles that see production documents)',
        params: orderIdParam,
        response: { 200: orderRfidResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (req) => orderRfid(ctx.db, currentUser(req), Number(req.params.id)),
  );
};
