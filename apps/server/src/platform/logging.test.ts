/**
 * Secrets never reach a log: reset tokens in URLs, bearer tokens, passwords, and
 * the values of a failing query. Checked on the real server's log lines, and on the helpers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loggableError, redactUrl } from './logging';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logLines: lines });
});
afterAll(async () => {
  await t?.close();
});

describe('API answers', () => {
  it('are never cached (Cache-Control: no-store), files neither (private, no-store)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: 'admin@example.com', password: 'selvedge-demo-2026' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/v1.0/orders', headers: auth });
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1.0/orders' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('logs', () => {
  it('redact secret query values and keep the rest', () => {
    expect(redactUrl('/api/v1.0/auth/update-password?token=abc123')).toBe(
      '/api/v1.0/auth/update-password?token=[redacted]',
    );
    expect(redactUrl('/x?a=1&Token=s&b=2')).toBe('/x?a=1&Token=[redacted]&b=2');
    expect(redactUrl('/orders?page=2')).toBe('/orders?page=2');
  });

  it('log a failing query as its statement, without its values', () => {
    const err = Object.assign(
      new Error('Failed query: select 1 where email = $1\nparams: someone@example.com'),
      {
        query: 'select 1 where email = $1',
        params: ['someone@example.com'],
        cause: { code: '22P02', message: 'invalid input syntax' },
      },
    );
    const logged = JSON.stringify(loggableError(err));
    expect(logged).toContain('select 1 where email = $1');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('someone@example.com');
  });

  it('never carry a reset token, a bearer token or a password from real requests', async () => {
    const secretToken = 'Zm9vYmFyLXJlc2V0LXRva2VuLXNlY3JldC12YWx1ZS0xMjM0NTY';
    await t.app.inject({
      method: 'POST',
      url: `/api/v1.0/auth/update-password?token=${secretToken}`,
      payload: { password: 'a-secret-password-2026' },
    });
    const password = 'selvedge-demo-2026';
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: 'csr@example.com', password },
    });
    const bearer = login.json().access_token as string;
    await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/orders?page=0',
      headers: { authorization: `Bearer ${bearer}` },
    });
    const log = lines.join('\n');
    expect(log).toContain('update-password?token=[redacted]');
    expect(log).toContain('/api/v1.0/orders?page=0');
    for (const secret of [secretToken, 'a-secret-password-2026', password, bearer])
      expect(log).not.toContain(secret);
  });
});
