/**
 * The mail queues (mail.jobs.ts, platform/jobs.ts WORKERS; docs/decisions/0037) against a real SMTP
 * server: an account mail (reset link) queued behind hundreds of order mails is sent while they are
 * still draining, and a mail the server refuses is retried alone, the rest of its batch sent once.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../platform/context';
import type { Database } from '../../platform/db';
import { createJobs, type Jobs } from '../../platform/jobs';
import { createMailer, type Mailer } from '../../platform/mail';
import { createTestDatabase } from '../../test/harness';
import { registerMailJobs } from './mail.jobs';

const logger = pino({ level: 'silent' });
const ORDER_MAILS = 200;

/** Subjects in the order the SMTP server accepted them; each order mail takes the server 10 ms. */
const received: string[] = [];
let server: SMTPServer;
let database: Database;
let jobs: Jobs;
let mailer: Mailer;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) callback(new Error('550 mailbox unavailable'));
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        setTimeout(
          () => {
            received.push(subject);
            callback();
          },
          subject.startsWith('Order') ? 10 : 0,
        );
      });
    },
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.server.address() as { port: number }).port;
  database = await createTestDatabase();
  jobs = createJobs(database, logger, { schedule: false });
  await jobs.start();
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'x@selvedge.test',
    dataDir: '',
    logger,
  });
  registerMailJobs({ db: database.db, jobs, mailer } as unknown as JobContext);
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await mailer?.close();
  await new Promise<void>((res) => server.close(() => res()));
  await database?.close();
});

describe('mail queues', () => {
  it('sends an account mail queued after hundreds of order mails while they still drain', async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < ORDER_MAILS; i++)
        await jobs.send(tx, 'mail.send', { to: `csr${i}@example.com`, subject: `Order ${i}`, text: 'Hi' });
    });
    await jobs.send(database.db, 'mail.account', {
      to: 'new@example.com',
      subject: 'Reset your password',
      text: 'link',
    });
    await jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
    await jobs.idle(['mail.send', 'mail.account'], 60_000);
    expect(received).toHaveLength(ORDER_MAILS + 1);
    // First in, first out (one queue), it would be last: it must overtake most of the backlog.
    expect(received.indexOf('Reset your password')).toBeLessThan(ORDER_MAILS / 2);
    expect(new Set(received).size).toBe(ORDER_MAILS + 1);
  });

  it('retries a refused mail alone: the rest of its batch is sent exactly once', async () => {
    received.length = 0;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++)
        await jobs.send(tx, 'mail.send', {
          to: i === 4 ? 'bounce@example.com' : `ok${i}@example.com`,
          subject: `Batch ${i}`,
          text: 'Hi',
        });
    });
    // pg-boss settles each job of the batch on its own: nine completed, the refused one waits to retry.
    await expect
      .poll(
        async () =>
          (
            await database.db.execute(
              sql`select state::text as state, count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'subject' like 'Batch %' group by state order by state`,
            )
          ).rows,
        { timeout: 20_000 },
      )
      .toEqual([
        { state: 'completed', n: 9 },
        { state: 'retry', n: 1 },
      ]);
    expect(received.filter((s) => s.startsWith('Batch')).sort()).toEqual(
      [0, 1, 2, 3, 5, 6, 7, 8, 9].map((i) => `Batch ${i}`),
    );
  });
});
