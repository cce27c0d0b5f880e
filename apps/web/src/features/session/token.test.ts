import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/fixtures';
import { clearStoredToken, decodeToken, isExpired, REDIRECT_KEY, readStoredToken, storeToken } from './token';

describe('the access token (ordering §3 Session state)', () => {
  it("reads the user's id, email, name, role and expiry from the claims", () => {
    const token = fakeToken({ sub: 7, email: 'zoë@example.com', name: 'Zoë Ng', role: 'CSR', exp: 2000 });
    expect(decodeToken(token)).toEqual({
      id: '7',
      email: 'zoë@example.com',
      name: 'Zoë Ng',
      role: 'CSR',
      exp: 2000,
    });
  });

  it('names the user by email when the token has no name, and gives an unknown role NONE', () => {
    expect(decodeToken(fakeToken({ sub: 1, email: 'a@b.c', role: 'KING', exp: 1 }))).toMatchObject({
      name: 'a@b.c',
      role: 'NONE',
    });
  });

  it('is unreadable without three parts, JSON claims or an expiry', () => {
    expect(decodeToken('abc.def')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(fakeToken({ sub: 1, role: 'CSR' }))).toBeNull();
  });

  it('counts as expired from two seconds before its expiry', () => {
    expect(isExpired({ exp: 100 }, 97_999)).toBe(false);
    expect(isExpired({ exp: 100 }, 98_000)).toBe(true);
  });

  it("is kept with the role under the spec's keys, and cleared with the screens' data but not the path to return to", () => {
    storeToken('t', 'ADMIN');
    sessionStorage.setItem('order-search', '{}');
    sessionStorage.setItem(REDIRECT_KEY, '/cart');
    expect(readStoredToken()).toBe('t');
    expect(sessionStorage.getItem('role')).toBe('ADMIN');
    clearStoredToken();
    expect(Object.keys(sessionStorage)).toEqual([REDIRECT_KEY]);
  });
});
