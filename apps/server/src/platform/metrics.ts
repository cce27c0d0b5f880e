/**
 * Prometheus metrics (decision 0018, docs/DEPLOY.md Metrics), off unless METRICS_ENABLED=true:
 *
 * - `selvedge_http_request_duration_seconds` (histogram): every answer of the server, labelled by
 *   method, route pattern (`/api/v1.0/orders/:id`, never the raw URL, so the series stay few) and
 *   status code;
 * - `selvedge_db_pool_connections{state}`, `selvedge_db_pool_waiting`, `selvedge_db_pool_max`: the
 *   PostgreSQL pool of this process (none on the embedded database);
 * - `selvedge_job_queue_jobs{queue,state}`: jobs waiting (`created`, `retry`), running (`active`)
 *   and given up (`failed`), counted in pg-boss's table when scraped;
 * - `selvedge_mails_sent_total`, `selvedge_mails_failed_total`: mails handed to SMTP (or written to
 *   a file) by this process, and attempts that failed (the job retries them);
 * - prom-client's default process metrics (CPU, memory, event loop lag, GC).
 *
 * The server answers them at GET /metrics; the worker, which has no HTTP server, on METRICS_PORT.
 * With METRICS_TOKEN set, both ask for `Authorization: Bearer <token>`. Each process has a registry
 * of its own (no global state: tests build several apps in one process).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { METRICS_MESSAGES, REQUEST_MESSAGES } from '@selvedge/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from './config';
import type { Db } from './db';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';

/**
 * node:http through `require`: an ES import of it reads every export, and its lazy WebSocket ones
 * load Node's fetch implementation (undici, with its WebAssembly parser), ~17 MB resident in every
 * process that never fetches (docs/decisions/0030).
 */
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/** The metrics path of the server and of the worker's metrics port. */
export const METRICS_PATH = '/metrics';

/** Route label of an answer no route matched (404s), so unknown URLs never make series of their own. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface Metrics {
  readonly registry: Registry;
  /** The time of one answer, in seconds. */
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  /** `mailer`, counting the mails it sends and the attempts that fail. */
  countMails(mailer: Mailer): Mailer;
}

/**
 * A registry with every metric of the product. `db` gives the pool gauges when it is a PostgreSQL
 * pool; `jobs` the queue depth. Nothing is measured until something records or scrapes.
 */
export function createMetrics(sources: { db?: Db; jobs?: Jobs }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'selvedge_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const mailsSent = new Counter({
    name: 'selvedge_mails_sent_total',
    help: 'Mails sent by this process (handed to the SMTP server, or written to a file without SMTP_URL)',
    registers: [registry],
  });
  const mailsFailed = new Counter({
    name: 'selvedge_mails_failed_total',
    help: 'Attempts to send a mail that failed in this process (the mail job is retried with backoff)',
    registers: [registry],
  });

  // drizzle keeps the driver's client: a pg.Pool on PostgreSQL, the PGlite instance on the embedded one.
  const client = (sources.db as { $client?: unknown } | undefined)?.$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    new Gauge({
      name: 'selvedge_db_pool_connections',
      help: 'Connections of the PostgreSQL pool of this process, by state (idle, busy)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'selvedge_db_pool_waiting',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'selvedge_db_pool_max',
      help: 'Most connections the PostgreSQL pool of this process opens',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }

  const jobs = sources.jobs;
  if (jobs) {
    new Gauge({
      name: 'selvedge_job_queue_jobs',
      help: 'Jobs per queue and state: created and retry wait, active run, failed used up their retries',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        try {
          const counts = await jobs.counts();
          this.reset();
          for (const c of counts) this.set({ queue: c.queue, state: c.state }, c.count);
        } catch {
          // The database does not answer (readiness says so): no stale numbers.
          this.reset();
        }
      },
    });
  }

  return {
    registry,
    observeRequest({ method, route, statusCode }, seconds) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    countMails(mailer) {
      return {
        async send(message) {
          try {
            await mailer.send(message);
          } catch (err) {
            mailsFailed.inc();
            throw err;
          }
          mailsSent.inc();
        },
        close: () => mailer.close(),
      };
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Times every answer of `app` into `metrics` and serves GET /metrics. Always registered, so that a
 * disabled /metrics answers 404 (and not the web app's index.html): `metrics` undefined means off.
 * Call before the routes are registered.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  settings: Config['metrics'],
): void {
  if (metrics) {
    app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
      metrics.observeRequest(
        { method: req.method, route: req.routeOptions.url ?? UNMATCHED_ROUTE, statusCode: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get(
    METRICS_PATH,
    // Outside /api: no session token; METRICS_TOKEN is checked here.
    { config: { permission: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      if (!metrics) return reply.code(404).send({ message: REQUEST_MESSAGES.notFound });
      if (settings.token && !hasMetricsToken(req.headers.authorization, settings.token)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send({ message: METRICS_MESSAGES.tokenRequired });
      }
      const body = await metrics.registry.metrics();
      return reply
        .header('Content-Type', metrics.registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}

/**
 * The worker's metrics: a small HTTP server on `port` answering GET /metrics (with the token when
 * set) and 404 to everything else. Resolves once it listens; `close` stops it.
 */
export async function startMetricsServer(
  metrics: Metrics,
  opts: { port: number; host: string; token?: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, message: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify({ message }));
    };
    if (req.method !== 'GET' || path !== METRICS_PATH) return answer(404, REQUEST_MESSAGES.notFound);
    if (opts.token && !hasMetricsToken(req.headers.authorization, opts.token)) {
      return answer(401, METRICS_MESSAGES.tokenRequired, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    metrics.registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
        res.end(body);
      },
      () => answer(500, METRICS_MESSAGES.notCollected),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
