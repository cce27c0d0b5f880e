import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadOnStaleChunk } from './staleChunks';

/** A window whose reload is only counted. */
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, { sessionStorage, location: { reload } }) as unknown as Window;
  reloadOnStaleChunk(win);
  const fail = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    win.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { reload, fail };
}

afterEach(() => vi.useRealTimers());

describe('a chunk of an older build', () => {
  it('reloads the page once, and lets the next failure through to the error screen', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { reload, fail } = fakeWindow();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    vi.setSystemTime(1_029_999);
    expect(fail()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the last reload is 30 seconds old', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(1_000_000 - 30_000));
    const { reload, fail } = fakeWindow();
    expect(fail()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
