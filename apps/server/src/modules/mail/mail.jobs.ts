/**
 * Handlers of the mail queues, 'mail.send' (order mail, reports) and 'mail.account' (reset and
 * set-password links; its own workers, docs/decisions/0037): each job sends one rendered mail
 * (platform/mail.ts). A failure (SMTP down) throws, so pg-boss retries it with backoff; the change
 * that queued the mail stays done.
 */
import type { JobContext } from '../../platform/context';

/** Registers the mail handlers on the job queue. */
export function registerMailJobs(ctx: JobContext) {
  ctx.jobs.handle('mail.send', (message) => ctx.mailer.send(message));
  ctx.jobs.handle('mail.account', (message) => ctx.mailer.send(message));
}
