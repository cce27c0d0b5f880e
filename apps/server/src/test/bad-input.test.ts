/**
 * The bad input an outside probe answered with 500: each must answer 400 with a
 * sentence and the field's path in `field` (decision 0058), and change nothing. The fixes live in the shared schemas (ids, text,
 * dates, care label) that every contract uses, so later endpoints inherit them.
 */
import { startsWithFieldPath } from '@selvedge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who: 'VENDOR' | 'ADMIN' | null = 'VENDOR',
) {
  const headers = who ? t.auth(await t.tokenFor(who)) : {};
  return t.app.inject({ method, url: `/api/v1.0${url}`, headers, ...(payload ? { payload } : {}) });
}

/** A 400's body names `field` (its path starts with it) and its message is a sentence, never 'path: text'. */
function expectFieldNamed(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; field?: string };
  expect(body.field, res.body).toMatch(new RegExp(`^${field}(\\.|$)`));
  expect(startsWithFieldPath(body.message), body.message).toBe(false);
  expect(body.message, res.body).toMatch(/^[A-Z'"]/);
}

describe('bad input answers 400 naming the field, never 500', () => {
  const line = (extra: object = {}) => ({ productType: 'STANDARD', quantities: { '1': 100 }, ...extra });
  const cases: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object | undefined, string][] = [
    ['id ≥ 2^31 in a path', 'DELETE', '/orders/cart/2147483648', undefined, 'orderItemId'],
    ['id ≥ 2^31 in edit details', 'GET', '/products/edit-details/2147483648', undefined, 'orderItemId'],
    [
      'id ≥ 2^31 as a quantities key',
      'POST',
      '/orders',
      line({ quantities: { '2147483648': 100 } }),
      'quantities',
    ],
    [
      'id ≥ 2^31 in a query',
      'GET',
      '/products?productionRegion=2147483648&search=label',
      undefined,
      'productionRegion',
    ],
    ['id ≥ 2^31 in an order filter', 'GET', '/orders?customer=2147483648', undefined, 'customer'],
    ['NUL in the vendor PO', 'PUT', '/orders/cart', { vendorPO: 'a\u0000b' }, 'vendorPO'],
    ['NUL in search text', 'GET', '/products?productionRegion=1&search=a%00b', undefined, 'search'],
    [
      'NUL in a care label',
      'POST',
      '/orders',
      line({ careLabel: { type: 'CARELABEL_STANDARD', wash: 'a\u0000' } }),
      'careLabel',
    ],
    [
      'an unknown care label key',
      'POST',
      '/orders',
      line({ careLabel: { type: 'CARELABEL_STANDARD', anything: 1 } }),
      'careLabel',
    ],
    ['year 0 as Date Requested', 'PUT', '/orders/cart', { dateRequested: '0000-01-01' }, 'dateRequested'],
    ['an impossible Date Requested', 'PUT', '/orders/cart', { dateRequested: '2030-02-30' }, 'dateRequested'],
    ['year 9999 as end date', 'GET', '/orders?endDate=9999-12-31', undefined, 'endDate'],
    ['NUL in an attribute', 'POST', '/orders', line({ attributes: { Colour: 'Na\u0000vy' } }), 'attributes'],
  ];
  for (const [what, method, url, payload, field] of cases) {
    it(what, async () => {
      expectFieldNamed(await send(method, url, payload), field);
    });
  }

  it('a care label nested 50,000 levels deep', async () => {
    const n = 50_000;
    // Written by hand: JSON.stringify itself cannot nest that deep.
    const body = `{"productType":"STANDARD","quantities":{"1":100},"careLabel":${'{"a":'.repeat(n)}"x"${'}'.repeat(n)}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/orders',
      headers: { ...t.auth(await t.tokenFor('VENDOR')), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
  });

  it('NUL in a lookup query', async () => {
    expectFieldNamed(
      await send('GET', '/customer-default-is-equal-to?defaultName=%00&isEqualTo=x'),
      'defaultName',
    );
  });

  it('a file part without a file name (found by the fuzz suite)', async () => {
    const boundary = 'b0undary';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/orders/1/shipping-document',
      headers: {
        ...t.auth(await t.tokenFor('ADMIN')),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="shippingDocument"\r\nContent-Type: application/octet-stream\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json())).toContain('message');
  });

  it('a malformed or too long path answers { message }, like every error', async () => {
    for (const url of ['/api/v1.0/orders/%ZZ', `/api/v1.0/orders/cancel-order/${'9'.repeat(5000)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.auth(await t.tokenFor('ADMIN')) });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(Object.keys(res.json()), url).toEqual(['message']);
    }
  });

  it('NUL in the sign-in email', async () => {
    expectFieldNamed(
      await send('POST', '/auth/login', { email: 'vendor@example.com\u0000', password: 'x' }, null),
      'email',
    );
  });

  it('a reset token that cannot be one', async () => {
    const res = await send(
      'POST',
      '/auth/update-password?token=a%00b',
      { password: 'a-long-enough-password' },
      null,
    );
    expectFieldNamed(res, 'token');
  });
});
