/**
 * Background jobs on pg-boss in the application's own database (ARCHITECTURE.md Jobs): mail, the
 * variable-data import and the stored-file sweep.
 *
 * - `send(q, name, data)` queues a job through the caller's connection or transaction (pg-boss
 *   `fromDrizzle`), so a job exists exactly when the change that asked for it commits: a rolled
 *   back order transition sends no mail, a committed one always does.
 * - Handlers live beside their module (`*.jobs.ts`) and are registered by `registerJobHandlers`
 *   (src/jobs.ts); they run in the server process in embedded mode and in `npm run worker` when
 *   the server is started with JOBS_IN_PROCESS=false (several instances on one PostgreSQL).
 * - Works on PGlite (pg-boss `fromPglite`, one shared connection) and on PostgreSQL (its own small
 *   pool, same database).
 * - Retries with exponential backoff; a job that keeps failing ends in the 'failed' state (kept
 *   for a week), never undoing the change that queued it. A queue may name a dead letter queue whose
 *   handler then deals with the job that failed for good.
 * - A long job (the import) has a heartbeat: pg-boss refreshes it while the handler runs, and a job
 *   whose heartbeat stopped (its process killed) is failed — retried — by the supervisor of any
 *   process within HEARTBEAT_SECONDS + SUPERVISE_SECONDS (docs/decisions/0055).
 * - Each queue has its own workers (WORKERS): mail is fetched in batches by several workers, a batch's
 *   jobs run side by side and settle one by one (a failing mail retries alone), and a worker keeps
 *   fetching while its batches come back full; account mail (reset, set password) has a queue of its
 *   own, so it never waits behind order mail (docs/decisions/0037).
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type Job, PgBoss } from 'pg-boss';
import type { Database, Db, Tx } from './db';
import type { MailMessage } from './mail';

/** Every queue, with its data type. Add a queue here and in QUEUE_OPTIONS. */
export interface JobTypes {
  /** One mail to one recipient, already rendered (platform/mail.ts): order mail, reports. */
  'mail.send': MailMessage;
  /**
   * One account mail (password reset, set password on create): a queue of its own with its own
   * workers, so a reset link is sent at once however much order mail waits (decision 0037).
   */
  'mail.account': MailMessage;
  /** One order event's mail: recipients and text are worked out when the job runs (orders.mail.ts). */
  'order.mail': {
    orderId: number;
    event: string;
    status: string;
    actorId: number;
    actorName: string;
    detail?: string | null;
  };
  /** Removes stored files no row references (modules/files/files.jobs.ts); hourly and at start. */
  'storage.sweep': Record<string, never>;
  /** Reads and imports one uploaded retailer data file (modules/variableData/variableData.jobs.ts). */
  'variableData.import': { uploadId: number };
  /** The dead letter of 'variableData.import': ends the upload of an import that failed for good. */
  'variableData.giveUp': { uploadId: number };
}
export type JobName = keyof JobTypes;

/**
 * Seconds between two passes of pg-boss's supervisor (per process; one pass per interval across
 * processes): it fails the jobs whose heartbeat stopped or that ran past their expiry. pg-boss's
 * default is 60; JOBS_SUPERVISE_SECONDS overrides this default.
 */
export const SUPERVISE_SECONDS = 30;

/**
 * Heartbeat of the import's job: pg-boss refreshes it every half of this while the handler runs
 * (at least 10, pg-boss's floor); IMPORT_HEARTBEAT_SECONDS overrides this default.
 */
export const HEARTBEAT_SECONDS = 30;

/**
 * Queue policies: retries with backoff (`retryDelay` × 1–2, then × 2–4, × 4–8...); mail jobs are
 * deleted a day after completion.
 */
const QUEUE_OPTIONS: Record<
  JobName,
  {
    retryLimit: number;
    retryDelay: number;
    deleteAfterSeconds: number;
    expireInSeconds?: number;
    heartbeatSeconds?: number;
    deadLetter?: JobName;
  }
> = {
  'mail.send': { retryLimit: 8, retryDelay: 15, deleteAfterSeconds: 3600 },
  // A reset link is in the mail text: keep the finished job only briefly.
  'mail.account': { retryLimit: 8, retryDelay: 15, deleteAfterSeconds: 3600 },
  'order.mail': { retryLimit: 8, retryDelay: 15, deleteAfterSeconds: 86_400 },
  'storage.sweep': { retryLimit: 2, retryDelay: 300, deleteAfterSeconds: 86_400 },
  // A file of a million rows takes minutes; a run cut off (crash, restart) starts again from the
  // stored file, its staged rows cleared first (docs/decisions/0045). Its worker killed, the job is
  // retried once the heartbeat has lapsed and the supervisor has seen it, then after 10–20 s: the
  // import goes on within about a minute and a half (decision 0055). Five retries ride out an outage
  // of the database or the storage of about 5–10 minutes; then the dead letter refuses the file.
  'variableData.import': {
    retryLimit: 5,
    retryDelay: 10,
    deleteAfterSeconds: 86_400,
    expireInSeconds: 3600,
    heartbeatSeconds: HEARTBEAT_SECONDS,
    deadLetter: 'variableData.giveUp',
  },
  'variableData.giveUp': { retryLimit: 8, retryDelay: 15, deleteAfterSeconds: 86_400 },
};

/**
 * How each queue is worked, per process: `batchSize` jobs per fetch, `localConcurrency` workers
 * fetching side by side, `pollingIntervalSeconds` between fetches when the queue is empty (a full
 * batch fetches again at once). Mail: 2 workers × 25 mails keep the SMTP pool (5 connections) busy;
 * 'order.mail' jobs each open a transaction, so fewer at a time; account mail polls fastest.
 */
const WORKERS: Record<
  JobName,
  { batchSize: number; localConcurrency: number; pollingIntervalSeconds?: number }
> = {
  'mail.send': { batchSize: 25, localConcurrency: 2 },
  'mail.account': { batchSize: 5, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
  'order.mail': { batchSize: 5, localConcurrency: 2 },
  'storage.sweep': { batchSize: 1, localConcurrency: 1 },
  'variableData.import': { batchSize: 1, localConcurrency: 1 },
  'variableData.giveUp': { batchSize: 1, localConcurrency: 1 },
};

/** Queues that pg-boss fills on a schedule (cron, UTC): each gets one job per occurrence. */
const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  'storage.sweep': '17 * * * *',
};

/**
 * Scheduled queues that also get a job when a process with the clock starts: the orphan sweep, so
 * that an installation that is seldom up at minute 17 (a laptop's `npm start`) still sweeps, and a
 * restart after a crash sweeps at once (decision 0054). Not when one is still waiting: however many
 * processes start, or however often one restarts, one such job waits at a time.
 */
const JOBS_AT_START: JobName[] = ['storage.sweep'];

/** The job states counted by `Jobs.counts` (completed and cancelled jobs are not a backlog). */
export const JOB_COUNT_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type JobCountState = (typeof JOB_COUNT_STATES)[number];

/**
 * A queue's handler. `job.signal` is aborted when the job is no longer this process's (pg-boss lost
 * its heartbeat) or when this process stops (`Jobs.stop`): a long handler (the import) then stops at
 * its next step and throws, and the job is retried — a deploy hands the job on instead of cutting it
 * off (docs/decisions/0055).
 */
export type JobHandler<N extends JobName> = (data: JobTypes[N], job: Job<JobTypes[N]>) => Promise<void>;

export interface Jobs {
  /** Queues one job through `q` (a transaction: it commits with it). */
  send<N extends JobName>(q: Db | Tx, name: N, data: JobTypes[N]): Promise<void>;
  /** Registers the handler of a queue (call before `startWorkers`). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Installs or migrates pg-boss's schema and creates the queues; no job runs yet. */
  start(): Promise<void>;
  /**
   * Starts polling the queues with the registered handlers (WORKERS); `pollingIntervalSeconds`
   * (default 2) is the idle poll of the queues that do not set a faster one.
   */
  startWorkers(opts?: { pollingIntervalSeconds?: number }): Promise<void>;
  /**
   * Jobs per queue and state, counted in the job table (metrics: queue depth): `created` and `retry`
   * wait, `active` run, `failed` used up their retries. A queue without jobs in a state answers 0.
   */
  counts(): Promise<{ queue: JobName; state: JobCountState; count: number }[]>;
  /** Waits until no job of `names` is queued or running (tests). */
  idle(names?: JobName[], timeoutMs?: number): Promise<void>;
  /**
   * Stops workers and pg-boss: running jobs may finish within 10 s, their signals aborted (a long job
   * stops and is retried); a job still running then is failed, to be retried.
   */
  stop(): Promise<void>;
}

/**
 * The job queue over `database` (PGlite or PostgreSQL). `opts.schedule` (default true) runs pg-boss's
 * clock, which turns JOB_SCHEDULES into jobs; any number of processes may run it (pg-boss makes one
 * job per occurrence); `start` then also queues JOBS_AT_START. Tests turn it off.
 */
export function createJobs(
  database: Database,
  logger: FastifyBaseLogger,
  opts: { schedule?: boolean; superviseSeconds?: number; importHeartbeatSeconds?: number } = {},
): Jobs {
  const schedule = opts.schedule ?? true;
  const superviseSeconds = opts.superviseSeconds ?? SUPERVISE_SECONDS;
  const heartbeatSeconds = opts.importHeartbeatSeconds ?? HEARTBEAT_SECONDS;
  const queueOptions = Object.fromEntries(
    Object.entries(QUEUE_OPTIONS).map(([name, options]) => [
      name,
      options.heartbeatSeconds ? { ...options, heartbeatSeconds } : options,
    ]),
  ) as typeof QUEUE_OPTIONS;
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          schedule,
          registerInstance: false,
          superviseIntervalSeconds: superviseSeconds,
          monitorIntervalSeconds: superviseSeconds,
        })
      : new PgBoss({
          connectionString: database.url,
          max: 3,
          schedule,
          registerInstance: false,
          superviseIntervalSeconds: superviseSeconds,
          monitorIntervalSeconds: superviseSeconds,
          application_name: 'selvedge-jobs',
        });
  boss.on('error', (err: Error) => logger.error({ err }, 'job queue error'));
  const handlers = new Map<JobName, JobHandler<JobName>>();
  /** Aborted by stop(): every running handler's signal (JobHandler). */
  const stopping = new AbortController();
  let started = false;
  let workers = false;

  return {
    async send(q, name, data) {
      await boss.send(name, data, { db: fromDrizzle(q, sql) });
    },
    handle(name, handler) {
      handlers.set(name, handler as unknown as JobHandler<JobName>);
    },
    async start() {
      if (started) return;
      await boss.start();
      // Created (if new) without their dead letter, which may not exist yet; then every queue is given
      // today's options, as createQueue leaves an existing queue as it was.
      for (const [name, { deadLetter: _, ...options }] of Object.entries(queueOptions)) {
        await boss.createQueue(name, { ...options, retryBackoff: true, retryDelayMax: 3600 });
      }
      for (const [name, options] of Object.entries(queueOptions)) {
        await boss.updateQueue(name, { ...options, retryBackoff: true, retryDelayMax: 3600 });
      }
      for (const [name, cron] of Object.entries(JOB_SCHEDULES)) {
        await boss.schedule(name, cron, {}, { tz: 'UTC' });
      }
      if (schedule) {
        for (const name of JOBS_AT_START) {
          // Two processes starting at the same instant may both queue one: two sweeps, harmless.
          const waiting = await boss.findJobs(name, { queued: true, limit: 1 });
          if (waiting.length === 0) await boss.send(name, {}, { singletonKey: 'at-start' });
        }
      }
      started = true;
    },
    async startWorkers(opts = {}) {
      if (workers) return;
      workers = true;
      for (const [name, handler] of handlers) {
        const { pollingIntervalSeconds, ...work } = WORKERS[name];
        const idlePoll = opts.pollingIntervalSeconds ?? 2;
        const options = {
          ...work,
          pollingIntervalSeconds: Math.min(pollingIntervalSeconds ?? idlePoll, idlePoll),
          burstWhenBatchFull: work.batchSize > 1,
          perJobResults: true as const,
        };
        await boss.work<JobTypes[JobName], unknown, typeof options>(
          name,
          options,
          // The batch's jobs run side by side; each is settled on its own, so one failure (a refused
          // recipient) retries that job alone.
          (batch) =>
            Promise.all(
              batch.map(async (job) => {
                try {
                  await handler(job.data, { ...job, signal: AbortSignal.any([job.signal, stopping.signal]) });
                  return { id: job.id, status: 'completed' as const };
                } catch (err) {
                  // Logged without the job data: a mail's text may hold a reset link.
                  logger.warn(
                    { err, queue: name, jobId: job.id, retry: job.retryCount },
                    'job failed; it will be retried',
                  );
                  return {
                    id: job.id,
                    status: 'failed' as const,
                    output: { message: err instanceof Error ? err.message : String(err) },
                  };
                }
              }),
            ),
        );
      }
    },
    async counts() {
      const r = await database.db.execute(
        sql`select name, state::text as state, count(*)::int as n from pgboss.job where state in (${sql.join(
          JOB_COUNT_STATES.map((st) => sql`${st}`),
          sql`, `,
        )}) group by name, state`,
      );
      const found = new Map(
        (r.rows as { name: string; state: string; n: number }[]).map((x) => [`${x.name} ${x.state}`, x.n]),
      );
      return (Object.keys(QUEUE_OPTIONS) as JobName[]).flatMap((queue) =>
        JOB_COUNT_STATES.map((state) => ({ queue, state, count: found.get(`${queue} ${state}`) ?? 0 })),
      );
    },
    async idle(names = Object.keys(QUEUE_OPTIONS) as JobName[], timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Counted from the job table itself: pg-boss's queue counters are refreshed periodically.
        const r = await database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}) and state in ('created', 'retry', 'active')`,
        );
        if ((r.rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      // Short jobs (a mail) finish in the grace period; a long one gives its attempt back at once.
      stopping.abort(new Error('the process is stopping'));
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
