/**
 * Metrics and health (decision 0018): GET /metrics is off by default (404), answers Prometheus' text
 * format when METRICS_ENABLED=true — request durations by route pattern, queue depth, mails sent and
 * failed, pool gauges on PostgreSQL — and asks for METRICS_TOKEN when one is set. Liveness and
 * readiness answer apart. The worker's metrics server is checked on its own.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../test/harness';
import { freePort } from '../test/serverProcess';
import { loadConfig } from './config';
import * as s from './db/schema';
import { createMetrics, startMetricsServer, UNMATCHED_ROUTE } from './metrics';

const TOKEN = 'metrics-token-metrics-token-42';

let off: TestApp;
let on: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  // One after the other: loading a PGlite data dir blocks the event loop for a while, and three at
  // once kept another app's plugins from starting within their timeout on a busy machine.
  off = await createTestApp({ seed: false });
  on = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
  guarded = await createTestApp({ seed: false, env: { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN } });
}, 300_000);
afterAll(async () => {
  await Promise.all([off?.close(), on?.close(), guarded?.close()]);
});

const scrape = async (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('configuration', () => {
  it('sizes the PostgreSQL pool with DATABASE_POOL_SIZE (default 10)', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE');
  });

  it('is off by default; METRICS_TOKEN needs METRICS_ENABLED=true and 16 characters, and is never printed', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined, port: 9464 });
    expect(
      loadConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN, METRICS_PORT: '9100' }).metrics,
    ).toEqual({
      enabled: true,
      token: TOKEN,
      port: 9100,
    });
    expect(() => loadConfig({ METRICS_TOKEN: TOKEN })).toThrow('METRICS_TOKEN: set METRICS_ENABLED=true too');
    expect(() => loadConfig({ METRICS_ENABLED: 'yes' })).toThrow('METRICS_ENABLED: must be true or false');
    let message = '';
    try {
      loadConfig({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'short-secret' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('METRICS_TOKEN: must be at least 16 characters long (got (value hidden))');
    expect(message).not.toContain('short-secret');
  });
});

describe('GET /metrics', () => {
  it('answers 404 by default', async () => {
    const res = await scrape(off);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('when enabled, answers the text format with request durations per route pattern, never the raw URL', async () => {
    expect((await on.app.inject({ method: 'GET', url: '/api/v1.0/health' })).statusCode).toBe(200);
    const admin = on.auth(await on.tokenFor('ADMIN'));
    const missing = await on.app.inject({ method: 'GET', url: '/api/v1.0/orders/987654', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect((await on.app.inject({ method: 'GET', url: '/api/v1.0/no-such-route-5551' })).statusCode).toBe(
      404,
    );

    const res = await scrape(on);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toContain('# TYPE selvedge_http_request_duration_seconds histogram');
    const health = { method: 'GET', route: '/api/v1.0/health', status_code: '200' };
    expect(sample(body, 'selvedge_http_request_duration_seconds_count', health)).toBe(1);
    expect(sample(body, 'selvedge_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(1);
    expect(sample(body, 'selvedge_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    expect(
      sample(body, 'selvedge_http_request_duration_seconds_count', {
        route: '/api/v1.0/orders/:id',
        status_code: '404',
      }),
    ).toBe(1);
    expect(
      sample(body, 'selvedge_http_request_duration_seconds_count', {
        route: UNMATCHED_ROUTE,
        status_code: '404',
      }),
    ).toBe(1);
    expect(body).not.toContain('987654');
    expect(body).not.toContain('no-such-route-5551');
    // the default process metrics come along
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the queue depth, the mails sent and the attempts that failed', async () => {
    const body0 = (await scrape(on)).body;
    for (const queue of ['mail.send', 'mail.account', 'order.mail'])
      for (const state of ['created', 'retry', 'active', 'failed'])
        expect(sample(body0, 'selvedge_job_queue_jobs', { queue, state }), `${queue} ${state}`).toBe(0);
    expect(sample(body0, 'selvedge_mails_sent_total')).toBe(0);
    expect(sample(body0, 'selvedge_mails_failed_total')).toBe(0);

    const [vendor2] = await on.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR2));
    const admin = on.auth(await on.tokenFor('ADMIN'));
    const reset = () =>
      on.app.inject({
        method: 'POST',
        url: `/api/v1.0/auth/users/${vendor2!.id}/reset-password`,
        headers: admin,
      });
    expect((await reset()).statusCode).toBe(200);
    await on.settleJobs();
    const body1 = (await scrape(on)).body;
    expect(sample(body1, 'selvedge_mails_sent_total')).toBe(1);
    expect(sample(body1, 'selvedge_mails_failed_total')).toBe(0);

    // SMTP down: the attempt fails, is counted, and the job waits for its retry.
    await on.smtp.close();
    try {
      expect((await reset()).statusCode).toBe(200);
      await expect
        .poll(async () => sample((await scrape(on)).body, 'selvedge_mails_failed_total'), { timeout: 15_000 })
        .toBe(1);
      // the failure is counted as it happens; pg-boss marks the job for retry a moment later
      await expect
        .poll(
          async () =>
            sample((await scrape(on)).body, 'selvedge_job_queue_jobs', {
              queue: 'mail.account',
              state: 'retry',
            }),
          { timeout: 15_000 },
        )
        .toBe(1);
      expect(sample((await scrape(on)).body, 'selvedge_mails_sent_total')).toBe(1);
    } finally {
      await on.smtp.restart();
    }
  });

  it('shows the PostgreSQL pool (none on the embedded database)', async () => {
    const body = (await scrape(on)).body;
    if (on.database.kind === 'postgres') {
      expect(sample(body, 'selvedge_db_pool_max')).toBe(4);
      expect(sample(body, 'selvedge_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'selvedge_db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(0);
      expect(sample(body, 'selvedge_db_pool_waiting')).toBe(0);
    } else {
      expect(body).not.toContain('selvedge_db_pool');
    }
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    const none = await scrape(guarded);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.json()).toEqual({ message: 'A valid metrics token is required.' });
    expect((await scrape(guarded, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await scrape(guarded, { authorization: TOKEN })).statusCode).toBe(401);
    // a signed-in user's token is no metrics token
    expect(
      (await scrape(guarded, { authorization: `Bearer ${await on.tokenFor('ADMIN')}` })).statusCode,
    ).toBe(401);
    const ok = await scrape(guarded, { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('selvedge_http_request_duration_seconds');
  });

  it('stays out of the API document and the route registry (/api only); the health routes are in it, public', async () => {
    expect(on.app.routeRegistry.some((r) => r.url === '/metrics')).toBe(false);
    const api = (await on.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(api.paths)).not.toContain('/metrics');
    const keys = on.app.routeRegistry.map((r) => `${r.method} ${r.url} ${String(r.permission)}`);
    expect(keys).toContain('GET /api/v1.0/health/live public');
    expect(keys).toContain('GET /api/v1.0/health/ready public');
  });
});

describe('liveness and readiness', () => {
  it('live answers without the database; ready once the database answers and the migrations ran', async () => {
    const live = await on.app.inject({ method: 'GET', url: '/api/v1.0/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await on.app.inject({ method: 'GET', url: '/api/v1.0/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok' });
    expect((await on.app.inject({ method: 'GET', url: '/api/v1.0/health' })).statusCode).toBe(200);
  });

  it('ready answers 503 while the newest migration of this release is missing', async () => {
    const db = off.db;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1000000000000`);
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/v1.0/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Database migrations are not applied.' });
      expect((await off.app.inject({ method: 'GET', url: '/api/v1.0/health/live' })).statusCode).toBe(200);
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1000000000000`);
    }
    expect((await off.app.inject({ method: 'GET', url: '/api/v1.0/health/ready' })).statusCode).toBe(200);
  });
});

describe("the worker's metrics server", () => {
  it('answers GET /metrics (with the token when set) and 404 to anything else', async () => {
    const metrics = createMetrics({});
    const port = await freePort();
    const server = await startMetricsServer(metrics, { port, host: '127.0.0.1', token: TOKEN });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain('selvedge_mails_sent_total 0');
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
