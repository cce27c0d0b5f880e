/**
 * The mailer (platform/mail.ts; docs/decisions/0037): one SMTP connection pool per process, files
 * when no SMTP server is set (mode 600 in a folder of mode 700: they hold live reset links), and
 * attachments (text and base64) that arrive as files.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/harness';
import { createMailer, SMTP_POOL_CONNECTIONS } from './mail';

const logger = pino({ level: 'silent' });
const from = 'Selvedge <no-reply@selvedge.test>';
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'selvedge-mail-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('mail written to files when no SMTP server is set', () => {
  it('writes each mail with mode 600 in a mail folder of mode 700', async () => {
    const dataDir = scratch();
    const mailer = createMailer({ from, dataDir, logger });
    await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'token=secret' });
    await mailer.send({ to: 'b@example.com', subject: 'Reset', text: 'token=other' });
    const dir = join(dataDir, 'mail');
    expect(mode(dir)).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(mode(join(dir, f))).toBe(0o600);
      expect(f).toMatch(/\.eml$/);
    }
    expect(files.map((f) => readFileSync(join(dir, f), 'utf8')).join()).toContain('token=secret');
  });

  it('tightens a mail folder an older version left world-readable', async () => {
    const dataDir = scratch();
    mkdirSync(join(dataDir, 'mail'), { mode: 0o755 });
    const mailer = createMailer({ from, dataDir, logger });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Hello' });
    expect(mode(join(dataDir, 'mail'))).toBe(0o700);
  });
});

describe('mail through SMTP', () => {
  it('sends attachments, text and base64, as files of the mail', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from, dataDir: scratch(), logger });
    try {
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);
      await mailer.send({
        to: 'vendor@example.com',
        subject: 'Upload report',
        text: 'The report is attached.',
        attachments: [
          { filename: 'report.csv', content: 'row,message\r\n2,Größe fehlt\r\n', contentType: 'text/csv' },
          { filename: 'logo.png', content: png.toString('base64'), encoding: 'base64' },
        ],
      });
      expect(sink.messages).toHaveLength(1);
      const parsed = await simpleParser(sink.messages[0]!.raw);
      expect(parsed.text?.trim()).toBe('The report is attached.');
      expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ['report.csv', 'text/csv'],
        ['logo.png', 'image/png'],
      ]);
      expect(parsed.attachments[0]!.content.toString('utf8')).toBe('row,message\r\n2,Größe fehlt\r\n');
      expect(Buffer.compare(parsed.attachments[1]!.content, png)).toBe(0);
    } finally {
      await mailer.close();
      await sink.close();
    }
  });

  it('sends many mails at once over one pool of at most SMTP_POOL_CONNECTIONS connections', async () => {
    let connections = 0;
    let received = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 50,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          received++;
          callback();
        });
      },
    });
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
    const port = (server.server.address() as { port: number }).port;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, dataDir: scratch(), logger });
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          mailer.send({ to: `user${i}@example.com`, subject: `Mail ${i}`, text: 'Hello' }),
        ),
      );
      expect(received).toBe(60);
      expect(connections).toBeGreaterThan(0);
      expect(connections).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
      // The pool stays open: the next mail needs no new connection.
      const before = connections;
      await mailer.send({ to: 'late@example.com', subject: 'Later', text: 'Hello' });
      expect(connections).toBe(before);
    } finally {
      await mailer.close();
      await new Promise<void>((res) => server.close(() => res()));
    }
  });
});
