/**
 * Starts Selvedge: checks the configuration, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), applies migrations, loads the demo data into an empty embedded
 * database, serves API and web app on PORT, and shuts down gracefully on SIGINT/SIGTERM.
 */
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { createMailer } from './platform/mail';
import { resolveJwtSecret } from './platform/secret';
import { isDatabaseEmpty, seedDemoData, wantsDemoData } from './seed/demo';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: `${config.dataDir}/db`,
    onIdleError: (err) =>
      logger.warn({ err }, 'database connection ended by the server; it will be replaced'),
  });
  logger.info({ database: database.kind }, 'database opened; applying migrations');
  await database.migrate();

  if (wantsDemoData(config.demoData, database.kind) && (await isDatabaseEmpty(database.db))) {
    logger.info('empty database: loading demo data');
    await seedDemoData(database.db);
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
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brandName} is running at http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
