/**
 * Preloaded (`node --import`) into the product server and the ceiling server of the bench: counts
 * every statement sent to PostgreSQL through `pg` (queries per request), samples the process's
 * resident memory (RSS), and records the statements of one request on demand (so that the ceiling
 * runs exactly the product's SQL). The bench asks over the IPC channel of `child_process.fork`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import pg from 'pg';

interface Captured {
  text: string;
  values: unknown[];
}

/**
 * Set inside the handling of an HTTP request: only statements sent on a request's behalf are
 * captured, not those of the job queue's timers (pg-boss maintenance) that happen to run meanwhile.
 */
const inRequest = new AsyncLocalStorage<true>();
type Emit = (this: http.Server, event: string, ...args: unknown[]) => boolean;
const emit = http.Server.prototype.emit as Emit;
/** Requests received and not yet answered (the bench waits for none before it captures or loads). */
let inflight = 0;
(http.Server.prototype as unknown as { emit: Emit }).emit = function (this: http.Server, event, ...args) {
  if (event === 'request') {
    inflight++;
    (args[1] as http.ServerResponse).once('close', () => inflight--);
    return inRequest.run(true, () => emit.call(this, event, ...args));
  }
  return emit.call(this, event, ...args);
};

let queries = 0;
let maxRss = process.memoryUsage.rss();
let capturing: Captured[] | null = null;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  queries++;
  if (capturing && inRequest.getStore()) {
    const [first, second] = args;
    const config =
      typeof first === 'string'
        ? { text: first, values: second }
        : (first as { text: string; values?: unknown });
    capturing.push({
      text: config.text,
      values: Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : [],
    });
  }
  return original.apply(this, args);
};

setInterval(() => {
  maxRss = Math.max(maxRss, process.memoryUsage.rss());
}, 50).unref();

export type InstrumentRequest = { id: number; type: 'reset' | 'stats' | 'capture-start' | 'capture-stop' };
export type InstrumentReply = {
  id: number;
  queries: number;
  maxRss: number;
  inflight: number;
  captured?: Captured[];
};

process.on('message', (m: InstrumentRequest) => {
  if (!m || typeof m !== 'object' || !('type' in m)) return;
  let captured: Captured[] | undefined;
  if (m.type === 'reset') {
    queries = 0;
    maxRss = process.memoryUsage.rss();
  } else if (m.type === 'capture-start') {
    capturing = [];
  } else if (m.type === 'capture-stop') {
    captured = capturing ?? [];
    capturing = null;
  } else if (m.type !== 'stats') {
    return;
  }
  maxRss = Math.max(maxRss, process.memoryUsage.rss());
  process.send?.({ id: m.id, queries, maxRss, inflight, captured } satisfies InstrumentReply);
});
