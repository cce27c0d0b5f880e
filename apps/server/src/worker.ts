/**
 * `npm run worker`: runs the job handlers (mail, order mail) in a process of its own, for
 * installations with several server instances on one PostgreSQL (start those with
 * JOBS_IN_PROCESS=false). The embedded default runs the same handlers inside the server.
 * Start the server first: it applies the migrations; the worker only installs pg-boss's schema.
 * With METRICS_ENABLED=true it answers GET /metrics on METRICS_PORT (platform/metrics.ts).
 */
import pino from 'pino';
import { registerJobHandlers } from './jobs';
import { loadConfigOrExit } from './platform/config';
import { openDatabase } from './platform/db';
import { createJobs } from './platform/jobs';
import { loggerOptions } from './platform/logging';
import { createMailer } from './platform/mail';
import { createMetrics, startMetricsServer } from './platform/metrics';
import { exitGracefullyOnSignals } from './platform/shutdown';
import { createStorage } from './platform/storage';

async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL: the worker runs beside servers on one PostgreSQL; the embedded database runs jobs in the server itself.',
    );
    process.exit(2);
  }
  const logger = pino(loggerOptions(config.logLevel));
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    onIdleError: (err) =>
      logger.warn({ err }, 'database connection ended by the server; it will be replaced'),
  });
  const jobs = createJobs(database, logger, config.jobs);
  await jobs.start();
  const metrics = config.metrics.enabled ? createMetrics({ db: database.db, jobs }) : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const ctx = {
    db: database.db,
    config,
    mailer: metrics ? metrics.countMails(mailer) : mailer,
    jobs,
    storage: createStorage(config),
  };
  registerJobHandlers(ctx);
  await jobs.startWorkers();
  const metricsServer = metrics
    ? await startMetricsServer(metrics, {
        port: config.metrics.port,
        host: config.host,
        token: config.metrics.token,
      })
    : undefined;
  logger.info(metricsServer ? { metricsPort: config.metrics.port } : {}, 'worker running');

  exitGracefullyOnSignals({
    logger,
    what: 'worker',
    timeoutMs: 15_000,
    steps: async () => {
      metricsServer?.close();
      await jobs.stop();
      await mailer.close();
      await database.close();
    },
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
