/**
 * Mail benchmark (`npm run bench:mail`; docs/decisions/0037). Not part of `npm test`: it
 * asserts no timings, it prints them.
 *
 * 1. Creates a scratch PostgreSQL database selvedge_bench_mail_<time> through BENCH_DATABASE_URL, else
 *    DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (dropped at the end); applies
 *    migrations and loads the demo data. BENCH_DATABASE=pglite runs on an in-memory PGlite instead.
 * 2. Starts the test harness's SMTP sink (a real SMTP server on a free port) and the app with its job
 *    workers as `npm start` runs them (in process, the default polling), mailing through the sink.
 * 3. Queues BENCH_MAILS (default 1,000) order mails — a demo order's mail to one recipient each, as
 *    the 'order.mail' fan-out renders them — on 'mail.send', in one transaction.
 * 4. When half of them are in the sink, an admin asks for a password reset through the API (POST
 *    /auth/users/{id}/reset-password); the time until that mail is in the sink is its latency.
 * 5. Prints the time to drain all order mails, mails per second, and the reset mail's latency and
 *    place among the mails received. Aims: 1,000 drained in under 60 s, the reset mail in under 5 s.
 */

import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { registerJobHandlers } from '../src/jobs';
import { nextStep, renderOrderMail } from '../src/modules/orders/orders.mail';
import { loadOrderRecord } from '../src/modules/orders/orders.readModel';
import { createScratchDatabase, type Database, openDatabase } from '../src/platform/db';
import * as s from '../src/platform/db/schema';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { DEMO_EMAILS, startSmtpSink } from '../src/test/harness';
import { startInProcessApp } from './inProcessApp';
import { exitWhenDone } from './seed';

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
if (!Number.isInteger(MAILS) || MAILS < 2) throw new Error('BENCH_MAILS must be a whole number ≥ 2');
const log = (line: string) => process.stdout.write(`${line}\n`);

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const server =
    process.env.BENCH_DATABASE_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createScratchDatabase(server, `selvedge_bench_mail_${Date.now()}`);
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  const smtp = await startSmtpSink();
  const { app, jobs, config, close } = await startInProcessApp(database, { tag: 'mail', smtpUrl: smtp.url });
  await app.ready();
  try {
    log(`database: ${database.kind}; ${MAILS} order mails to the SMTP sink ${smtp.url}`);
    // The mails: one demo order's "placed" mail, each to its own address.
    const [first] = await database.db.select({ id: s.orders.id }).from(s.orders).limit(1);
    if (!first) throw new Error('the demo data has no order');
    const order = await loadOrderRecord(database.db, first.id);
    const step = nextStep('placed', 'NEEDS_ARTWORK', null)!;
    const queuedAt = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < MAILS; i++)
        await jobs.send(
          tx,
          'mail.send',
          renderOrderMail({
            order,
            step,
            status: 'NEEDS_ARTWORK',
            actorName: 'Bench',
            to: { email: `csr${i}@bench.example.com`, name: `CSR ${i}` },
            brandName: config.brandName,
            publicUrl: config.publicUrl,
          }),
        );
    });
    log(`queued in ${((performance.now() - queuedAt) / 1000).toFixed(1)} s`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: DEMO_EMAILS.ADMIN, password: DEMO_PASSWORD },
    });
    const token = login.json().access_token as string;
    const [vendor] = await database.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, DEMO_EMAILS.VENDOR));

    registerJobHandlers(app.ctx);
    const start = performance.now();
    await jobs.startWorkers();
    const isReset = (raw: string) => raw.includes(DEMO_EMAILS.VENDOR) && raw.includes('reset-password?token');
    let resetAskedAt = 0;
    let resetLatency = 0;
    let resetPlace = 0;
    let drained = 0;
    const deadline = start + 600_000;
    while (performance.now() < deadline) {
      const orderMails = smtp.messages.filter((m) => m.to[0]?.endsWith('@bench.example.com')).length;
      if (!resetAskedAt && orderMails >= MAILS / 2) {
        resetAskedAt = performance.now();
        const r = await app.inject({
          method: 'POST',
          url: `/api/v1.0/auth/users/${vendor!.id}/reset-password`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (r.statusCode !== 200) throw new Error(`reset: ${r.statusCode} ${r.body}`);
      }
      if (resetAskedAt && !resetLatency) {
        const at = smtp.messages.findIndex((m) => isReset(m.raw));
        if (at >= 0) {
          resetLatency = performance.now() - resetAskedAt;
          resetPlace = at + 1;
        }
      }
      if (!drained && orderMails >= MAILS) drained = performance.now() - start;
      if (drained && resetLatency) break;
      await delay(5);
    }
    if (!drained || !resetLatency) throw new Error('the mails did not drain within 10 minutes');
    log(
      `order mails drained: ${MAILS} in ${(drained / 1000).toFixed(1)} s = ${(MAILS / (drained / 1000)).toFixed(0)} mails/s (aim: under 60 s)`,
    );
    log(
      `reset mail asked for after ${Math.round(MAILS / 2)} order mails: in the sink ${(resetLatency / 1000).toFixed(2)} s later, as mail ${resetPlace} of ${smtp.messages.length} (aim: under 5 s)`,
    );
  } finally {
    await close();
    await smtp.close();
    await drop();
  }
}

exitWhenDone(main());
