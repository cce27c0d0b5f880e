/** Health and public app configuration. */
import { z } from 'zod';
import type { ApiModule } from '../../platform/context';
import { pingDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const systemRoutes: ApiModule = (app, ctx) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        security: [],
        summary: 'Answers when the database answers',
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
    },
    async () => {
      if (!(await pingDatabase(ctx.db))) throw new AppError(503, 'Database unavailable.');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  app.get(
    '/app-config',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        security: [],
        summary: 'Brand name and limits the web app needs before sign-in',
        response: { 200: z.object({ brandName: z.string() }) },
      },
    },
    async () => ({ brandName: ctx.config.brandName }),
  );
};
