/**
 * Test harness for API tests against a real database (ARCHITECTURE.md Tests): each test file gets its
 * own fresh database — an in-memory PGlite by default, a new PostgreSQL database when
 * TEST_DATABASE_URL is set — with migrations and the demo data, an app, and a real SMTP sink.
 * The database is a copy of a template the server project's globalSetup built once per run
 * (templates.ts, decision 0036).
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@selvedge/shared';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { registerJobHandlers } from '../jobs';
import { loadConfig } from '../platform/config';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import { createJobs } from '../platform/jobs';
import { fastifyLoggerOptions } from '../platform/logging';
import { createMailer } from '../platform/mail';
import { createStorage } from '../platform/storage';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives; `close` and `restart` simulate an outage. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // `close` drops the mailer's pooled connections at once (an outage), not after 30 s.
      closeTimeout: 50,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  let server = makeServer();
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.server.address() as { port: number }).port;
  let open = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      open
        ? new Promise<void>((res) => {
            open = false;
            server.close(() => res());
          })
        : Promise.resolve(),
    /** Listens again on the same port after `close`. */
    restart: async () => {
      if (open) return;
      server = makeServer();
      await new Promise<void>((res) => server.listen(port, '127.0.0.1', () => res()));
      open = true;
    },
  };
}

/**
 * A fresh database with migrations applied (and dropped again by `close`); with `seeded`, the demo
 * data too (its files are in the seeded template's DATA_DIR, see `createTestApp`). A copy of the
 * run's template; without templates (globalSetup not run) migrated here, and `seeded` is refused.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  const templates = inject('testTemplates');
  if (opts.seeded && !templates) throw new Error('no seeded template: run through the vitest config');
  const url = process.env.TEST_DATABASE_URL;
  if (templates && (templates.kind === 'postgres') !== Boolean(url)) {
    throw new Error('the templates were built for another database than TEST_DATABASE_URL says');
  }
  if (!url) {
    const tarball = templates && (opts.seeded ? templates.seeded : templates.migrated);
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: tarball ? new Blob([readFileSync(tarball)]) : undefined,
    });
    if (!tarball) await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase(
    url,
    `selvedge_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
    { template: templates && (opts.seeded ? templates.seeded : templates.migrated) },
  );
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  if (!templates) await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch.drop();
  };
  return database;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Database with demo data, app, job queue (workers in process, polling twice a second), local file
 * storage in a temporary folder, SMTP sink and helpers to sign in; call `close` in afterAll.
 * `env` adds configuration (e.g. S3_* or MAX_ARTWORK_UPLOAD_MB). With `database`, the app runs on
 * that database as it is (migrated and filled by the caller, closed by `close`), its files copied
 * from the folder `files` (test/upgrade.test.ts).
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    logLines?: string[];
    database?: Database;
    files?: string;
  } = {},
) {
  const seeded = !opts.database && opts.seed !== false && inject('testTemplates') !== undefined;
  const database = opts.database ?? (await createTestDatabase({ seeded }));
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-test-'));
  const templateFiles = seeded ? join(inject('testTemplates')!.seededDataDir, 'files') : opts.files;
  // The seeded rows point at the demo data's files: each file gets its own copy of them.
  if (templateFiles && existsSync(templateFiles))
    cpSync(templateFiles, join(dataDir, 'files'), { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const silent = { level: 'silent' } as const;
  const pino = (await import('pino')).default(silent);
  const storage = createStorage(config);
  if (opts.seed !== false && !seeded && !opts.database) await seedDemoData(database.db, { storage });
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir, logger: pino });
  // No clock: a test runs the scheduled jobs (the orphan sweep) itself when it wants them.
  const jobs = createJobs(database, pino, { schedule: false });
  await jobs.start();
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    jobs,
    storage,
    jwtSecret: 'test-secret-test-secret-test-secret-42',
    // With `logLines`, the server logs (as in production) into that array.
    logger: opts.logLines
      ? fastifyLoggerOptions('info', { write: (line) => opts.logLines?.push(line) })
      : false,
  });
  await app.ready();
  registerJobHandlers(app.ctx);
  await jobs.startWorkers({ pollingIntervalSeconds: 0.5 });

  /** Signs in and answers the bearer token. */
  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token;
  }
  const tokens = new Map<string, string>();
  /** Token of the demo user of a role (cached per file). */
  async function tokenFor(role: Role | 'VENDOR2'): Promise<string> {
    const email = DEMO_EMAILS[role];
    if (!tokens.has(email)) tokens.set(email, await login(email));
    return tokens.get(email)!;
  }
  return {
    app,
    db: database.db,
    database,
    smtp,
    config,
    jobs,
    storage,
    login,
    tokenFor,
    auth: (token: string) => ({ authorization: `Bearer ${token}` }),
    /** Waits until every queued job (order mail, mails) has run, so mails are in the sink. */
    settleJobs: () => jobs.idle(undefined, 20_000),
    async close() {
      await app.close();
      await jobs.stop();
      await mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}

export const DEMO_EMAILS: Record<Role | 'VENDOR2', string> = {
  ADMIN: 'admin@example.com',
  ACCOUNT: 'account@example.com',
  CSR: 'csr@example.com',
  FACTORY_ACCOUNT: 'supervisor@example.com',
  FINANCE: 'finance@example.com',
  VENDOR: 'vendor@example.com',
  VENDOR2: 'vendor2@example.com',
  CUSTOMER: 'customer@example.com',
  NONE: 'none@example.com',
};
