/**
 * Live updates (docs/decisions/0068): one `GET /api/v1.0/events` stream per signed-in
 * tab, read with fetch (the bearer header, like every call: the token never goes into a URL), kept
 * open with reconnects (backoff, Last-Event-ID) and turned into TanStack Query invalidations: the
 * screens refetch through the normal API. The server sends only events the user may see.
 */
import { LIVE_DATA_AGE_MAX_MS, LIVE_HEARTBEAT_SECONDS, type LiveEvent } from '@selvedge/shared';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { careLabelKeys } from './care-label';
import { cartKeys } from './cart';
import { API_BASE, callHeaders } from './client';
import { isOrderEditing, recordUploadProgress } from './live-state';
import { lookupKeys } from './lookups';
import { masterDataKeys } from './master-data-keys';
import { orderKeys } from './orders';
import { productKeys } from './products';
import { variableDataKeys } from './variable-data';

/** The query keys an event makes stale. */
export function staleKeysOf(event: LiveEvent): QueryKey[] {
  switch (event.kind) {
    case 'order':
      return [orderKeys.detail(event.orderId), orderKeys.lists(), [...orderKeys.all, 'needs-action']];
    case 'cart':
      return [cartKeys.all];
    case 'upload':
      // Progress moves the bar from the event itself (live-state.ts); the list refetches when an
      // upload comes or ends.
      return event.state === 'processing' ? [] : [variableDataKeys.uploads()];
    case 'masterData':
      // The lists and the history, not the record: a form open on it keeps the version it read, so
      // its save still answers 409 (the notice has said why); refetching it under the form would
      // let the save overwrite the other admin's change.
      // The lookups (choice lists) too: a created or renamed record is a choice elsewhere. A vendor's
      // own users have its shipping addresses in the cart.
      return [
        [...masterDataKeys.all, event.entity, 'search'],
        [...masterDataKeys.all, event.entity, 'history'],
        lookupKeys.all,
        ...(event.entity === 'vendors' ? [cartKeys.shippingAddresses()] : []),
      ];
    case 'careList':
      return [careLabelKeys.lists(event.listKind), careLabelKeys.items(event.listKind, event.listId)];
    case 'stock':
      // Inventory shows on product details and on the product items of master data.
      return [productKeys.details(), [...masterDataKeys.all, 'productItems']];
  }
}

/** A stream with nothing (not even a heartbeat, every LIVE_HEARTBEAT_SECONDS) for this long is dead. */
export const SILENT_MS = LIVE_HEARTBEAT_SECONDS * 3 * 1000;

/** Wait before reconnect attempt `n` (0-based): 1 s doubling to 30 s, with jitter. */
export const backoffMs = (n: number, random = Math.random) =>
  Math.round(Math.min(30_000, 1_000 * 2 ** n) * (0.75 + random() * 0.5));

export interface LiveStreamOptions {
  /** The current token; null stops the stream (signed out). */
  getToken: () => string | null;
  onEvent: (event: LiveEvent) => void;
  /** Events may have been missed (a reconnect the server could not resume): refetch everything. */
  onReset: () => void;
  /**
   * For a stream opened without a Last-Event-ID (the tab's first, or a reconnect before any event
   * came): how many ms ago the oldest data that events could make stale was fetched (`liveDataAge`),
   * or undefined. Given, the server first sends what changed since then (decision 0076).
   */
  dataAge?: () => number | undefined;
  /**
   * The stream is open. `resumed` false: it opened with neither a Last-Event-ID nor a data age, so
   * nothing changed before it opened will ever be sent: what the tab fetched until now may be stale.
   */
  onOpen?: (resumed: boolean) => void;
  /** 401: the session ended; the stream stops. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  /** Waits between attempts (tests). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Opens and keeps the stream until `stop()`: on a dropped connection it waits (backoff) and
 * reconnects with the last event's id; a 401 ends it. Answers `stop`.
 */
export function startLiveStream(opts: LiveStreamOptions): () => void {
  const abort = new AbortController();
  const doFetch = opts.fetch ?? fetch;
  const sleep =
    opts.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        abort.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      }));
  let lastEventId: string | undefined;
  void (async () => {
    for (let attempt = 0; !abort.signal.aborted; ) {
      const token = opts.getToken();
      if (!token) return;
      let opened = false;
      // One attempt's own abort: the watchdog ends a stream that went silent (no heartbeat for
      // SILENT_MS: a half-open connection after sleep or a network change) and a new one starts.
      const current = new AbortController();
      const stopAttempt = () => current.abort();
      abort.signal.addEventListener('abort', stopAttempt);
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const feed = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(stopAttempt, SILENT_MS);
      };
      try {
        const headers = callHeaders(token, 'text/event-stream');
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const dataAge = lastEventId ? undefined : opts.dataAge?.();
        feed();
        const res = await doFetch(`${API_BASE}/events${dataAge === undefined ? '' : `?dataAge=${dataAge}`}`, {
          headers,
          signal: current.signal,
          cache: 'no-store',
        });
        if (res.status === 401) {
          opts.onUnauthorized?.();
          return;
        }
        if (res.ok && res.body) {
          opened = true;
          attempt = 0;
          opts.onOpen?.(headers['Last-Event-ID'] !== undefined || dataAge !== undefined);
          // eventsource-parser: blocks split across chunks, CRLF, multi-line data, comments (heartbeats).
          const parser = createParser({
            onEvent: (message) => {
              if (message.event === 'reset') opts.onReset();
              else if (message.data) {
                if (message.id) lastEventId = message.id;
                opts.onEvent(JSON.parse(message.data) as LiveEvent);
              }
            },
          });
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            feed();
            parser.feed(value);
          }
        }
      } catch {
        // dropped, silent or aborted: try again below unless stopped
      } finally {
        clearTimeout(watchdog);
        abort.signal.removeEventListener('abort', stopAttempt);
      }
      if (abort.signal.aborted) return;
      await sleep(backoffMs(opened ? 0 : attempt++));
    }
  })();
  return () => abort.abort();
}

/**
 * After a stream opened without resuming (`onOpen(false)`): the orders and uploads the tab fetched
 * before `openedAt` (ms) refetch, as a change committed between their answer and the stream's
 * opening was never sent (a page loads its data first and its stream after the first paint). Only
 * what other users change (orders, their counts, uploads) and only answers that arrived: a failed
 * load is not asked again, and an order whose form has unsaved edits on this tab is left alone, as
 * for its events (applyLiveEvent).
 */
export function refreshFetchedBefore(queryClient: QueryClient, openedAt: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => othersMayChange(query) && query.state.dataUpdatedAt < openedAt,
  });
}

/**
 * Whether a query holds data that other users change and a stream's events refresh (orders, their
 * counts, uploads; not an order whose form has unsaved edits on this tab): what a stream that opens
 * without resuming must refetch or, given a data age, have the server catch up on.
 */
function othersMayChange(query: Query): boolean {
  return query.state.status === 'success' && ofOthersChanges(query);
}

/** Whether a query's data is of the kinds other users change (othersMayChange), whatever its state. */
function ofOthersChanges({ queryKey: key }: Query): boolean {
  const [orders, details] = orderKeys.details();
  const [variableData, uploads] = variableDataKeys.uploads();
  return (
    (key[0] === orders && !(key[1] === details && isOrderEditing(Number(key[2])))) ||
    (key[0] === variableData && key[1] === uploads)
  );
}

/**
 * How many ms before `now` the oldest answer a stream's events would refresh arrived (the
 * `dataAge` of a tab's first stream, decision 0076): the server then sends first what changed since,
 * instead of the tab refetching all of it once the stream is open. A first answer still on its way
 * counts from `pageStartedAt` (ms since 1970; the page's start by default): the server reads it after
 * that, and without it an answer arriving while the stream opens was asked for twice (the navigation
 * bar's counts open beside the stream). Undefined when there is none, or when it is older than the
 * server catches up on (LIVE_DATA_AGE_MAX_MS): the refetch then stays.
 */
export function liveDataAge(
  queryClient: QueryClient,
  now: number,
  pageStartedAt: number = performance.timeOrigin,
): number | undefined {
  let oldest = Number.POSITIVE_INFINITY;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (othersMayChange(query)) oldest = Math.min(oldest, query.state.dataUpdatedAt);
    else if (
      query.state.status === 'pending' &&
      query.state.fetchStatus === 'fetching' &&
      ofOthersChanges(query)
    )
      oldest = Math.min(oldest, pageStartedAt);
  }
  if (oldest === Number.POSITIVE_INFINITY) return undefined;
  const age = Math.max(0, Math.round(now - oldest));
  return age <= LIVE_DATA_AGE_MAX_MS ? age : undefined;
}

/**
 * Applies an event to the query cache: invalidates its keys, except the details of an order being
 * edited on this tab (answered true then: the caller offers a reload instead).
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): { heldBack: boolean } {
  if (event.kind === 'upload') recordUploadProgress(event);
  const heldBack = event.kind === 'order' && isOrderEditing(event.orderId);
  // The first key of an order event is its details: left alone while a form on it has edits.
  const keys = staleKeysOf(event).slice(heldBack ? 1 : 0);
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
  return { heldBack };
}
