/**
 * The real server as a child process, run as production runs it (the bundle of
 * `npm run build -w apps/server`, under plain node), for tests that must kill it
 * (test/faults.test.ts) or run several (test/multi-instance.test.ts, decision 0018):
 * started on a free port of 127.0.0.1 with the given environment, ready once GET /api/v1.0/health
 * answers 200; the job worker likewise, ready once its metrics answer. Keeps the last lines each
 * printed, for failure messages.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let bundleDir: string | undefined;
/**
 * The folder of this process's server, worker and seed bundles (main.mjs, worker.mjs, seed.mjs),
 * built once from the current sources into a folder of its own under apps/server/dist (test files
 * and the bench run in parallel; none waits for another's build or overwrites it), removed when the
 * process ends; folders of earlier runs older than an hour go too (a test worker may end without
 * its exit hook).
 */
export function serverBundles(): string {
  if (bundleDir) return bundleDir;
  const dist = join(ROOT, 'apps/server/dist');
  for (const name of existsSync(dist) ? readdirSync(dist) : []) {
    const old = join(dist, name);
    if (name.startsWith('test-') && Date.now() - statSync(old).mtimeMs > 3_600_000) {
      rmSync(old, { recursive: true, force: true });
    }
  }
  const dir = join(dist, `test-${process.pid}-${Date.now()}`);
  const build = spawnSync(process.execPath, ['apps/server/build.mjs', dir], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server bundle did not build:\n${build.stderr}`);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  bundleDir = dir;
  return dir;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  /** The last lines the process printed (stdout and stderr). */
  output: string[];
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** True until the process exits. */
  running(): boolean;
  /** Sends `signal` and waits for the exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Where a process's bundle comes from, and whether it gets a HOST. */
export interface SpawnOptions {
  /** The folder of main.mjs and worker.mjs (default: this process's own build, `serverBundles()`). */
  bundleDir?: string;
  /** HOST of the process (default 127.0.0.1); null leaves it unset, so the server's default holds. */
  host?: string | null;
}

/** Runs the bundle `name` (main or worker) under node with `env` on top of PATH and HOME only. */
function spawnNode(
  name: 'main' | 'worker',
  env: Record<string, string>,
  base: string,
  options: SpawnOptions = {},
): ServerProcess {
  const script = join(options.bundleDir ?? serverBundles(), `${name}.mjs`);
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
      ...(options.host === null ? {} : { HOST: options.host ?? '127.0.0.1' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let gone = false;
  // A test runner that ends without its afterAll (a timeout, Ctrl-C) takes the process with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      process.off('exit', orphan);
      resolve();
    }),
  );
  return {
    base,
    pid: child.pid ?? -1,
    output,
    exited,
    running: () => !gone,
    async stop(signal) {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}

/** Waits up to `timeoutMs` until GET `url` answers 200; stops the process and throws otherwise. */
async function waitUntilAnswers(
  proc: ServerProcess,
  url: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.running()) throw new Error(`the process exited while starting:\n${proc.output.join('\n')}`);
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await proc.stop('SIGKILL');
  throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${proc.output.join('\n')}`);
}

/**
 * Starts the server with `env` (on top of PATH and HOME only, so nothing of the test runner leaks
 * in) on a free port and waits up to `timeoutMs` for its health check; throws with what the process
 * printed when it exits or does not answer in time.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnNode('main', { ...env, PORT: String(port) }, `http://127.0.0.1:${port}`, options);
  return waitUntilAnswers(server, `${server.base}/api/v1.0/health`, timeoutMs);
}

/**
 * Starts the job worker (the bundle of `src/worker.ts`, decision 0018) with `env` and its metrics on a free port, and
 * waits until they answer (the worker has no other HTTP server). `base` is the metrics server.
 */
export async function startWorkerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const worker = spawnNode(
    'worker',
    { ...env, METRICS_ENABLED: 'true', METRICS_PORT: String(port) },
    `http://127.0.0.1:${port}`,
  );
  const token = env.METRICS_TOKEN;
  return waitUntilAnswers(
    worker,
    `${worker.base}/metrics`,
    timeoutMs,
    token ? { authorization: `Bearer ${token}` } : {},
  );
}
