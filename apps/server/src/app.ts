/**
 * Builds the Fastify application: plugins, auth, error handling, OpenAPI, the API modules under
 * /api/v1.0 and the built web app. Used by main.ts and by the tests (with app.inject).
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { REQUEST_MESSAGES } from '@selvedge/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/auth.routes';
import { careLabelRoutes } from './modules/careLabel/careLabel.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { documentRoutes } from './modules/documents/documents.routes';
import { eventRoutes } from './modules/events/events.routes';
import { lookupRoutes } from './modules/lookups/lookups.routes';
import { masterDataRoutes } from './modules/masterData/masterData.routes';
import { artworkRoutes } from './modules/orders/artwork.routes';
import { orderActionRoutes } from './modules/orders/orders.actions.routes';
import { orderDownloadRoutes } from './modules/orders/orders.downloads.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { PASSPORT_HEADERS, PASSPORT_PAGE_PATH, passportRoutes } from './modules/passport/passport.routes';
import { productRoutes } from './modules/products/products.routes';
import { restockRoutes } from './modules/restock/restock.routes';
import { rfidRoutes } from './modules/rfid/rfid.routes';
import { systemRoutes } from './modules/system/system.routes';
import { variableDataRoutes } from './modules/variableData/variableData.routes';
import { registerAuth, TokenService } from './platform/auth';
import type { Config } from './platform/config';
import type { ApiModule, AppContext } from './platform/context';
import type { Db } from './platform/db';
import { registerErrorHandling } from './platform/http';
import type { Jobs } from './platform/jobs';
import { RequestLogController } from './platform/logging';
import type { Mailer } from './platform/mail';
import { createMetrics, registerMetrics } from './platform/metrics';
import { DEFAULT_WEB_DIST_DIR } from './platform/paths';
import { registerResponseHeaders } from './platform/responseHeaders';
import type { FileStorage } from './platform/storage';
import { MULTIPART_LIMITS, registerUploadLimits } from './platform/uploads';
import { webIndexReader } from './platform/webIndex';

export const API_PREFIX = '/api/v1.0';

/**
 * Types compressed on the fly: JSON answers and other text. @fastify/compress also asks
 * mime-db, so any type it knows as compressible (text/*, SVG, PostScript) is compressed too; what is
 * compressed already (PDF, PNG, JPEG, TIFF, Office files, archives, application/octet-stream) goes
 * out as it is, with its Content-Length.
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript(?:;|$)/;

export type App = FastifyInstance;
export type { ApiModule, AppContext, ZodApp } from './platform/context';

/** The API modules, each a plugin registered under API_PREFIX. Add new domains here. */
const modules: ApiModule[] = [
  systemRoutes,
  authRoutes,
  lookupRoutes,
  productRoutes,
  restockRoutes,
  orderDownloadRoutes,
  rfidRoutes,
  orderRoutes,
  orderActionRoutes,
  artworkRoutes,
  documentRoutes,
  cartRoutes,
  masterDataRoutes,
  variableDataRoutes,
  careLabelRoutes,
  passportRoutes,
  eventRoutes,
];

export async function buildApp(opts: {
  db: Db;
  config: Config;
  mailer: Mailer;
  jobs: Jobs;
  storage: FileStorage;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    logController: new RequestLogController(),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // X-Forwarded-For only from the configured proxies (TRUST_PROXY): otherwise any client could
    // choose its address and slip past sign-in throttling (decision 0003).
    trustProxy: opts.config.trustProxy.length > 0 ? opts.config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // A request whose body stops arriving (or a client that stops reading its answer) is ended after
    // this long without a byte either way; an upload that moves, however slowly, never is. No cap on
    // a request's whole time: a 200 MB data file on a slow line may take an hour (decision 0054).
    connectionTimeout: opts.config.httpIdleTimeoutSeconds * 1000,
    requestTimeout: 0,
    // Errors Fastify raises before routing (a malformed URL, a too long parameter) answer like every
    // other error: `{ message }` with a 4xx (ARCHITECTURE.md Contract).
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void reply.code(status).send({ message: err.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Prometheus metrics when METRICS_ENABLED (platform/metrics.ts): mails sent by in-process jobs count too.
  const metrics = opts.config.metrics.enabled ? createMetrics({ db: opts.db, jobs: opts.jobs }) : undefined;
  const ctx: AppContext = {
    db: opts.db,
    config: opts.config,
    mailer: metrics ? metrics.countMails(opts.mailer) : opts.mailer,
    tokens: new TokenService(opts.jwtSecret, opts.config.tokenTtlMinutes),
    jobs: opts.jobs,
    storage: opts.storage,
  };
  app.decorate('ctx', ctx);

  registerResponseHeaders(app);
  // Before any route: the plugin adds its hook to each route as the route is declared. Answers below
  // 1 KB are not worth it; brotli at quality 4 (the plugin's default) is fast enough for every answer.
  await app.register(fastifyCompress, { threshold: 1024, customTypes: COMPRESSIBLE_TYPES });
  // Each upload route reads its file with its own size limit (platform/uploads.ts UPLOAD_LIMITS).
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  registerErrorHandling(app);
  // Before sign-in: a body declared larger than its route takes is refused before anything else runs.
  registerUploadLimits(app, opts.config);
  registerAuth(app, ctx.db, ctx.tokens, API_PREFIX);
  registerMetrics(app, metrics, opts.config.metrics);

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

  const webDist = resolve(opts.config.webDistDir ?? DEFAULT_WEB_DIST_DIR);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    // preCompressed: the build writes x.br and x.gz beside each text file (apps/web/vite.config.ts);
    // the one the client accepts is sent as it is, at the build's highest compression.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html goes out with the brand written in (sendIndex below), never as the bare file.
      allowedPath: (path: string) => path !== '/index.html',
      setHeaders: (reply: { header(name: string, value: string): unknown }, path: string) => {
        // Vite names built assets by content hash: they never change. Everything else is revalidated.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasWeb ? webIndexReader(join(webDist, 'index.html'), opts.config.brandName) : null;
  /** index.html, revalidated on every load unless `headers` say otherwise. */
  const sendIndex = (
    reply: FastifyReply,
    headers: Record<string, string> = { 'Cache-Control': 'no-cache' },
  ) => reply.headers(headers).type('text/html; charset=utf-8').send(indexHtml?.());
  if (hasWeb) {
    // '/' is a folder to the static plugin (403 without an index): it is the app's home route.
    app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
    // The public passport page goes out with the headers of the call behind it (decision 0044).
    app.get(PASSPORT_PAGE_PATH, { schema: { hide: true } }, (_req, reply) =>
      sendIndex(reply, PASSPORT_HEADERS),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing built file is a 404, never index.html: a tab opened before a deploy that asks for an
    // old chunk must fail to load it (and reload, apps/web main.tsx), not run HTML as JavaScript.
    if (req.url.startsWith('/api/') || req.url.startsWith('/assets/') || !hasWeb || req.method !== 'GET') {
      return reply
        .status(404)
        .header('Cache-Control', 'no-cache')
        .send({ message: REQUEST_MESSAGES.notFound });
    }
    // The single-page app answers every other path; it shows its own "not found".
    return sendIndex(reply);
  });
  return app;
}
