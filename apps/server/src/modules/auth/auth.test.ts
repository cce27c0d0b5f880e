import { AUTH_MESSAGES, MESSAGES, SIGNED_IN_ROLES } from '@selvedge/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, users } from '../../platform/db/schema';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';
import { isPasswordExpired, THROTTLE, throttleKeys } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1.0/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });

describe('POST /auth/login', () => {
  it('answers a token carrying the role for every demo account', async () => {
    for (const role of SIGNED_IN_ROLES) {
      const res = await login(DEMO_EMAILS[role], 'selvedge-demo-2026');
      expect(res.statusCode, role).toBe(200);
      const payload = JSON.parse(Buffer.from(res.json().access_token.split('.')[1], 'base64url').toString());
      expect(payload.role).toBe(role);
      expect(payload.jti).toBeTruthy();
    }
  });

  it('matches the email without regard to case or spaces', async () => {
    expect((await login('  Vendor@Example.com ', 'selvedge-demo-2026')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same 401 message', async () => {
    const wrong = await login('csr@example.com', 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody@example.com', 'whatever-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('answers 400 naming the field for bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: 'a@b.c' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field: 'password', message: 'Password is required' });
  });

  it('locks an account at one address after repeated failures there, but not the account elsewhere', async () => {
    for (let i = 0; i < THROTTLE.pair.max; i++) {
      expect((await login('finance@example.com', 'wrong-password-x', '10.1.0.1')).statusCode).toBe(401);
    }
    const locked = await login('finance@example.com', 'selvedge-demo-2026', '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    // an attacker's failures do not lock the owner out from their own address
    expect((await login('finance@example.com', 'selvedge-demo-2026', '10.1.0.2')).statusCode).toBe(200);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('slows guessing one account from many addresses (a higher, per-account limit)', async () => {
    for (let i = 0; i < THROTTLE.account.max; i++) {
      await login('finance@example.com', 'wrong-password-x', `10.2.${Math.floor(i / 4)}.${i % 4}`);
    }
    expect((await login('finance@example.com', 'selvedge-demo-2026', '10.3.0.1')).statusCode).toBe(429);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('ignores X-Forwarded-For from clients that are not a configured proxy', async () => {
    for (let i = 0; i < THROTTLE.address.max; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1.0/auth/login',
        payload: { email: `nobody${i}@example.com`, password: 'wrong-password-x' },
        remoteAddress: '10.4.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: 'customer@example.com', password: 'selvedge-demo-2026' },
      remoteAddress: '10.4.0.1',
      headers: { 'x-forwarded-for': '203.0.113.250' },
    });
    expect(res.statusCode).toBe(429);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('locks an address after repeated failures across accounts', async () => {
    for (let i = 0; i < THROTTLE.address.max; i++) {
      await login(`someone${i}@example.com`, 'wrong-password-x', '10.9.9.9');
    }
    const res = await login('customer@example.com', 'selvedge-demo-2026', '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await login('customer@example.com', 'selvedge-demo-2026', '10.9.9.8')).statusCode).toBe(200);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('keeps no e-mail or client address in its throttling table, and throttles across spellings', async () => {
    await t.db.execute(sql`delete from login_failures`);
    const spellings = [
      'Finance@Example.com',
      ' finance@example.com',
      'FINANCE@EXAMPLE.COM ',
      'finance@example.com',
    ];
    expect(spellings.length).toBe(THROTTLE.pair.max - 1);
    for (const email of [...spellings, 'nobody.here@example.org'])
      expect((await login(email, 'wrong-password-x', '10.7.0.1')).statusCode).toBe(401);
    const keys = (await t.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
    // One key per account, per address and per pair: 2 accounts, 1 address.
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      expect(key).toMatch(/^(pair|ip|email):[A-Za-z0-9_-]{43}$/);
      for (const clear of ['@', 'finance', 'nobody', 'example', '10.7.0.1']) expect(key).not.toContain(clear);
    }
    // One more failure, whatever the spelling, locks the pair.
    expect((await login('fiNance@example.com', 'wrong-password-x', '10.7.0.1')).statusCode).toBe(401);
    expect((await login('finance@example.COM', 'selvedge-demo-2026', '10.7.0.1')).statusCode).toBe(429);
    expect((await login('finance@example.com', 'selvedge-demo-2026', '10.7.0.2')).statusCode).toBe(200);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('refuses a password unused for six months, saying how to get a reset', async () => {
    const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
    await t.db
      .update(users)
      .set({ lastLogin: old, passwordChangedAt: old, createdAt: old })
      .where(eq(users.email, 'customer@example.com'));
    const res = await login('customer@example.com', 'selvedge-demo-2026');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.expired);
    await t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.email, 'customer@example.com'));
  });

  it('refuses an inactive account', async () => {
    await t.db.update(users).set({ active: false }).where(eq(users.email, 'account@example.com'));
    const res = await login('account@example.com', 'selvedge-demo-2026');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AUTH_MESSAGES.inactive);
    await t.db.update(users).set({ active: true }).where(eq(users.email, 'account@example.com'));
  });
});

describe('isPasswordExpired', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is false within six months of the last login and true after', () => {
    const base = { passwordChangedAt: null, createdAt: new Date('2020-01-01') };
    expect(isPasswordExpired({ ...base, lastLogin: new Date('2026-05-23T12:00:00Z') }, now)).toBe(false);
    expect(isPasswordExpired({ ...base, lastLogin: new Date('2026-05-22T11:00:00Z') }, now)).toBe(true);
  });
  it('counts a password change as activity', () => {
    expect(
      isPasswordExpired(
        {
          lastLogin: new Date('2025-01-01'),
          passwordChangedAt: new Date('2026-11-01'),
          createdAt: new Date('2020-01-01'),
        },
        now,
      ),
    ).toBe(false);
  });
});

describe('GET /auth/logout', () => {
  it('revokes the token on the server', async () => {
    const token = await t.login('vendor2@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1.0/has-vendor', headers: t.auth(token) })).statusCode,
    ).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1.0/has-vendor', headers: t.auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MESSAGES.authExpired);
  });
});

describe('POST /auth/users/{id}/reset-password and POST /auth/update-password', () => {
  const resetUrl = (id: number) => `/api/v1.0/auth/users/${id}/reset-password`;
  let vendorId: number;
  beforeAll(async () => {
    vendorId = (await t.db.select().from(users).where(eq(users.email, 'vendor2@example.com')))[0].id;
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    const admin = t.auth(await t.tokenFor('ADMIN'));
    expect((await t.app.inject({ method: 'POST', url: resetUrl(999999), headers: admin })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1.0/auth/users/abc/reset-password', headers: admin }))
        .statusCode,
    ).toBe(400);
  });
  it('mails a single-use link that sets a new password', async () => {
    const admin = t.auth(await t.tokenFor('ADMIN'));
    const before = t.smtp.messages.length;
    const res = await t.app.inject({ method: 'POST', url: resetUrl(vendorId), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password Reset Sent' });
    await expect.poll(() => t.smtp.messages.length, { timeout: 15_000 }).toBe(before + 1);
    const mail = t.smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['vendor2@example.com']);
    const raw = mail.raw.replace(/=\r?\n/g, '');
    const token = /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/.exec(raw);
    const value = token?.[1] ?? token?.[2];
    expect(value).toBeTruthy();

    const update = (password: string, tok = value) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1.0/auth/update-password?token=${tok}`,
        payload: { password },
      });
    const short = await update('too-short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(MESSAGES.passwordTooShort);
    const bad = await update('a-long-enough-password', 'not-a-token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);

    // Failed sign-ins of the account before: the new password clears its counter.
    expect((await login('Vendor2@example.com', 'wrong-password-x', '10.8.0.1')).statusCode).toBe(401);
    const accountKey = throttleKeys(t.app.ctx.tokens, 'vendor2@example.com', '-').account;
    const counted = () => t.db.$count(loginFailures, eq(loginFailures.key, accountKey));
    expect(await counted()).toBe(1);
    const ok = await update('a-brand-new-password-2026');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MESSAGES.passwordUpdated });
    expect(await counted()).toBe(0);
    expect((await update('another-new-password-2026')).statusCode).toBe(400);
    expect((await login('vendor2@example.com', 'selvedge-demo-2026')).statusCode).toBe(401);
    expect((await login('vendor2@example.com', 'a-brand-new-password-2026')).statusCode).toBe(200);
  });
  it('answers 400 when the token query is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/update-password',
      payload: { password: 'a-long-enough-password' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('platform', () => {
  it('echoes X-Request-Id, or makes one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await t.app.inject({ method: 'GET', url: '/api/v1.0/health' });
    expect(other.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
  it('serves the OpenAPI document with the auth paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1.0/auth/login', '/api/v1.0/auth/update-password']),
    );
  });
  it('answers unknown API paths with 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1.0/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
  it('answers /has-vendor per user', async () => {
    const v = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/has-vendor',
      headers: t.auth(await t.tokenFor('VENDOR')),
    });
    expect(v.json()).toEqual({ hasVendor: true });
    const f = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/has-vendor',
      headers: t.auth(await t.tokenFor('FINANCE')),
    });
    expect(f.json()).toEqual({ hasVendor: false });
  });
});
