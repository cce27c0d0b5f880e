/**
 * What the benches share to run the product as it ships: the image's runtime settings, a bundle
 * (server or worker) forked on a free port, and a process's resident memory.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../src/app';
import { freePort, serverBundles } from '../src/test/serverProcess';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The runtime settings the image gives the server (Dockerfile, runtime stage): its `NODE_OPTIONS`
 * as node flags, and glibc's malloc tunables (`MALLOC_*`), so that the bench measures what ships.
 * BENCH_NODE_FLAGS replaces the flags (empty: none); a `MALLOC_*` variable set for the bench wins.
 * Throws if the Dockerfile no longer says NODE_OPTIONS.
 */
export function imageRuntime(): { nodeFlags: string[]; mallocEnv: Record<string, string> } {
  const dockerfile = readFileSync(join(here, '../../../Dockerfile'), 'utf8');
  const nodeOptions = /NODE_OPTIONS="([^"]*)"/.exec(dockerfile);
  if (!nodeOptions) throw new Error('Dockerfile: no NODE_OPTIONS="…" to run the product with');
  const mallocEnv: Record<string, string> = {};
  for (const [, name, value] of dockerfile.matchAll(/\b(MALLOC_[A-Z_]+)=(\d+)/g)) {
    mallocEnv[name] = process.env[name] ?? value;
  }
  const flags = process.env.BENCH_NODE_FLAGS ?? nodeOptions[1];
  return { nodeFlags: flags.split(/\s+/).filter(Boolean), mallocEnv };
}

/**
 * The product's LOG_LEVEL in every bench: the level that ships (LOG_LEVEL's default, info), since a
 * request's log line is part of its cost (decisions 0070, 0079); BENCH_LOG_LEVEL overrides.
 */
export const productLogLevel = () => process.env.BENCH_LOG_LEVEL ?? 'info';

/** Resident set size of process `pid` in bytes (Linux). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** CPU seconds (user + system, every thread) process `pid` has used so far (Linux). */
export function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A running bundle: its address (server), process id and how to stop it. */
export interface RunningProduct {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Forks the product's bundle `entry` (main.mjs: the server; worker.mjs: the job worker) with the
 * image's runtime settings and `env` (on top of a production environment without demo data or
 * metrics) on a free port, and waits until it is live: the server's /health/live answers 200; the
 * worker has no HTTP, so it is given `settleMs` to start its queues. `bundleDir`: bundles built
 * elsewhere (`node apps/server/build.mjs dist/<name>`, e.g. before a change), default this tree's.
 */
export async function startProduct(opts: {
  entry: 'main.mjs' | 'worker.mjs';
  env: Record<string, string>;
  settleMs?: number;
  bundleDir?: string;
}): Promise<RunningProduct> {
  const port = await freePort();
  const { nodeFlags, mallocEnv } = imageRuntime();
  const child: ChildProcess = fork(join(opts.bundleDir ?? serverBundles(), opts.entry), [], {
    execArgv: [
      ...nodeFlags,
      // BENCH_CPU_PROF=<folder>: a CPU profile of the server (written when it stops)
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      ...mallocEnv,
      PORT: String(port),
      DEMO_DATA: 'never',
      HOST: '127.0.0.1',
      METRICS_ENABLED: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: productLogLevel(),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${port}`;
  if (opts.entry === 'main.mjs') {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${base}${API_PREFIX}/health/live`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 600) throw new Error('the server did not start');
      await delay(100);
    }
  } else {
    await delay(opts.settleMs ?? 3000);
    if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}`);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, delay(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
