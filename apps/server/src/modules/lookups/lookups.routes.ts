/** Lookups the screens need (ordering §7 Lookups). */
import { z } from 'zod';
import type { ApiModule } from '../../app';
import { currentUser } from '../../platform/auth';

export const lookupRoutes: ApiModule = (app) => {
  app.get(
    '/has-vendor',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['lookups'],
        summary: 'Whether the user orders for a vendor (the cart icon is hidden for ADMIN without one)',
        response: { 200: z.object({ hasVendor: z.boolean() }) },
      },
    },
    async (req) => ({ hasVendor: currentUser(req).vendorIds.length > 0 }),
  );
};
