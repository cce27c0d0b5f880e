/**
 * Sign-in, sign-out and password reset (ordering §2 Login, Reset password; §4 Session; §5; §9).
 *
 * - Sign-in checks the password (argon2id), refuses an account whose password expired after six
 *   months without a login, and throttles repeated failures per address and per account.
 * - Password reset mails a single-use link that expires after RESET_TOKEN_TTL_HOURS.
 */
import { AUTH_MESSAGES, isRole, LIMITS, MESSAGES } from '@selvedge/shared';
import dayjs from 'dayjs';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../platform/errors';
import { authRepository as repo } from './auth.repository';
import { queuePasswordMail, sha256 } from './passwordMail';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';

/**
 * Throttling of failed sign-ins (docs/decisions/0003-sign-in-throttling.md; ASVS 6.3): a guesser at
 * one address is stopped per account and address pair; one address trying many accounts is stopped
 * per address; guessing one account from many addresses is slowed per account — with a limit high
 * enough that nobody can keep a user locked out from a few addresses.
 */
export const THROTTLE = {
  pair: { max: 5, windowMinutes: 15, lockMinutes: 15 },
  address: { max: 20, windowMinutes: 15, lockMinutes: 15 },
  account: { max: 50, windowMinutes: 60, lockMinutes: 15 },
} as const;
type ThrottleKind = keyof typeof THROTTLE;

/**
 * The `login_failures` keys of a sign-in attempt: the kind, then a keyed hash of the e-mail address
 * (trimmed, lower-case: the account whatever its spelling), the client address or both, so the
 * table counts attempts without being a list of who tried to sign in, or from where
 * (docs/decisions/0055). `account` does not depend on `address`.
 */
export function throttleKeys(tokens: Pick<AppContext['tokens'], 'digest'>, email: string, address: string) {
  const account = email.trim().toLowerCase();
  const key = (kind: string, value: string) =>
    `${kind}:${tokens.digest('login-failures', `${kind} ${value}`)}`;
  return {
    pair: key('pair', `${account} ${address}`),
    address: key('ip', address),
    account: key('email', account),
  } satisfies Record<ThrottleKind, string>;
}

/** True when the last activity (last login, else the last password change) is six months old or more. */
export function isPasswordExpired(
  user: { lastLogin: Date | null; passwordChangedAt: Date | null; createdAt: Date },
  now = new Date(),
): boolean {
  const last = [user.lastLogin, user.passwordChangedAt, user.createdAt]
    .filter((d): d is Date => !!d)
    .reduce((a, b) => (a > b ? a : b));
  return !dayjs(last).add(LIMITS.passwordExpiryMonths, 'month').isAfter(now);
}

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  async function assertNotLocked(key: string) {
    const f = await repo.getFailures(db, key);
    if (f?.lockedUntil && f.lockedUntil > new Date()) {
      const minutes = Math.max(1, Math.ceil((f.lockedUntil.getTime() - Date.now()) / 60_000));
      throw tooManyRequests(AUTH_MESSAGES.throttled(minutes));
    }
  }

  async function fail(keys: Record<ThrottleKind, string>): Promise<never> {
    for (const kind of Object.keys(THROTTLE) as ThrottleKind[]) {
      const t = THROTTLE[kind];
      await repo.recordFailure(db, keys[kind], t.max, t.windowMinutes, t.lockMinutes);
    }
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }

  return {
    /** Checks credentials and opens a session; answers the signed access token. */
    async login(email: string, password: string, ip: string): Promise<{ access_token: string }> {
      const keys = throttleKeys(ctx.tokens, email, ip);
      for (const key of Object.values(keys)) await assertNotLocked(key);
      const user = await repo.findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), password);
      if (!user?.passwordHash || !ok || !isRole(user.role) || user.role === 'NONE') return fail(keys);
      if (!user.active) throw unauthorized(AUTH_MESSAGES.inactive);
      if (isPasswordExpired(user)) throw unauthorized(AUTH_MESSAGES.expired);
      // A success ends this address's guessing of the account; the account's own (slow) counter stays.
      await repo.clearFailures(db, keys.pair);
      const issued = await ctx.tokens.issue({
        id: user.id,
        role: user.role,
        email: user.email,
        name: user.contactName,
      });
      await db.transaction(async (tx) => {
        await repo.createSession(tx, { id: issued.jti, userId: user.id, expiresAt: issued.expiresAt, ip });
        await repo.touchLastLogin(tx, user.id);
      });
      return { access_token: issued.token };
    },

    /** Revokes the session of the token used; later calls with it answer 401. */
    async logout(sessionId: string) {
      await repo.revokeSession(db, sessionId);
    },

    /** Mails the user a single-use reset link (admin action; passwordMail.ts). */
    async sendPasswordReset(userId: number) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
      await db.transaction((tx) => queuePasswordMail(ctx, tx, user, 'reset'));
      return { message: MESSAGES.passwordReset };
    },

    /** Sets a new password with a reset token; ends every open session of that user. */
    async updatePassword(token: string, password: string) {
      if (password.length < LIMITS.minPasswordLength) throw badRequest(MESSAGES.passwordTooShort, 'password');
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, sha256(token));
        if (!userId) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
        await repo.setPassword(tx, userId, passwordHash);
        await repo.revokeAllSessions(tx, userId);
        const user = await repo.findUserById(tx, userId);
        if (user) await repo.clearFailures(tx, throttleKeys(ctx.tokens, user.email, '-').account);
      });
      return { message: MESSAGES.passwordUpdated };
    },
  };
}
