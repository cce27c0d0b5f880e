import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

/** The module anew: it keeps its channel and tab id from its first use. */
async function crossTab() {
  vi.resetModules();
  return import('./cross-tab');
}

describe('a sign-in in another tab (ordering §4 Session)', () => {
  it('reaches the other tabs through a BroadcastChannel, and never the tab itself', async () => {
    const posted: unknown[] = [];
    const listeners = new Set<(event: MessageEvent) => void>();
    class FakeChannel {
      postMessage(data: unknown) {
        posted.push(data);
      }
      addEventListener(_: string, l: (event: MessageEvent) => void) {
        listeners.add(l);
      }
      removeEventListener(_: string, l: (event: MessageEvent) => void) {
        listeners.delete(l);
      }
    }
    vi.stubGlobal('BroadcastChannel', FakeChannel);
    const { announceSignIn, onOtherTabSignIn, TAB_ID } = await crossTab();
    const listener = vi.fn();
    const stop = onOtherTabSignIn(listener);
    announceSignIn();
    expect(posted).toEqual([expect.objectContaining({ type: 'signed-in', tabId: TAB_ID })]);
    const deliver = (data: unknown) => {
      for (const l of listeners) l(new MessageEvent('message', { data }));
    };
    deliver(posted[0]);
    expect(listener).not.toHaveBeenCalled();
    deliver({ type: 'signed-in', tabId: 'other', at: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    expect(listeners.size).toBe(0);
  });

  it("falls back to localStorage's storage event without BroadcastChannel", async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const { announceSignIn, onOtherTabSignIn, TAB_ID } = await crossTab();
    announceSignIn();
    const stored = localStorage.getItem('selvedge-session-signin');
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ type: 'signed-in', tabId: TAB_ID });
    const listener = vi.fn();
    const stop = onOtherTabSignIn(listener);
    const storage = (key: string, newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
    storage('selvedge-session-signin', stored);
    storage('other-key', JSON.stringify({ type: 'signed-in', tabId: 'other' }));
    storage('selvedge-session-signin', '{not json');
    expect(listener).not.toHaveBeenCalled();
    storage('selvedge-session-signin', JSON.stringify({ type: 'signed-in', tabId: 'other', at: 1 }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    storage('selvedge-session-signin', JSON.stringify({ type: 'signed-in', tabId: 'other', at: 2 }));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
