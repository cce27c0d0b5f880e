/**
 * Live-update benchmark (`npm run bench:events`; docs/decisions/0068). Not part of
 * `npm test`: it asserts nothing, it prints figures.
 *
 * 1. A scratch PostgreSQL database (openBenchDatabase: BENCH_DATABASE_URL, else DATABASE_URL, else
 *    the local server), migrated, with the demo data; one app instance listening on a free port.
 * 2. A child process opens BENCH_STREAMS (default 1,000) streams as ADMIN (every event goes to every
 *    stream: the widest fan-out) and reports each event's arrival time.
 * 3. This process commits BENCH_RATE (default 100) order changes a second for BENCH_SECONDS
 *    (default 10), each a transaction publishing one event, and notes when each commit returned.
 * 4. Prints latency from commit to receipt (p50, p99, max over all deliveries), server RSS idle
 *    (no streams) and under load, and server CPU per delivered event. Aims: p99 < 250 ms,
 *    < 100 MB RSS above the idle server.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { liveHubs } from '../src/modules/events/events.routes';
import { openStream } from '../src/modules/events/events.testing';
import { publishLiveEvent } from '../src/platform/liveEvents';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { startInProcessApp } from './inProcessApp';
import { exitWhenDone, openBenchDatabase } from './seed';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const log = (line: string) => process.stdout.write(`${line}\n`);
const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * The child: opens the streams and keeps each event's arrival times; on 'stop' with the commit
 * times ([eventId, committedAt][]) it answers the latencies' count and quantiles. The arrivals
 * (a million at the defaults) stay in this process: in the server's they were most of its RSS growth.
 */
async function clients(base: string, token: string) {
  const arrivals = new Map<string, number[]>();
  for (let i = 0; i < STREAMS; i++)
    await openStream(base, token, {
      onEvent: (e) => {
        const at = now();
        const times = arrivals.get(e.id);
        if (times) times.push(at);
        else arrivals.set(e.id, [at]);
      },
    });
  process.send?.('open');
  process.on('message', (m: { committed: [string, number][] }) => {
    const latencies: number[] = [];
    for (const [id, sent] of m.committed) for (const at of arrivals.get(id) ?? []) latencies.push(at - sent);
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const result = { count: latencies.length, p50: q(0.5), p99: q(0.99), max: latencies.at(-1) ?? NaN };
    process.send?.(result, () => process.exit(0));
  });
}

async function main() {
  const { database, drop, label } = await openBenchDatabase();
  const { app, close } = await startInProcessApp(database, { tag: 'events' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const hub = liveHubs.get(app.ctx)!;
  try {
    log(`${label}; ${STREAMS} streams, ${RATE} changes/s for ${SECONDS} s`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    const token = login.json().access_token as string;
    global.gc?.();
    await delay(500);
    const idleRss = process.memoryUsage().rss;

    const committed = new Map<string, number>();
    const child = fork(fileURLToPath(import.meta.url), ['clients', base, token], {
      execArgv: process.execArgv,
    });
    type Latencies = { count: number; p50: number; p99: number; max: number };
    let finished: (result: Latencies) => void = () => {};
    const done = new Promise<Latencies>((r) => {
      finished = r;
    });
    let opened: () => void = () => {};
    const open = new Promise<void>((r) => {
      opened = r;
    });
    child.on('message', (m) => {
      if (m === 'open') opened();
      else finished(m as Latencies);
    });
    await open;
    log(`streams open: ${hub.size}`);
    const loadRss: number[] = [];
    const cpuBefore = process.cpuUsage();
    const deliveredBefore = hub.delivered;
    const total = RATE * SECONDS;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await delay(wait);
      void database.db
        .transaction((tx) =>
          publishLiveEvent(
            tx,
            {
              kind: 'order',
              orderId: 1,
              change: 'updated',
              status: 'PRODUCTION_READY',
              actor: { email: 'bench@example.com', role: 'ADMIN' },
            },
            { order: { vendorId: 1, customerId: 1, productionRegionId: 1, factoryId: 1 } },
          ),
        )
        .then((id) => committed.set(id, now()));
      if (i % RATE === 0) loadRss.push(process.memoryUsage().rss);
    }
    await delay(2000);
    const cpu = process.cpuUsage(cpuBefore);
    const delivered = hub.delivered - deliveredBefore;
    child.send({ committed: [...committed] });
    const latencies = await done;
    log(`deliveries: ${latencies.count} received of ${total * STREAMS} (${delivered} written by the server)`);
    log(
      `latency commit → receipt: p50 ${latencies.p50.toFixed(1)} ms, p99 ${latencies.p99.toFixed(1)} ms, max ${latencies.max.toFixed(1)} ms (aim: p99 < 250 ms)`,
    );
    const peak = Math.max(...loadRss);
    log(`server RSS: idle ${mb(idleRss)}, under load ${mb(peak)} (+${mb(peak - idleRss)}; aim: < +100 MB)`);
    log(
      `server CPU: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms for ${delivered} deliveries = ${((cpu.user + cpu.system) / Math.max(1, delivered)).toFixed(1)} µs per delivery (${((cpu.user + cpu.system) / 1000 / (SECONDS + 2) / 10).toFixed(0)} % of a core)`,
    );
  } finally {
    await close();
    await database.close();
    await drop();
  }
}

if (process.argv[2] === 'clients') void clients(process.argv[3]!, process.argv[4]!);
else exitWhenDone(main());
