/**
 * The global progress overlay (ordering §8 Progress overlays, §9 overlay delay 300 ms).
 * An overlay appears only when the work takes longer than LIMITS.overlayDelayMs, so fast calls do not
 * flash. Use `withOverlay(OVERLAYS.searching, promise)` around a call, or `useOverlay(text, active)`
 * for a query's loading state. <GlobalOverlay /> is mounted once at the root.
 */
import { Center, Loader, Overlay, Stack, Text } from '@mantine/core';
import { LIMITS } from '@selvedge/shared';
import { useEffect, useSyncExternalStore } from 'react';

interface Entry {
  id: number;
  text: string;
}

let entries: Entry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * Starts an overlay with the given text after the overlay delay; returns a function that stops it
 * (safe to call more than once, also before the delay has passed).
 */
export function startOverlay(text: string, delayMs: number = LIMITS.overlayDelayMs): () => void {
  const id = nextId++;
  let shown = false;
  let stopped = false;
  const timer = setTimeout(() => {
    if (stopped) return;
    shown = true;
    entries = [...entries, { id, text }];
    emit();
  }, delayMs);
  return () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    if (shown) {
      entries = entries.filter((e) => e.id !== id);
      emit();
    }
  };
}

/**
 * Runs a promise (or a function returning one) under the overlay text and returns its result.
 * Example: `await withOverlay(OVERLAYS.updatingPassword, updatePassword(token, password))`.
 */
export async function withOverlay<T>(text: string, work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const stop = startOverlay(text);
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    stop();
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
  const text = active[active.length - 1].text;
  return (
    <Overlay fixed center zIndex={150} backgroundOpacity={0.35} blur={1} data-testid="overlay">
      <Center>
        <Stack
          align="center"
          gap="sm"
          p="lg"
          bg="white"
          style={{ borderRadius: 8 }}
          role="status"
          aria-live="polite"
        >
          <Loader />
          <Text fw={500}>{text}</Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
