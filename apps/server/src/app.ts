/**
 * Builds the Fastify application: plugins, auth, error handling, OpenAPI, the API modules under
 * /api/v1.0 and the built web app. Used by main.ts and by the tests (with app.inject).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { lookupRoutes } from './modules/lookups/lookups.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { productRoutes } from './modules/products/products.routes';
import { systemRoutes } from './modules/system/system.routes';
import { registerAuth, TokenService } from './platform/auth';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import { registerErrorHandling } from './platform/http';
import type { Mailer } from './platform/mail';

export const API_PREFIX = '/api/v1.0';

/** What every module gets: the database, config, mail and token service. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type App = FastifyInstance;
/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type ApiModule = (app: ZodApp, ctx: AppContext) => Promise<void> | void;

/** The API modules, each a plugin registered under API_PREFIX. Add new domains here. */
const modules: ApiModule[] = [systemRoutes, authRoutes, lookupRoutes, productRoutes, orderRoutes, cartRoutes];

export async function buildApp(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ctx: AppContext = {
    db: opts.db,
    config: opts.config,
    mailer: opts.mailer,
    tokens: new TokenService(opts.jwtSecret, opts.config.tokenTtlMinutes),
  };
  app.decorate('ctx', ctx);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: opts.config.maxArtworkUploadMb * 1024 * 1024, files: 1 },
  });
  registerErrorHandling(app);
  registerAuth(app, ctx.db, ctx.tokens, API_PREFIX);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${opts.config.brandName} API`, version: '1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const mod of modules) await mod(api.withTypeProvider<ZodTypeProvider>(), ctx);
      api.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: API_PREFIX },
  );

  const webDist = resolve(opts.config.webDistDir ?? join(import.meta.dirname, '../../web/dist'));
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply: { header(name: string, value: string): unknown }, path: string) => {
        // Vite names built assets by content hash: they never change. Everything else is revalidated.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (hasWeb) {
    // '/' is a folder to the static plugin (403 without an index): it is the app's home route.
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found.' });
    }
    // The single-page app answers every other path; it shows its own "not found".
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
