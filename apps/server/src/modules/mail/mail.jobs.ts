/**
 * Handler of the 'mail.send' queue: sends one rendered mail (platform/mail.ts). A failure (SMTP
 * down) throws, so pg-boss retries it with backoff; the change that queued the mail stays done.
 */
import type { JobContext } from '../../platform/context';

/** Registers the mail handler on the job queue. */
export function registerMailJobs(ctx: JobContext) {
  ctx.jobs.handle('mail.send', async (message) => {
    await ctx.mailer.send(message);
  });
}
