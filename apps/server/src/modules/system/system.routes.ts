/**
 * Health and public app configuration. Three health answers (docs/DEPLOY.md):
 * - /health/live: the process runs and answers (liveness: restart it when this fails);
 * - /health/ready: the database answers and every migration of this release ran (readiness: send
 *   it traffic only while this answers 200);
 * - /health: the database answers (kept for existing checks).
 */
import { HEALTH_MESSAGES } from '@selvedge/shared';
import { z } from 'zod';
import type { ApiModule } from '../../platform/context';
import { migrationsApplied, pingDatabase } from '../../platform/db';
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
      if (!(await pingDatabase(ctx.db))) throw new AppError(503, HEALTH_MESSAGES.databaseUnavailable);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  app.get(
    '/health/live',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        security: [],
        summary: 'Liveness: answers 200 while the process runs, without asking the database',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/health/ready',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        security: [],
        summary: 'Readiness: 200 when the database answers and its migrations are applied, else 503',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), migrations: z.literal('ok') }),
        },
      },
    },
    async () => {
      if (!(await pingDatabase(ctx.db))) throw new AppError(503, HEALTH_MESSAGES.databaseUnavailable);
      if (!(await migrationsApplied(ctx.db))) throw new AppError(503, HEALTH_MESSAGES.migrationsNotApplied);
      return { status: 'ok' as const, database: 'ok' as const, migrations: 'ok' as const };
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
