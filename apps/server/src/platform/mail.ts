/**
 * Outgoing mail through nodemailer (ARCHITECTURE.md Mail; docs/decisions/0037): SMTP_URL for a real
 * server, reached through ONE pool of SMTP connections per process (5 by default; `?maxConnections=N`
 * on SMTP_URL changes it), so the mail workers send in parallel without a handshake per mail. Without
 * SMTP_URL each message is written to DATA_DIR/mail/<time>-<id>.eml (mode 600 in a folder of mode 700:
 * a file may hold a live reset link) and logged, so nothing is lost in development.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_FILE_MODE, privateFolder } from './privateFiles';

/**
 * nodemailer, loaded with a process's first mail: importing it loads Node's fetch implementation
 * (undici, with its WebAssembly parser), ~20 MB resident that a server which sends no mail itself
 * (JOBS_IN_PROCESS=false) never needs (docs/decisions/0030).
 */
const nodemailer = () => import('nodemailer').then((m) => m.default);

/** `make()` on the first call; its promise, shared, on every call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * A file sent with a mail (e.g. a CSV report). The content is a string because a queued mail is JSON
 * in the job table: text as it is (UTF-8), binary as base64 with `encoding: 'base64'`.
 */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding?: 'base64';
  /** MIME type; nodemailer infers it from the file name when absent. */
  contentType?: string;
}

/** One rendered mail to one recipient (what the mail queues carry). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Sends one mail; throws when the SMTP server refuses it or cannot be reached (the job retries). */
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP pool (idle connections); a later `send` opens it again. */
  close(): Promise<void>;
}

/** SMTP connections kept open per process unless SMTP_URL says `?maxConnections=N` (nodemailer's default). */
export const SMTP_POOL_CONNECTIONS = 5;

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    // Values in the URL's query (maxConnections, rateLimit…) win over these defaults.
    const transportOf = async () =>
      (await nodemailer()).createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_POOL_CONNECTIONS,
      });
    let pool: ReturnType<typeof transportOf> | undefined;
    return {
      async send(m) {
        pool ??= transportOf();
        const info = await (await pool).sendMail({ from: opts.from, ...m });
        opts.logger.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent');
      },
      async close() {
        const closing = pool;
        pool = undefined;
        if (closing) (await closing).close();
      },
    };
  }
  const transport = once(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const dir = join(opts.dataDir, 'mail');
  // Made (or tightened, if an older version made it 755) once per process.
  const folder = once(() => privateFolder(dir));
  return {
    async send(m) {
      const info = await (await transport()).sendMail({ from: opts.from, ...m });
      await folder();
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      opts.logger.info({ to: m.to, subject: m.subject, file }, 'mail written to file (no SMTP_URL)');
    },
    async close() {},
  };
}

/** The parts of a mail written by the product: a greeting, paragraphs, an optional action link. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A button (HTML) / a line with the URL (text). */
  action?: { label: string; url: string };
  /** Small print under the action (e.g. why the reader got this mail). */
  footer?: string[];
  /** Blocks after the paragraphs, each a heading and its lines kept as lines (e.g. a care label). */
  blocks?: { heading: string; lines: string[] }[];
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Renders a mail as plain text and HTML (ARCHITECTURE.md Mail; every product mail goes through here so
 * they all look alike). Every value is escaped in the HTML part; `brandName` signs the mail.
 */
export function renderMail(content: MailContent, to: string, brandName: string): MailMessage {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.blocks ?? []).flatMap((b) => [b.heading, ...b.lines.map((l) => `  ${l}`), '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ?? []),
    ...(content.footer?.length ? [''] : []),
    `— ${brandName}`,
  ].join('\n');
  const p = (s: string, style = '') => `<p style="margin:0 0 14px;${style}">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#1f2933;line-height:1.5">',
    `<div style="max-width:600px;margin:0 auto;padding:24px">`,
    `<div style="font-size:18px;font-weight:bold;color:#1c4e80;margin-bottom:20px">${escapeHtml(brandName)}</div>`,
    p(content.greeting),
    ...content.paragraphs.map((x) => p(x)),
    ...(content.blocks ?? []).map(
      (b) =>
        `<div style="margin:0 0 14px"><div style="font-weight:bold">${escapeHtml(b.heading)}</div><div style="border:1px solid #cbd2d9;display:inline-block;padding:6px 10px;font-size:12px">${b.lines.map(escapeHtml).join('<br>')}</div></div>`,
    ),
    content.action
      ? `<p style="margin:22px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c4e80;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
      : '',
    ...(content.footer ?? []).map((x) => p(x, 'font-size:12px;color:#52606d')),
    '</div></body></html>',
  ].join('');
  return { to, subject: content.subject, text, html };
}
