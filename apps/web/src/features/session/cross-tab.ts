/**
 * Cross-tab sign-in notice (ordering §4 Session): a tab that signs in tells the others, and any other
 * signed-in tab logs itself out. BroadcastChannel('selvedge-session') where available, else a
 * localStorage key whose 'storage' event reaches the other tabs.
 */
import { newRequestId } from '../../api/client';

const CHANNEL = 'selvedge-session';
const STORAGE_KEY = 'selvedge-session-signin';

/** This tab's id, so a tab never reacts to its own notice. */
export const TAB_ID = newRequestId();

interface SignInNotice {
  type: 'signed-in';
  tabId: string;
  at: number;
}

let channel: BroadcastChannel | null = null;
function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs that this tab has just signed in. */
export function announceSignIn(): void {
  const notice: SignInNotice = { type: 'signed-in', tabId: TAB_ID, at: Date.now() };
  const ch = getChannel();
  if (ch) {
    ch.postMessage(notice);
    return;
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(notice));
  } catch {
    /* storage unavailable: nothing to tell */
  }
}

function isNotice(value: unknown): value is SignInNotice {
  return !!value && typeof value === 'object' && (value as SignInNotice).type === 'signed-in';
}

/** Calls `listener` when another tab signs in; returns the unsubscribe function. */
export function onOtherTabSignIn(listener: () => void): () => void {
  const ch = getChannel();
  if (ch) {
    const onMessage = (event: MessageEvent) => {
      if (isNotice(event.data) && event.data.tabId !== TAB_ID) listener();
    };
    ch.addEventListener('message', onMessage);
    return () => ch.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      const notice = JSON.parse(event.newValue);
      if (isNotice(notice) && notice.tabId !== TAB_ID) listener();
    } catch {
      /* not ours */
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
