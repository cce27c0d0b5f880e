/**
 * The global progress overlay (ordering §8 Progress overlays, §9 overlay delay 300 ms).
 * An overlay appears only when the work takes longer than LIMITS.overlayDelayMs, so fast calls do not
 * flash. Use `withOverlay(OVERLAYS.searching, promise)` around a call, or `useOverlay(text, active)`
 * for a query's loading state. <GlobalOverlay /> is mounted once at the root. An upload reports its
 * progress through the handle's `setProgress`, and the overlay shows it as a bar under the text.
 */
import { LIMITS } from '@selvedge/shared';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// The panel's code loads with the first overlay started: it has the overlay delay (ordering §9: 300 ms) to arrive.
const loadPanel = () => import('./progress');
const OverlayPanel = lazy(() => loadPanel().then((m) => ({ default: m.OverlayPanel })));

interface Entry {
  id: number;
  text: string;
  /** Share done, 0 to 1, when the work reports it (uploads). */
  progress?: number;
}

/** Stops an overlay when called; `setProgress` reports the share done (0 to 1) of the work under it. */
export type OverlayHandle = (() => void) & { setProgress: (fraction: number) => void };

let entries: Entry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * Starts an overlay with the given text after the overlay delay; returns a handle that stops it
 * (safe to call more than once, also before the delay has passed) and can report progress.
 */
export function startOverlay(text: string, delayMs: number = LIMITS.overlayDelayMs): OverlayHandle {
  loadPanel().catch(() => {});
  const id = nextId++;
  let shown = false;
  let stopped = false;
  let progress: number | undefined;
  const timer = setTimeout(() => {
    if (stopped) return;
    shown = true;
    entries = [...entries, { id, text, progress }];
    emit();
  }, delayMs);
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    if (shown) {
      entries = entries.filter((e) => e.id !== id);
      emit();
    }
  };
  const setProgress = (fraction: number) => {
    progress = Math.min(1, Math.max(0, fraction));
    if (!shown || stopped) return;
    entries = entries.map((e) => (e.id === id ? { ...e, progress } : e));
    emit();
  };
  return Object.assign(stop, { setProgress });
}

/**
 * Runs a promise (or a function returning one) under the overlay text and returns its result.
 * Example: `await withOverlay(OVERLAYS.updatingPassword, updatePassword(token, password))`. A
 * function receives the overlay's handle, e.g. to report an upload's progress.
 */
export async function withOverlay<T>(
  text: string,
  work: Promise<T> | ((overlay: OverlayHandle) => Promise<T>),
): Promise<T> {
  const overlay = startOverlay(text);
  try {
    return await (typeof work === 'function' ? work(overlay) : work);
  } finally {
    overlay();
  }
}

/** Shows the overlay text while `active` is true (e.g. a query's `isFetching`). */
export function useOverlay(text: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return startOverlay(text);
  }, [text, active]);
}

/** Removes every overlay (used on logout so nothing stays stuck on the login page). */
export function clearOverlays(): void {
  entries = [];
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => entries;

/** The full-screen overlay with a loader and the newest active text; mount once at the root. */
export function GlobalOverlay() {
  const active = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (active.length === 0) return null;
  const { text, progress } = active[active.length - 1];
  return (
    <Suspense fallback={null}>
      <OverlayPanel text={text} progress={progress} />
    </Suspense>
  );
}
