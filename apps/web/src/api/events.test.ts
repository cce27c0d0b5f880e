/**
 * The live-update reader (docs/decisions/0068): reading the event stream (events, resets, ids;
 * parsed by eventsource-parser), which queries an event makes stale, resuming with Last-Event-ID
 * after a drop, stopping on 401, held-back order details while a
 * form has edits, and the import rate from progress events.
 */
import { LIVE_DATA_AGE_MAX_MS, type LiveEvent } from '@selvedge/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyLiveEvent,
  backoffMs,
  liveDataAge,
  refreshFetchedBefore,
  SILENT_MS,
  staleKeysOf,
  startLiveStream,
} from './events';
import { clearUploadProgress, markOrderEditing, recordUploadProgress } from './live-state';

const orderEvent = (id: string, orderId = 7): LiveEvent => ({
  id,
  kind: 'order',
  orderId,
  change: 'approveFinance',
  status: 'READY_TO_SHIP',
  actor: { email: 'finance@example.com', role: 'FINANCE' },
});
const block = (e: LiveEvent) => `id: ${e.id}\nevent: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`;

/** A fetch answer whose body is `chunks`, then ends. */
const streamed = (chunks: string[], status = 200) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    }),
    { status },
  );

afterEach(() => clearUploadProgress());

/** A load of the order list's page 1 that failed: no answer arrived, so nothing of it is stale. */
const failedListLoad = (qc: QueryClient) =>
  qc
    .fetchQuery({
      queryKey: ['orders', 'list', { page: 1 }],
      queryFn: () => Promise.reject(new Error('down')),
    })
    .catch(() => {});

/** Runs one stream over `chunks` (then a 401 ends it) and answers what it delivered and sent. */
async function runStream(chunks: string[]) {
  const events: LiveEvent[] = [];
  const requests: Record<string, string>[] = [];
  let resets = 0;
  const answers = [streamed(chunks), streamed([], 401)];
  await new Promise<void>((resolve) => {
    startLiveStream({
      getToken: () => 'tok',
      fetch: async (_url, init) => {
        requests.push(init!.headers as Record<string, string>);
        return answers.shift()!;
      },
      sleep: async () => {},
      onEvent: (e) => events.push(e),
      onReset: () => resets++,
      onUnauthorized: resolve,
    });
  });
  return { events, requests, resets };
}

describe('reading the stream', () => {
  it('delivers events split across chunks, with CRLF line ends, and skips comments', async () => {
    const one = orderEvent('a', 1);
    const two = orderEvent('b', 2);
    const text = `: connected\n\n${block(one)}: heartbeat\n\n${block(two).replaceAll('\n', '\r\n')}`;
    const { events } = await runStream([text.slice(0, 25), text.slice(25, 90), text.slice(90)]);
    expect(events).toEqual([one, two]);
  });

  it('calls for a refetch on `event: reset` and resumes after the last id it received', async () => {
    const { events, requests, resets } = await runStream([
      'event: reset\ndata: {}\n\n',
      block(orderEvent('e7')),
      // An unfinished block when the connection drops is not delivered.
      'id: e8\nevent: order\ndata: {',
    ]);
    expect(resets).toBe(1);
    expect(events.map((e) => e.id)).toEqual(['e7']);
    expect(requests.map((h) => h['Last-Event-ID'])).toEqual([undefined, 'e7']);
  });

  it('sends the headers of every call: the bearer token, a request id, and asks for an event stream', async () => {
    const { requests } = await runStream([]);
    expect(requests[0]).toMatchObject({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    expect(requests[0]!['X-Request-Id']).toMatch(/\S/);
  });
});

describe('staleKeysOf', () => {
  it("makes an order's details, the lists and the needs-action counts stale", () => {
    expect(staleKeysOf(orderEvent('a', 9))).toEqual([
      ['orders', 'detail', 9],
      ['orders', 'list'],
      ['orders', 'needs-action'],
    ]);
    expect(
      staleKeysOf({ id: 'u', kind: 'upload', uploadId: 1, state: 'processing', rowsDone: 5, rowsTotal: 10 }),
    ).toEqual([]);
  });

  it("leaves a master-data record's own query alone, so a form open on it still saves into a 409", () => {
    const keys = staleKeysOf({
      id: 'm',
      kind: 'masterData',
      entity: 'customers',
      recordId: 3,
      actor: { email: 'admin2@example.com', role: 'ADMIN' },
    });
    expect(keys).toEqual([
      ['master-data', 'customers', 'search'],
      ['master-data', 'customers', 'history'],
      ['lookups'],
    ]);
  });

  it("refreshes a vendor's shipping addresses in its users' carts when the vendor is saved", () => {
    const actor = { email: 'vendor@example.com', role: 'VENDOR' };
    expect(
      staleKeysOf({ id: 'v', kind: 'masterData', entity: 'vendors', recordId: 2, actor }),
    ).toContainEqual(['cart', 'shipping-addresses']);
  });

  it("makes a care-label list's lists and items stale, and stock the product details", () => {
    const actor = { email: 'admin2@example.com', role: 'ADMIN' };
    expect(staleKeysOf({ id: 'c', kind: 'careList', listKind: 'care-code', listId: 4, actor })).toEqual([
      ['care-label', 'lists', 'care-code'],
      ['care-label', 'items', 'care-code', 4],
    ]);
    expect(staleKeysOf({ id: 's', kind: 'stock', productItemIds: [5], actor })).toEqual([
      ['products', 'details'],
      ['master-data', 'productItems'],
    ]);
  });

  it('refetches a product details screen on a stock event, and leaves other screens alone', async () => {
    const client = new QueryClient();
    const details = vi.fn(async () => ({}));
    const other = vi.fn(async () => ({}));
    const stops = [
      new QueryObserver(client, { queryKey: ['products', 'details', 'ids', '5'], queryFn: details }),
      new QueryObserver(client, { queryKey: ['orders', 'list'], queryFn: other }),
    ].map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(details).toHaveBeenCalledTimes(1));
    applyLiveEvent(client, {
      id: 's',
      kind: 'stock',
      productItemIds: [5],
      actor: { email: 'account@example.com', role: 'ACCOUNT' },
    });
    await vi.waitFor(() => expect(details).toHaveBeenCalledTimes(2));
    expect(other).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });
});

describe('startLiveStream', () => {
  it('reconnects after a drop with the last event id, and stops on 401', async () => {
    const calls: (string | undefined)[] = [];
    const got: string[] = [];
    const answers = [
      streamed([': connected\n\n', block(orderEvent('e1')), block(orderEvent('e2')).slice(0, 10)]),
      streamed([block(orderEvent('e3'))]),
      streamed([], 401),
    ];
    let unauthorized = false;
    const opens: boolean[] = [];
    const done = new Promise<void>((resolve) => {
      startLiveStream({
        getToken: () => 'tok',
        fetch: async (_url, init) => {
          calls.push((init!.headers as Record<string, string>)['Last-Event-ID']);
          return answers.shift()!;
        },
        sleep: async () => {},
        onEvent: (e) => got.push(e.id),
        onReset: () => {},
        onOpen: (resumed) => opens.push(resumed),
        onUnauthorized: () => {
          unauthorized = true;
          resolve();
        },
      });
    });
    await done;
    expect(got).toEqual(['e1', 'e3']);
    expect(calls).toEqual([undefined, 'e1', 'e3']);
    // The first stream did not resume (what came before it is unknown); the second did.
    expect(opens).toEqual([false, true]);
    expect(unauthorized).toBe(true);
  });

  it("opens with the data's age, which counts as resumed, until an event gives an id to resume from", async () => {
    const urls: string[] = [];
    const answers = [
      streamed([': connected\n\n']),
      streamed([': connected\n\n', block(orderEvent('e1'))]),
      streamed([], 401),
    ];
    const opens: boolean[] = [];
    const ages = [1_234, 5_678, 9_999];
    await new Promise<void>((resolve) => {
      startLiveStream({
        getToken: () => 'tok',
        dataAge: () => ages.shift(),
        fetch: async (url) => {
          urls.push(String(url));
          return answers.shift()!;
        },
        sleep: async () => {},
        onEvent: () => {},
        onReset: () => {},
        onOpen: (resumed) => opens.push(resumed),
        onUnauthorized: resolve,
      });
    });
    // A reconnect before any event asks again with the age of then; after an event, Last-Event-ID.
    expect(urls).toEqual([
      '/api/v1.0/events?dataAge=1234',
      '/api/v1.0/events?dataAge=5678',
      '/api/v1.0/events',
    ]);
    expect(opens).toEqual([true, true]);
  });

  it('starts again when the stream goes silent (no heartbeat)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = startLiveStream({
      getToken: () => 'tok',
      sleep: async () => {},
      onEvent: () => {},
      onReset: () => {},
      fetch: async (_url, init) => {
        calls++;
        const signal = init!.signal!;
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(': connected\n\n'));
              signal.addEventListener('abort', () =>
                controller.error(new DOMException('gone', 'AbortError')),
              );
            },
          }),
        );
      },
    });
    await vi.advanceTimersByTimeAsync(SILENT_MS - 1_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    stop();
    vi.useRealTimers();
  });

  it('waits longer after each failed attempt, up to 30 s', () => {
    expect(backoffMs(0, () => 0.5)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(8000);
    expect(backoffMs(10, () => 0.5)).toBe(30_000);
  });
});

describe('applyLiveEvent', () => {
  it("leaves an order's details alone while a form on it has unsaved edits", () => {
    const qc = new QueryClient();
    const invalidated: unknown[] = [];
    qc.invalidateQueries = (async (filters: { queryKey: unknown }) => {
      invalidated.push(filters.queryKey);
    }) as never;
    const undo = markOrderEditing(7);
    expect(applyLiveEvent(qc, orderEvent('a')).heldBack).toBe(true);
    expect(invalidated).not.toContainEqual(['orders', 'detail', 7]);
    undo();
    invalidated.length = 0;
    expect(applyLiveEvent(qc, orderEvent('b')).heldBack).toBe(false);
    expect(invalidated).toContainEqual(['orders', 'detail', 7]);
  });
});

describe('recordUploadProgress', () => {
  it('measures rows per second and the time left between two events', () => {
    const e = { id: 'x', kind: 'upload', uploadId: 3, state: 'processing', rowsTotal: 10_000 } as const;
    recordUploadProgress({ ...e, rowsDone: 1_000 }, 0);
    const p = recordUploadProgress({ ...e, rowsDone: 3_000 }, 1_000);
    expect(p).toMatchObject({ rowsDone: 3_000, rowsPerSecond: 2_000, secondsLeft: 4 });
  });
});

describe('refreshFetchedBefore (a stream that did not resume)', () => {
  it("refetches the orders, counts and uploads fetched before the stream opened: not an order being edited, a failed load, or another kind's data", async () => {
    const qc = new QueryClient();
    const openedAt = Date.now();
    const before = openedAt - 1_000;
    const keys = [
      ['orders', 'list', { page: 0 }],
      ['orders', 'detail', 7],
      ['orders', 'detail', 8],
      ['orders', 'needs-action', 'u1'],
      ['variable-data', 'uploads'],
      ['cart'],
      ['master-data', 'customers', 'record', 3],
    ];
    for (const key of keys) qc.setQueryData(key, { fetched: true }, { updatedAt: before });
    qc.setQueryData(['orders', 'detail', 9], { fetched: true }, { updatedAt: openedAt + 5 });
    await failedListLoad(qc);
    const undo = markOrderEditing(8);
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    await refreshFetchedBefore(qc, openedAt);
    const { predicate } = invalidate.mock.calls[0]?.[0] ?? {};
    const stale = qc
      .getQueryCache()
      .getAll()
      .filter((q) => predicate?.(q))
      .map((q) => q.queryKey);
    undo();
    expect(stale).toEqual([
      ['orders', 'list', { page: 0 }],
      ['orders', 'detail', 7],
      ['orders', 'needs-action', 'u1'],
      ['variable-data', 'uploads'],
    ]);
  });
});

describe('liveDataAge (what a first stream asks the server to catch up on)', () => {
  it("answers the age of the oldest order, count or upload answer: not an order being edited, a failed load, or another kind's data", async () => {
    const qc = new QueryClient();
    const now = Date.now();
    expect(liveDataAge(qc, now)).toBeUndefined();
    qc.setQueryData(['cart'], { fetched: true }, { updatedAt: now - 90_000 });
    qc.setQueryData(
      ['master-data', 'customers', 'record', 3],
      { fetched: true },
      { updatedAt: now - 80_000 },
    );
    expect(liveDataAge(qc, now)).toBeUndefined();
    qc.setQueryData(['orders', 'list', { page: 0 }], { fetched: true }, { updatedAt: now - 3_000 });
    qc.setQueryData(['variable-data', 'uploads'], { fetched: true }, { updatedAt: now - 4_000 });
    qc.setQueryData(['orders', 'detail', 8], { fetched: true }, { updatedAt: now - 70_000 });
    await failedListLoad(qc);
    const undo = markOrderEditing(8);
    expect(liveDataAge(qc, now)).toBe(4_000);
    undo();
    expect(liveDataAge(qc, now)).toBe(70_000);
  });

  it("counts a first answer still on its way from the page's start, not another kind's", async () => {
    const qc = new QueryClient();
    const now = Date.now();
    const pageStartedAt = now - 1_500;
    const onItsWay = () => new Promise<never>(() => {});
    void qc.prefetchQuery({ queryKey: ['cart', 'status', 'u1'], queryFn: onItsWay });
    expect(liveDataAge(qc, now, pageStartedAt)).toBeUndefined();
    void qc.prefetchQuery({ queryKey: ['orders', 'needs-action', 'u1'], queryFn: onItsWay });
    expect(liveDataAge(qc, now, pageStartedAt)).toBe(1_500);
    // An answer that arrived before the page started (another tab's data is not shared; a test's) is older still.
    qc.setQueryData(['orders', 'list', { page: 0 }], { fetched: true }, { updatedAt: now - 5_000 });
    expect(liveDataAge(qc, now, pageStartedAt)).toBe(5_000);
  });

  it('answers nothing for data older than the server catches up on: the tab refetches it instead', () => {
    const qc = new QueryClient();
    const now = Date.now();
    qc.setQueryData(['orders', 'needs-action', 'u1'], { n: 1 }, { updatedAt: now - LIVE_DATA_AGE_MAX_MS });
    expect(liveDataAge(qc, now)).toBe(LIVE_DATA_AGE_MAX_MS);
    qc.setQueryData(['orders', 'list', { page: 0 }], { n: 1 }, { updatedAt: now - LIVE_DATA_AGE_MAX_MS - 1 });
    expect(liveDataAge(qc, now)).toBeUndefined();
  });
});
