import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { fakeToken } from '../../test/fixtures';
import { renderHookWithProviders } from '../../test/render';
import { signIn } from './session-store';
import { useSession, useSessionUser } from './use-session';

afterEach(() => vi.unstubAllGlobals());

describe('the session as screens use it (ordering §3 Session state)', () => {
  it('is nobody while signed out, and asks the server nothing', () => {
    const calls = stubApi({});
    const { result } = renderHookWithProviders(() => useSession());
    expect(result.current).toMatchObject({ authenticated: false, user: null, role: null, hasVendor: null });
    expect(calls).toEqual([]);
  });

  it("is the token's user, whose vendor link is unknown until /has-vendor answers", async () => {
    stubApi({ 'GET /has-vendor': { body: { hasVendor: true } } });
    const { result } = renderHookWithProviders(() => ({ session: useSession(), user: useSessionUser() }));
    act(() => {
      signIn(fakeToken({ sub: 5, email: 'a@b.c', role: 'ADMIN', exp: Math.floor(Date.now() / 1000) + 3600 }));
    });
    expect(result.current.user).toMatchObject({ authenticated: true, role: 'ADMIN', user: { id: '5' } });
    expect(result.current.session.hasVendor).toBeNull();
    await waitFor(() => expect(result.current.session.hasVendor).toBe(true));
  });
});
