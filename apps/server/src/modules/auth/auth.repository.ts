/** All SQL of sign-in, sessions, password resets and sign-in throttling. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { loginFailures, passwordResetTokens, sessions, users } from '../../platform/db/schema';

type Q = Db | Tx;

export const authRepository = {
  findUserByEmail: async (db: Q, email: string) =>
    (await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1))[0],

  findUserById: async (db: Q, id: number) =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

  createSession: (db: Q, s: { id: string; userId: number; expiresAt: Date; ip: string }) =>
    db.insert(sessions).values(s),

  touchLastLogin: (db: Q, userId: number) =>
    db.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, userId)),

  revokeSession: (db: Q, id: string) =>
    db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt))),

  revokeAllSessions: (db: Q, userId: number) =>
    db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),

  /** Current throttle state of a key; null when none. */
  getFailures: async (db: Q, key: string) =>
    (await db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1))[0] ?? null,

  /**
   * Counts a failure in a window of `windowMinutes`; when the count reaches `max`, locks the key for
   * `lockMinutes`. One statement, so concurrent failures from many instances add up correctly.
   */
  recordFailure: async (db: Q, key: string, max: number, windowMinutes: number, lockMinutes: number) => {
    const win = sql.raw(`interval '${windowMinutes} minutes'`);
    const lock = sql.raw(`interval '${lockMinutes} minutes'`);
    await db.execute(sql`
      insert into login_failures (key, count, window_started_at)
      values (${key}, 1, now())
      on conflict (key) do update set
        count = case when login_failures.window_started_at < now() - ${win} then 1 else login_failures.count + 1 end,
        window_started_at = case when login_failures.window_started_at < now() - ${win} then now() else login_failures.window_started_at end,
        locked_until = case
          when login_failures.window_started_at >= now() - ${win} and login_failures.count + 1 >= ${max} then now() + ${lock}
          else login_failures.locked_until end`);
  },

  clearFailures: (db: Q, key: string) => db.delete(loginFailures).where(eq(loginFailures.key, key)),

  createResetToken: async (db: Q, userId: number, tokenHash: string, expiresAt: Date) => {
    // A new link replaces any earlier unused one.
    await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Marks a live token used and returns its user id; undefined when unknown, used or expired. */
  consumeResetToken: async (db: Q, tokenHash: string) =>
    (
      await db
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResetTokens.userId })
    )[0]?.userId,

  setPassword: (db: Q, userId: number, passwordHash: string) =>
    db.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, userId)),
};
