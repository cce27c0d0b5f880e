/**
 * The product passport call (decision 0044): GET /passport/01/{gtin}/21/{serial}, public
 * (no sign-in: the QR code on a garment opens it), read-only, its answer the strict passportResponse.
 * The route matrix lists it among the public routes by name. The web page of the same path without
 * /api/v1.0/passport (/01/{gtin}/21/{serial}, the GS1 Digital Link) calls it; app.ts serves that page
 * with the call's own PASSPORT_HEADERS.
 */
import { errorResponse, passportParams, passportResponse } from '@selvedge/shared';
import type { ApiModule } from '../../platform/context';
import { createPassportService } from './passport.service';

/**
 * Headers of a passport, the call and its web page alike (decision 0044): search engines have no
 * business indexing garments' passports, and no cache (a shared one least of all) keeping them.
 */
export const PASSPORT_HEADERS = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'no-store' } as const;

/** The passport's web page (the GS1 Digital Link a care label's QR code holds; the web app's route). */
export const PASSPORT_PAGE_PATH = '/01/:gtin/21/:serial';

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
      void reply.headers(PASSPORT_HEADERS);
      return passports.passport(req.params.gtin, req.params.serial);
    },
  );
};
