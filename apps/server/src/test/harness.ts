/**
 * Test harness for API tests against a real database (DESIGN.md Tests): each test file gets its
 * own fresh database — an in-memory PGlite by default, a new PostgreSQL database when
 * TEST_DATABASE_URL is set — with migrations and the demo data, an app, and a real SMTP sink.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@selvedge/shared';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import { createMailer } from '../platform/mail';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}

/** A fresh database with migrations applied (and dropped again by `close`). */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase(
    url,
    `selvedge_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
  );
  const database = await openDatabase({ url: scratch.url, poolSize: 4 });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await scratch.drop();
  };
  return database;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Database with demo data, app, SMTP sink and helpers to sign in; call `close` in afterAll. */
export async function createTestApp(opts: { seed?: boolean } = {}) {
  const database = await createTestDatabase();
  if (opts.seed !== false) await seedDemoData(database.db);
  const smtp = await startSmtpSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
  const silent = { level: 'silent' } as const;
  const pino = (await import('pino')).default(silent);
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir, logger: pino });
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    jwtSecret: 'test-secret-test-secret-test-secret-42',
  });
  await app.ready();

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
    login,
    tokenFor,
    auth: (token: string) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
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
