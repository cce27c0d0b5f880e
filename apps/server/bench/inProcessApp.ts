/**
 * The app in the bench's own process (mail.bench.ts, events.bench.ts): demo data loaded into
 * `database`, a silent logger, jobs without their clock, production settings, a scratch DATA_DIR.
 * `close` stops the app, the jobs and the mailer and removes DATA_DIR (not the database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';
import type { Database } from '../src/platform/db';
import { createJobs, type Jobs } from '../src/platform/jobs';
import { createMailer } from '../src/platform/mail';
import { createStorage } from '../src/platform/storage';
import { seedDemoData } from '../src/seed/demo';

export async function startInProcessApp(
  database: Database,
  opts: { tag: string; smtpUrl?: string },
): Promise<{ app: FastifyInstance; jobs: Jobs; config: Config; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `selvedge-bench-${opts.tag}-`));
  const logger = pino({ level: 'silent' });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
  });
  const storage = createStorage(config);
  await seedDemoData(database.db, { storage });
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: config.mailFrom, dataDir, logger });
  const jobs = createJobs(database, logger, { schedule: false });
  await jobs.start();
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    jobs,
    storage,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    logger: false,
  });
  return {
    app,
    jobs,
    config,
    close: async () => {
      await app.close();
      await jobs.stop();
      await mailer.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
