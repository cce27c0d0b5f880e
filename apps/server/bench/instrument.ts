/**
 * Preloaded (`node --import`) into the product server and the ceiling server of the bench: counts
 * every statement sent to PostgreSQL through `pg` (queries per request), samples the process's
 * resident memory (RSS), measures its CPU time, and records the statements of one request on demand (so that the ceiling
 * runs exactly the product's SQL). The bench asks over the IPC channel of `child_process.fork`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

interface Captured {
  text: string;
  values: unknown[];
  /** Sent as a named (prepared) statement (platform/db/preparedStatements.ts). */
  named: boolean;
}

/**
 * Set inside the handling of an HTTP request: only statements sent on a request's behalf are
 * captured, not those of the job queue's timers (pg-boss maintenance) that happen to run meanwhile.
 */
const inRequest = new AsyncLocalStorage<true>();
type Emit = (this: http.Server, event: string, ...args: unknown[]) => boolean;
const emit = http.Server.prototype.emit as Emit;
/**
 * Requests received and not yet answered (the bench waits for none before it captures or loads). A
 * request is done when the server ends its response (`res.end`), not when its socket closes: at the
 * end of a run autocannon closes its connections, and the requests then still queued for the pool
 * (hundreds at 1,000,000 orders) went on running their SQL after they had been counted done — into
 * the next run, or into a captured script. A response never ended (the server gave up on a closed
 * connection) counts as done ABANDONED_MS after its socket closed.
 */
let inflight = 0;
const ABANDONED_MS = 30_000;
(http.Server.prototype as unknown as { emit: Emit }).emit = function (this: http.Server, event, ...args) {
  if (event === 'request') {
    inflight++;
    const res = args[1] as http.ServerResponse;
    let counted = false;
    const done = () => {
      if (counted) return;
      counted = true;
      inflight--;
    };
    const end = res.end;
    res.end = function (this: http.ServerResponse, ...endArgs: unknown[]) {
      done();
      return (end as (...a: unknown[]) => http.ServerResponse).apply(this, endArgs);
    } as typeof res.end;
    res.once('close', () => {
      if (!counted) setTimeout(done, ABANDONED_MS).unref();
    });
    return inRequest.run(true, () => emit.call(this, event, ...args));
  }
  return emit.call(this, event, ...args);
};

let queries = 0;
let maxRss = process.memoryUsage.rss();
/** CPU time (user + system) of this process at the last reset. */
let cpuAtReset = process.cpuUsage();
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
        : (first as { text: string; values?: unknown; name?: unknown });
    capturing.push({
      text: config.text,
      values: Array.isArray(config.values) ? config.values : Array.isArray(second) ? second : [],
      named: 'name' in config && typeof config.name === 'string',
    });
  }
  return original.apply(this, args);
};

setInterval(() => {
  maxRss = Math.max(maxRss, process.memoryUsage.rss());
}, 50).unref();

/** V8's longest garbage collection pause since the last reset, in ms. */
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
}).observe({ entryTypes: ['gc'] });

export type InstrumentRequest = { id: number; type: 'reset' | 'stats' | 'capture-start' | 'capture-stop' };
export type InstrumentReply = {
  id: number;
  queries: number;
  maxRss: number;
  /** CPU time (user + system, microseconds) this process used since the last reset. */
  cpuMicros: number;
  inflight: number;
  /** The longest garbage collection pause since the last reset, ms. */
  gcMaxMs: number;
  captured?: Captured[];
};

process.on('message', (m: InstrumentRequest) => {
  if (!m || typeof m !== 'object' || !('type' in m)) return;
  let captured: Captured[] | undefined;
  if (m.type === 'reset') {
    queries = 0;
    maxRss = process.memoryUsage.rss();
    cpuAtReset = process.cpuUsage();
    gcMaxMs = 0;
  } else if (m.type === 'capture-start') {
    capturing = [];
  } else if (m.type === 'capture-stop') {
    captured = capturing ?? [];
    capturing = null;
  } else if (m.type !== 'stats') {
    return;
  }
  maxRss = Math.max(maxRss, process.memoryUsage.rss());
  const cpu = process.cpuUsage(cpuAtReset);
  process.send?.({
    id: m.id,
    queries,
    maxRss,
    cpuMicros: cpu.user + cpu.system,
    inflight,
    gcMaxMs,
    captured,
  } satisfies InstrumentReply);
});
