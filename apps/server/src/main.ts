/**
 * Starts Selvedge: checks the configuration, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), applies migrations, loads the demo data into an empty embedded
 * database, serves API and web app on PORT, and shuts down gracefully on SIGINT/SIGTERM.
 */
import pino from 'pino';
import { buildApp } from './app';
import { registerJobHandlers } from './jobs';
import { loadConfigOrExit, wantsDemoData } from './platform/config';
import { openDatabase } from './platform/db';
import { createJobs } from './platform/jobs';
import { fastifyLoggerOptions, loggerOptions } from './platform/logging';
import { createMailer } from './platform/mail';
import { resolveJwtSecret } from './platform/secret';
import { exitGracefullyOnSignals } from './platform/shutdown';
import { createStorage } from './platform/storage';
import { isDatabaseEmpty, seedDemoData } from './seed/demo';

async function main() {
  const config = loadConfigOrExit();
  const logger = pino(loggerOptions(config.logLevel));
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    dataDir: `${config.dataDir}/db`,
    onIdleError: (err) =>
      logger.warn({ err }, 'database connection ended by the server; it will be replaced'),
  });
  logger.info({ database: database.kind }, 'database opened; applying migrations');
  await database.migrate();

  const jobs = createJobs(database, logger, config.jobs);
  await jobs.start();
  const storage = createStorage(config);

  if (wantsDemoData(config.demoData, database.kind) && (await isDatabaseEmpty(database.db))) {
    logger.info('empty database: loading demo data');
    await seedDemoData(database.db, { storage });
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const app = await buildApp({
    db: database.db,
    config,
    mailer,
    jobs,
    storage,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    logger: fastifyLoggerOptions(config.logLevel),
  });
  if (config.jobsInProcess) {
    registerJobHandlers(app.ctx);
    await jobs.startWorkers();
  }

  exitGracefullyOnSignals({
    logger: app.log,
    what: 'server',
    timeoutMs: 10_000,
    steps: async () => {
      await app.close();
      await jobs.stop();
      await mailer.close();
      await database.close();
    },
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brandName} is running at http://localhost:${config.port}`);
  if (config.host === '127.0.0.1') {
    app.log.info(
      'Listening on 127.0.0.1: reachable from this machine only; set HOST=0.0.0.0 to expose it (README).',
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
