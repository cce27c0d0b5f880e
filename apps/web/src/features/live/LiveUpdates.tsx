/**
 * Keeps this tab's live-update stream open while signed in (docs/decisions/0068) and
 * applies each event: the matching queries refetch (api/events.ts), and when the change is another
 * user's and its record is on screen, a short notice says who did what ("Finance approved by
 * finance@…"). An order whose form has unsaved edits here is not refreshed: the notice offers to
 * reload it. Loaded lazily with the navigation bar: the login page carries none of it.
 */
import { LIVE_EVENT_MESSAGES, type LiveEvent } from '@selvedge/shared';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLiveEvent, liveDataAge, refreshFetchedBefore, startLiveStream } from '../../api/events';
import { masterDataKeys } from '../../api/master-data-keys';
import { orderKeys } from '../../api/orders';
import { showInfo } from '../../ui/messages';
import { showNotice } from '../../ui/notice';
import { getSession } from '../session/session-store';
import { useSessionState } from '../session/use-session';

/** Whether a screen shows the query `key` now (it has observers). */
const onScreen = (queryClient: QueryClient, key: QueryKey) =>
  (queryClient.getQueryCache().find({ queryKey: key, exact: true })?.getObserversCount() ?? 0) > 0;

/** Applies `event` and tells the user when it is about what they look at. Exported for tests. */
export function handleLiveEvent(queryClient: QueryClient, event: LiveEvent, ownEmail: string | null) {
  const { heldBack } = applyLiveEvent(queryClient, event);
  if (event.kind === 'order') {
    const key = orderKeys.detail(event.orderId);
    if (event.actor.email === ownEmail || !onScreen(queryClient, key)) return;
    const text = LIVE_EVENT_MESSAGES.orderChanged(event.change, event.actor.email);
    if (!heldBack) showInfo(text);
    else
      showNotice(`${text}. ${LIVE_EVENT_MESSAGES.editingKept}`, {
        label: LIVE_EVENT_MESSAGES.reloadOffer,
        onClick: () => void queryClient.invalidateQueries({ queryKey: key }),
      });
  } else if (event.kind === 'masterData') {
    const key = masterDataKeys.record(event.entity as never, event.recordId);
    if (event.actor.email !== ownEmail && onScreen(queryClient, key))
      showInfo(LIVE_EVENT_MESSAGES.masterDataSaved(event.actor.email));
  }
}

/** The stream of the signed-in tab; renders nothing. */
export function LiveUpdates() {
  const { token, user } = useSessionState();
  const queryClient = useQueryClient();
  const email = user?.email ?? null;
  useEffect(() => {
    if (!token) return;
    return startLiveStream({
      getToken: () => getSession().token,
      onEvent: (event) => handleLiveEvent(queryClient, event, email),
      // Events may have been missed: everything on screen refetches.
      onReset: () => void queryClient.invalidateQueries(),
      // The server first sends what changed since the tab's data was fetched (decision 0076)...
      dataAge: () => liveDataAge(queryClient, Date.now()),
      // ...else a new stream does not tell what changed before it opened: what was fetched before refetches.
      onOpen: (resumed) => {
        if (!resumed) void refreshFetchedBefore(queryClient, Date.now());
      },
    });
  }, [token, email, queryClient]);
  return null;
}
