/**
 * The product passport call (issue 25; decision 0044): GET /passport/01/{gtin}/21/{serial}, public
 * (no sign-in: the QR code on a garment opens it), read-only, its answer the strict passportResponse.
 * The route matrix lists it among the public routes by name. The web page of the same path without
 * /api/v1.0/passport (/01/{gtin}/21/{serial}, the GS1 Digital Link) calls it.
 */
import { errorResponse, passportParams, passportResponse } from '@selvedge/shared';
import type { ApiModule } from '../../platform/context';
import { createPassportService } from './passport.service';

export const passportRoutes: ApiModule = (app, ctx) => {
  const passports = createPassportService(ctx.db);
  app.get(
    '/passport/01/:gtin/21/:serial',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['product passport'],
        security: [],
        summary:
          "A care label's product passport: fibre content, care instructions, country of origin and caution in the customer's languages; 404 for an unknown serial or a cancelled order's line",
        params: passportParams,
        response: { 200: passportResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) => {
      // Search engines have no business indexing garments' passports, and a shared cache none keeping them.
      void reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');
      return passports.passport(req.params.gtin, req.params.serial);
    },
  );
};
