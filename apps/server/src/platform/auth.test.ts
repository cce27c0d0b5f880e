/**
 * The session cache (docs/decisions/0019 Authentication): the cache alone (SessionCache), then an
 * app on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) where every change to a
 * session, a user or an assignment takes effect on the very next request — through the API at once
 * (the answer waits until the cache saw it); in plain SQL once its notice arrived, which on PostgreSQL
 * is asynchronous (well under a millisecond), so those tests `settle()` first: `app.inject` calls the
 * app without a network hop and could otherwise overtake the notice — and (PostgreSQL) where the
 * cache steps aside while its notice connection is down. Across instances: test/multi-instance.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { liveHubs } from '../modules/events/events.routes';
import { buildUser } from '../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../test/harness';
import { type AuthUser, SessionCache } from './auth';
import { listenTiming } from './db';
import * as s from './db/schema';

const user = (id: number, sessionId: string, extra: Partial<AuthUser> = {}): AuthUser => ({
  id,
  role: 'VENDOR',
  email: `u${id}@example.com`,
  name: `User ${id}`,
  sessionId,
  customerIds: [],
  vendorIds: [1],
  factoryIds: [],
  regionIds: [],
  canUpdateInventory: false,
  canRestock: false,
  ...extra,
});
const far = new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  /** A live cache on a clock the test moves. */
  const live = (opts: { maxEntries?: number } = {}) => {
    const clock = { now: 1_000_000 };
    const cache = new SessionCache({ ...opts, now: () => clock.now });
    cache.up();
    const put = (u: AuthUser, expiresAt = new Date(clock.now + 3_600_000)) =>
      cache.set(cache.begin(), u, expiresAt);
    return { cache, clock, put };
  };

  it('serves nothing before its notice connection is up', () => {
    const cache = new SessionCache();
    expect(cache.begin()).toBeNull();
    cache.set(cache.begin(), user(1, 'a'), far);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('answers a stored session to its own user only', () => {
    const { cache, put } = live();
    put(user(1, 'a'));
    expect(cache.get('a', 1)).toMatchObject({ id: 1, sessionId: 'a' });
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it("drops the user's sessions on a notice naming them, and only theirs", () => {
    const { cache, put } = live();
    put(user(1, 'a'));
    put(user(1, 'b'));
    put(user(2, 'c'));
    cache.notice('1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 2)).toBeDefined();
    cache.notice('*');
    expect(cache.get('c', 2)).toBeUndefined();
    put(user(3, 'd'));
    cache.notice('not a user id');
    expect(cache.size, 'an unknown payload drops everything').toBe(0);
  });

  it('does not store a read that a notice overtook (its row may predate the change)', () => {
    const { cache } = live();
    const ticket = cache.begin();
    cache.notice('7'); // another user: the epoch is global, so any notice will do
    cache.set(ticket, user(1, 'a'), far);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set(cache.begin(), user(1, 'a'), far);
    expect(cache.get('a', 1)).toBeDefined();
  });

  it('is bypassed while the notice connection is down, and starts empty when it is back', () => {
    const { cache, put } = live();
    put(user(1, 'a'));
    const ticket = cache.begin();
    cache.down();
    expect(cache.isLive).toBe(false);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.begin()).toBeNull();
    cache.set(ticket, user(1, 'a'), far);
    cache.set(cache.begin(), user(2, 'b'), far);
    expect(cache.size).toBe(0);
    cache.up();
    cache.set(ticket, user(1, 'a'), far);
    expect(cache.get('a', 1), 'a read begun before the outage is not stored after it').toBeUndefined();
    put(user(1, 'a'));
    expect(cache.get('a', 1)).toBeDefined();
  });

  it('keeps an entry at most a minute, and never past its session', () => {
    const { cache, clock, put } = live();
    put(user(1, 'a'));
    put(user(2, 'b'), new Date(clock.now + 10_000));
    clock.now += 10_000;
    expect(cache.get('b', 2)).toBeUndefined();
    clock.now += 49_999;
    expect(cache.get('a', 1)).toBeDefined();
    clock.now += 1;
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries sessions, dropping the oldest', () => {
    const { cache, put } = live({ maxEntries: 3 });
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) put(user(i + 1, id));
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('d', 4)).toBeDefined();
    cache.notice('1'); // the dropped entry's user: nothing left to drop, nothing breaks
    expect(cache.size).toBe(3);
  });

  it('hands out frozen users: no request can change what the next one sees', () => {
    const { cache, put } = live();
    put(user(1, 'a'));
    const u = cache.get('a', 1)!;
    expect(() => u.vendorIds.push(2)).toThrow();
    expect(() => {
      (u as { role: string }).role = 'ADMIN';
    }).toThrow();
  });
});

describe('session cache on the database', () => {
  let t: TestApp;
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; !t.app.sessionCache.isLive; i++) {
      if (i > 500) throw new Error('the session cache never came up');
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Waits until the app received the notices of everything committed so far (see the header). */
  const settle = () => t.app.sessionCacheSync();
  const hasVendor = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1.0/has-vendor', headers: t.auth(token) });
  /** Signs a new vendor in and makes sure their session is cached. */
  async function cachedVendor() {
    const demoVendor = (await t.db.select().from(s.vendors).limit(1))[0]!;
    const u = await buildUser(t.db, { role: 'VENDOR', vendorIds: [demoVendor.id] });
    const token = await t.login(u.email);
    for (let i = 0; i < 2; i++) expect((await hasVendor(token)).json()).toEqual({ hasVendor: true });
    const sessionId = (await t.db.select().from(s.sessions).where(eq(s.sessions.userId, u.id)))[0]!.id;
    expect(t.app.sessionCache.get(sessionId, u.id), 'cached after a request').toBeDefined();
    return { ...u, token, sessionId };
  }
  /** Runs `change` with the notice triggers of the auth tables off (as if migration 0005 were missing). */
  async function withoutTriggers(change: () => Promise<unknown>) {
    await t.db.execute(sql`alter table sessions disable trigger user`);
    try {
      await change();
    } finally {
      await t.db.execute(sql`alter table sessions enable trigger user`);
    }
  }

  it('serves a cached session without reading it (a revocation no trigger told is not seen)', async () => {
    const u = await cachedVendor();
    await withoutTriggers(() =>
      t.db.update(s.sessions).set({ revokedAt: new Date() }).where(eq(s.sessions.id, u.sessionId)),
    );
    await settle();
    expect((await hasVendor(u.token)).statusCode, 'served from the cache').toBe(200);
    t.app.sessionCache.notice(String(u.id));
    expect((await hasVendor(u.token)).statusCode).toBe(401);
  });

  it('logout takes effect on the next request', async () => {
    const u = await cachedVendor();
    const out = await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/logout', headers: t.auth(u.token) });
    expect(out.statusCode).toBe(200);
    expect((await hasVendor(u.token)).statusCode).toBe(401);
  });

  it('a session revoked or deleted in plain SQL is refused on the next request', async () => {
    const a = await cachedVendor();
    await t.db.update(s.sessions).set({ revokedAt: new Date() }).where(eq(s.sessions.id, a.sessionId));
    await settle();
    expect((await hasVendor(a.token)).statusCode).toBe(401);
    const b = await cachedVendor();
    await t.db.delete(s.sessions).where(eq(s.sessions.id, b.sessionId));
    await settle();
    expect((await hasVendor(b.token)).statusCode).toBe(401);
  });

  it('deactivation and a role change in plain SQL are refused on the next request', async () => {
    const a = await cachedVendor();
    await t.db.update(s.users).set({ active: false }).where(eq(s.users.id, a.id));
    await settle();
    expect((await hasVendor(a.token)).statusCode).toBe(401);
    const b = await cachedVendor();
    await t.db.update(s.users).set({ role: 'CSR' }).where(eq(s.users.id, b.id));
    await settle();
    expect((await hasVendor(b.token)).statusCode).toBe(401);
  });

  it('an assignment or a name change is seen on the next request', async () => {
    const u = await cachedVendor();
    await t.db.delete(s.userVendors).where(eq(s.userVendors.userId, u.id));
    await settle();
    expect((await hasVendor(u.token)).json()).toEqual({ hasVendor: false });
    const vendor = (await t.db.select().from(s.vendors).limit(1))[0]!;
    // The assignment is the change under test, made as an admin's edit writes it.
    await t.db.insert(s.userVendors).values({ userId: u.id, vendorId: vendor.id });
    await settle();
    expect((await hasVendor(u.token)).json()).toEqual({ hasVendor: true });
    await t.db.update(s.users).set({ contactName: 'Renamed' }).where(eq(s.users.id, u.id));
    await settle();
    expect(t.app.sessionCache.get(u.sessionId, u.id)).toBeUndefined();
    expect((await hasVendor(u.token)).statusCode).toBe(200);
    expect(t.app.sessionCache.get(u.sessionId, u.id)?.name).toBe('Renamed');
  });

  it('signing in (last login) leaves the cached sessions of the user alone', async () => {
    const u = await cachedVendor();
    await t.login(u.email);
    await settle();
    expect(t.app.sessionCache.get(u.sessionId, u.id)).toBeDefined();
  });

  it('deactivation through the master data API is refused on the next request', async () => {
    const u = await cachedVendor();
    const admin = await t.tokenFor('ADMIN');
    const rec = (
      await t.app.inject({ method: 'GET', url: `/api/v1.0/users/${u.id}`, headers: t.auth(admin) })
    ).json() as Record<string, unknown>;
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1.0/users/${u.id}`,
      headers: t.auth(admin),
      payload: { ...rec, active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await hasVendor(u.token)).statusCode).toBe(401);
  });

  it.runIf(onPostgres)(
    'steps aside while its notice connection is down, and serves again once LISTEN is back',
    async () => {
      const u = await cachedVendor();
      const retryMs = listenTiming.retryMs;
      // Long enough to look at the cache while it is down, on a loaded machine too (1.5 s was not:
      // a CI run at load 15 saw it back, and a session cached, before the checks below ran).
      listenTiming.retryMs = 5_000;
      onTestFinished(() => {
        listenTiming.retryMs = retryMs;
      });
      const killed = await t.db.execute(sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where application_name = 'selvedge-listen' and datname = current_database()`);
      // One per app, shared by the session cache and the live-update hub (decision 0068): both go down.
      expect(killed.rows.length).toBe(1);
      await expect.poll(() => t.app.sessionCache.isLive, { timeout: 5_000, interval: 5 }).toBe(false);
      expect(liveHubs.get(t.app.ctx)!.isLive, 'the hub shares the connection').toBe(false);
      expect(t.app.sessionCache.size, 'everything dropped').toBe(0);
      // Down: every request reads its session, so even a change no trigger told is seen at once.
      await withoutTriggers(() =>
        t.db.update(s.sessions).set({ revokedAt: new Date() }).where(eq(s.sessions.id, u.sessionId)),
      );
      expect((await hasVendor(u.token)).statusCode).toBe(401);
      const other = await t.login(DEMO_EMAILS.VENDOR);
      expect((await hasVendor(other)).statusCode).toBe(200);
      expect(t.app.sessionCache.size, 'nothing stored while down').toBe(0);
      expect(t.app.sessionCache.isLive, 'still down (else the checks above proved nothing)').toBe(false);
      // Back: it listens again (and proved it with a ping to itself), and caches again.
      await expect.poll(() => t.app.sessionCache.isLive, { timeout: 20_000, interval: 20 }).toBe(true);
      await expect.poll(() => liveHubs.get(t.app.ctx)!.isLive, { timeout: 5_000, interval: 20 }).toBe(true);
      await cachedVendor();
    },
    45_000,
  );
});
