/**
 * The mail with a single-use link to choose a password (ordering §2 Reset password): sent when an
 * admin presses Send Password Reset and when an admin creates a user (master-data §4 users have no
 * password until they choose one). One mail for both, queued on 'mail.account' (its own workers, so
 * it never waits behind order mail; docs/decisions/0037) in the caller's transaction: the link works
 * exactly when the mail is queued.
 */
import { createHash, randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import type { AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db';
import { renderMail } from '../../platform/mail';
import { authRepository as repo } from './auth.repository';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Makes a reset token for `user` (replacing an unused earlier one; valid RESET_TOKEN_TTL_HOURS) and
 * queues the mail with its link, both through `tx`. `reason` only changes the first sentence.
 */
export async function queuePasswordMail(
  ctx: Pick<AppContext, 'config' | 'jobs'>,
  tx: Tx,
  user: { id: number; email: string; contactName: string },
  reason: 'reset' | 'newAccount',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const ttl = ctx.config.resetTokenTtlHours;
  const brand = ctx.config.brandName;
  const mail = renderMail(
    {
      subject: `${brand}: set your password`,
      greeting: `Hello ${user.contactName},`,
      paragraphs: [
        reason === 'newAccount'
          ? `An account was created for you in ${brand}. Open this link to choose your password.`
          : `A password reset was requested for your ${brand} account. Open this link to choose a new password.`,
      ],
      action: {
        label: 'Choose a new password',
        url: `${ctx.config.publicUrl}/reset-password?token=${token}`,
      },
      footer: [
        `The link works once and expires in ${ttl} hours.`,
        'If you did not expect this message, you can ignore it.',
      ],
    },
    user.email,
    brand,
  );
  await repo.createResetToken(tx, user.id, sha256(token), dayjs().add(ttl, 'hour').toDate());
  await ctx.jobs.send(tx, 'mail.account', mail);
}
