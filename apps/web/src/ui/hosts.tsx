/**
 * The app-wide hosts of messages and dialogs, mounted once at the root and loaded when first
 * needed (the first load carries only what the screen renders). Callers are unchanged:
 * messages go through the Mantine notifications store (ui/messages.tsx) and dialogs through the
 * Mantine modals events (`modals.open`, `openConfirmModal`).
 *
 * - MessagesHost renders Mantine's <Notifications> from the first message on; the store holds the
 *   message while the host's code arrives, so none is lost.
 * - ModalsHost catches the modals events until Mantine's <ModalsProvider> is there: the first one
 *   loads it, and every event caught meanwhile is sent again once the provider listens.
 */
import { useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

// A host whose code cannot be fetched (e.g. replaced by a new release) renders nothing rather than
// taking the whole app down: there is no error boundary above the root's hosts.
const loadHosts = (): Promise<{
  LoadedNotifications: ComponentType;
  LoadedModals: ComponentType<{ onReady: () => void }>;
}> => import('./hosts.loaded').catch(() => ({ LoadedNotifications: () => null, LoadedModals: () => null }));
const LoadedNotifications = lazy(() => loadHosts().then((m) => ({ default: m.LoadedNotifications })));
const LoadedModals = lazy(() => loadHosts().then((m) => ({ default: m.LoadedModals })));

/** The message area (red and green messages, ordering §8): loaded with the first message. */
export function MessagesHost() {
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length > 0 || queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <LoadedNotifications />
    </Suspense>
  );
}

/** The events of @mantine/modals (`createUseExternalEvents('mantine-modals')`). */
const MODALS_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/** The dialog host (alerts and confirmations, ordering §4, §8): loaded with the first dialog. */
export function ModalsHost() {
  const [needed, setNeeded] = useState(false);
  const caught = useRef<CustomEvent[]>([]);
  const ready = useRef(false);

  useEffect(() => {
    const catchEvent = (event: Event) => {
      if (ready.current) return;
      caught.current.push(event as CustomEvent);
      setNeeded(true);
    };
    for (const name of MODALS_EVENTS) window.addEventListener(name, catchEvent);
    return () => {
      for (const name of MODALS_EVENTS) window.removeEventListener(name, catchEvent);
    };
  }, []);

  // Called by the loaded host after <ModalsProvider> has added its listeners (a child's effects run first).
  const onReady = useCallback(() => {
    ready.current = true;
    const events = caught.current;
    caught.current = [];
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModals onReady={onReady} />
    </Suspense>
  );
}
