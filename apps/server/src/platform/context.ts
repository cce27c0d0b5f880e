/**
 * What every module gets (ARCHITECTURE.md Server inside): the application context and the type of
 * an API module.
 * Lives in platform/ so that modules import it without importing app.ts (which imports them).
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenService } from './auth';
import type { Config } from './config';
import type { Db } from './db';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { FileStorage } from './storage';

/** The database, configuration, mail, token service, job queue and file storage of the running app. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  jobs: Jobs;
  storage: FileStorage;
}

/** What job handlers get: the context without the HTTP-only parts (the worker has no token service). */
export type JobContext = Omit<AppContext, 'tokens'>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** An API module: registers its routes (each with `config.permission`) under /api/v1.0. */
export type ApiModule = (app: ZodApp, ctx: AppContext) => Promise<void> | void;
