import { MESSAGES } from '@selvedge/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api';
import { ApiError, api, apiUrl, configureApiClient, filenameFromContentDisposition } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ getToken: () => null, isTokenExpired: () => false, onSessionExpired: () => {} });
});

describe('addresses of calls', () => {
  it('leaves empty values out and repeats arrays', () => {
    expect(apiUrl('/orders', { page: 0, customer: '', region: null, ids: [1, 2], open: true })).toBe(
      '/api/v1.0/orders?page=0&ids=1&ids=2&open=true',
    );
    expect(apiUrl('orders')).toBe('/api/v1.0/orders');
  });
});

describe('a failed answer (ordering §8)', () => {
  it("carries the answer's message and the fields it names", () => {
    const error = new ApiError(400, 'Bad', {
      message: 'Bad',
      field: 'email',
      fields: [
        { field: 'phone', message: 'Too long' },
        { field: 'email', message: 'Invalid email' },
        { field: 3, message: 'ignored' },
      ],
    });
    expect(error.fields).toEqual([
      { field: 'phone', message: 'Too long' },
      { field: 'email', message: 'Invalid email' },
    ]);
    expect(new ApiError(400, 'Bad', { field: 'email' }).fields).toEqual([{ field: 'email', message: 'Bad' }]);
  });

  it("says the answer's message, else the network error; no answer at all is the unexpected error", async () => {
    stubApi({ 'GET /a': { status: 422, body: { message: 'Nope' } }, 'GET /b': { status: 502 } });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 422, message: 'Nope' });
    await expect(api.get('/b')).rejects.toMatchObject({ status: 502, message: MESSAGES.networkError });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(api.get('/c')).rejects.toMatchObject({ status: 0, message: MESSAGES.unexpectedError });
  });

  it('expires the session on a 401 to a call made with the token, and sends no expired token', async () => {
    const onSessionExpired = vi.fn();
    let expired = false;
    configureApiClient({ getToken: () => 't', isTokenExpired: () => expired, onSessionExpired });
    const calls = stubApi({ 'GET /a': { status: 401, body: { message: 'Unauthorized' } } });
    await expect(api.get('/a')).rejects.toMatchObject({
      sessionExpired: true,
      message: MESSAGES.authExpired,
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    await expect(api.get('/a', { expireOn401: false })).rejects.toMatchObject({ sessionExpired: false });
    expired = true;
    await expect(api.get('/a')).rejects.toMatchObject({ sessionExpired: true });
    expect(calls).toHaveLength(2);
  });

  it('sends the bearer token and a request id, but no token on public calls', async () => {
    configureApiClient({ getToken: () => 't', isTokenExpired: () => false, onSessionExpired: () => {} });
    stubApi({ 'POST /auth/login': { body: {} }, 'GET /orders': { body: {} } });
    await api.get('/orders');
    await api.post('/auth/login', { email: 'a' }, { auth: false });
    const headers = vi.mocked(fetch).mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers[0].Authorization).toBe('Bearer t');
    expect(headers[0]['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers[1].Authorization).toBeUndefined();
  });
});

describe('file names of downloads', () => {
  it('reads filename* first, then filename, else the fallback', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`),
    ).toBe('café.csv');
    expect(filenameFromContentDisposition('attachment; filename="orders 1.csv"')).toBe('orders 1.csv');
    expect(filenameFromContentDisposition('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A.csv; filename=b.csv`)).toBe(
      'b.csv',
    );
    expect(filenameFromContentDisposition(null, 'po.pdf')).toBe('po.pdf');
  });
});
