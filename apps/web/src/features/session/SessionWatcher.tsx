/**
 * Watches the session while the app runs (ordering §4 Session): logs out with 'Authentication
 * expired. Please log in.' when the token's exp passes (timer, plus a check when the tab regains
 * focus, since background timers are throttled), and with the other-tab notice when another tab
 * signs in. Renders nothing; mount once inside the providers.
 */
import { useEffect } from 'react';
import { onOtherTabSignIn } from './cross-tab';
import { expireSession, handleOtherTabSignIn, isSessionExpired } from './session-store';
import { useSessionState } from './use-session';

const MAX_TIMEOUT_MS = 2_147_483_647;

/** Session expiry and cross-tab watcher (no UI). */
export function SessionWatcher() {
  const { status, user } = useSessionState();
  const exp = status === 'signed-in' ? (user?.exp ?? null) : null;

  useEffect(() => onOtherTabSignIn(handleOtherTabSignIn), []);

  useEffect(() => {
    if (exp === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (isSessionExpired()) expireSession();
    };
    const schedule = () => {
      const wait = Math.min(Math.max(exp * 1000 - Date.now() - 1_000, 0), MAX_TIMEOUT_MS);
      timer = setTimeout(() => {
        if (isSessionExpired()) expireSession();
        else schedule();
      }, wait);
    };
    // Deferred so the modals provider (a parent, whose effects run after ours) is listening.
    const first = setTimeout(() => {
      check();
      schedule();
    }, 0);
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(first);
      clearTimeout(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [exp]);

  return null;
}
