/**
 * A live-update stream reader for tests and the benchmark: opens GET /api/v1.0/events on a
 * listening server with fetch and collects what arrives (events, resets, comments).
 */
import type { LiveEvent } from '@selvedge/shared';
import { DATA_AGE_MARGIN_MS, type EventHub } from './events.hub';

/**
 * Resolves once `hub` has been listening for DATA_AGE_MARGIN_MS and half a second more: a
 * `?dataAge=` catch-up reaches that far before the age given, and an instance that has not listened
 * so long answers `reset` (decision 0076).
 */
export async function coveringTheMargin(hub: EventHub): Promise<void> {
  const listening = Date.now() - (hub.coverageStart ?? Date.now());
  const wait = DATA_AGE_MARGIN_MS + 500 - listening;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

export interface StreamProbe {
  status: number;
  headers: Headers;
  events: LiveEvent[];
  resets: number;
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Resolves once `n` events arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<LiveEvent[]>;
  close(): void;
}

/** Opens a stream at `base` (http://host:port) with `token` and optional Last-Event-ID or `?dataAge=` (raw). */
export async function openStream(
  base: string,
  token: string | null,
  opts: {
    lastEventId?: string;
    dataAge?: number | string;
    headers?: Record<string, string>;
    onEvent?: (e: LiveEvent) => void;
  } = {},
): Promise<StreamProbe> {
  const abort = new AbortController();
  const query = opts.dataAge === undefined ? '' : `?dataAge=${encodeURIComponent(opts.dataAge)}`;
  const res = await fetch(`${base}/api/v1.0/events${query}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
      ...opts.headers,
    },
    signal: abort.signal,
  });
  const probe: StreamProbe = {
    status: res.status,
    headers: res.headers,
    events: [],
    resets: 0,
    comments: [],
    ended: Promise.resolve(),
    async waitFor(n, ms = 5_000) {
      const until = Date.now() + ms;
      while (probe.events.length < n) {
        if (Date.now() > until) throw new Error(`${probe.events.length} of ${n} events after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return probe.events;
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    return probe;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: () => void = () => {};
  const first = new Promise<void>((r) => {
    ready = r;
  });
  probe.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) probe.comments.push(line.slice(1).trim());
            const at = line.indexOf(': ');
            if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
          }
          if (probe.comments.length > 0) ready();
          if (fields.get('event') === 'reset') probe.resets++;
          else if (fields.has('data')) {
            const event = JSON.parse(fields.get('data')!) as LiveEvent;
            probe.events.push(event);
            opts.onEvent?.(event);
          }
        }
      }
    } catch {
      // aborted
    } finally {
      ready();
    }
  })();
  await first; // the stream is registered once its first comment arrived
  return probe;
}
