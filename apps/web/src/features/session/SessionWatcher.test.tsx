import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SessionWatcher } from './SessionWatcher';
import { expireSession, handleOtherTabSignIn, signIn } from './session-store';

vi.mock('./session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./session-store')>()),
  expireSession: vi.fn(),
  handleOtherTabSignIn: vi.fn(),
}));
const { announce } = vi.hoisted(() => ({ announce: { listener: null as null | (() => void) } }));
vi.mock('./cross-tab', () => ({
  announceSignIn: vi.fn(),
  onOtherTabSignIn: (listener: () => void) => {
    announce.listener = listener;
    return () => {
      announce.listener = null;
    };
  },
}));

afterEach(() => vi.useRealTimers());

const signInFor = (seconds: number) =>
  signIn(fakeToken({ sub: 1, email: 'a@b.c', role: 'CSR', exp: Math.floor(Date.now() / 1000) + seconds }));

describe('the session watcher (ordering §4 Session)', () => {
  it("expires the session when the token's expiry passes", async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    signInFor(60);
    renderWithProviders(<SessionWatcher />);
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(expireSession).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(expireSession).toHaveBeenCalledTimes(1);
  });

  it('checks again when the tab regains focus (background timers are throttled)', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') });
    signInFor(60);
    renderWithProviders(<SessionWatcher />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.setSystemTime(new Date('2026-05-01T10:05:00Z'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(expireSession).toHaveBeenCalledTimes(1);
  });

  it('logs out when another tab signs in', () => {
    renderWithProviders(<SessionWatcher />);
    announce.listener?.();
    expect(handleOtherTabSignIn).toHaveBeenCalledTimes(1);
  });
});
