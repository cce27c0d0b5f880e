#!/usr/bin/env node
/**
 * `node scripts/prod-smoke.mjs`: starts what ships, as it ships (docs/decisions/0053). Every other
 * test runs on the full development install; this one builds the production tree the way the
 * Dockerfile does and runs the three processes of an installation from it:
 *
 * 1. the tree: package.json, package-lock.json, .npmrc and the four workspace manifests in a
 *    temporary folder, `npm ci --omit=dev --workspace=apps/server --include-workspace-root=false`
 *    (the deps stage; from the local npm cache where it can), then apps/server/dist (the bundles),
 *    apps/server/drizzle (the migrations) and apps/web/dist (the web app) of the last
 *    `npm run build` (`npm test` makes it), and nothing else: no sources, no devDependencies;
 * 2. the bundles' imports (dist/meta.json) checked against what that install holds
 *    (apps/server/shippedImports.mjs), lazily loaded chunks included;
 * 3. on a fresh PostgreSQL database `<TEST_DATABASE_URL's database>_prod` (dropped at the end), with
 *    the runtime stage's ENV (NODE_ENV=production, NODE_OPTIONS, MALLOC_*): the server
 *    (dist/main.mjs, JOBS_IN_PROCESS=false) answers /api/v1.0/health/ready and the web app; the
 *    demo-data loader (dist/seed.mjs) finishes; the worker (dist/worker.mjs) starts;
 * 4. through the API: a demo vendor signs in and places an order (Order again of one of its orders),
 *    and the worker sends its order mail (without SMTP_URL, a DATA_DIR/mail/*.eml naming the order);
 *    the account manager uploads docs/formats/roots-sample.csv and the worker imports it (state
 *    finished) and mails the report; the worker's metrics count the mails and it is still running;
 * 5. SIGTERM: server and worker exit 0.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server the script may create a database on) and the build.
 * Prints each phase with its time; a failure prints `FAILED: …` with what the process printed, keeps
 * the tree for a look and exits 1. `.ci/run` runs it after `npm test`.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describeUnshipped, unshippedImports } from '../apps/server/shippedImports.mjs';
import { freePort } from './net.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const API = '/api/v1.0';
/** The demo users' published password (README "Demo data"). */
const DEMO_PASSWORD = 'selvedge-demo-2026';
const VENDOR = 'vendor@example.com';
/** The demo data's uploader of retailer files (apps/server/src/seed/variableData.ts). */
const ACCOUNT = 'account@example.com';
/** The longest any one wait may take: a start, the loader, a job. */
const WAIT_MS = 120_000;

const started = Date.now();
/** The production tree, once made (kept when the run fails). */
let tree;
const phases = [];
let phaseStart = Date.now();
/** Ends the phase under way (`name`) and prints how long it took. */
function phase(name) {
  const seconds = (Date.now() - phaseStart) / 1000;
  phases.push(`${name} ${seconds.toFixed(1)} s`);
  console.log(`   ${name}: ${seconds.toFixed(1)} s`);
  phaseStart = Date.now();
}

class Failure extends Error {}
/** Stops the run with `FAILED: message` (and `details`, e.g. what a process printed). */
function fail(message, details = []) {
  throw new Failure([message, ...details].join('\n'));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `promise`'s value, or 'timeout' after `ms` (the timer does not keep the process alive). */
const within = (promise, ms) =>
  Promise.race([promise, new Promise((r) => setTimeout(() => r('timeout'), ms).unref())]);

/** Calls `probe` every 250 ms until it answers something truthy (answered) or `WAIT_MS` pass (fails `what`). */
async function waitFor(what, probe, proc) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (proc && !proc.running())
      fail(`${proc.name} exited (code ${proc.code}) while waiting for ${what}`, proc.tail());
    const answer = await probe().catch(() => undefined);
    if (answer) return answer;
    if (Date.now() > deadline) fail(`no ${what} within ${WAIT_MS / 1000} s`, proc?.tail() ?? []);
    await sleep(250);
  }
}

/**
 * The runtime stage's ENV of the Dockerfile as an object (NODE_ENV, PORT, DATA_DIR, MALLOC_*,
 * NODE_OPTIONS): what every process of the image runs with.
 */
function imageEnv() {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stage = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
  const env = /^ENV (.*)$/m.exec(stage);
  if (!env) fail('Dockerfile: the runtime stage has no ENV line');
  const vars = {};
  for (const [, name, quoted, plain] of env[1].matchAll(/([A-Z_][A-Z0-9_]*)=(?:"([^"]*)"|(\S*))/g)) {
    vars[name] = quoted ?? plain;
  }
  return vars;
}

/**
 * Where the tree goes: /dev/shm (memory) when it has room, else the temporary folder. On a disk
 * mounted with `discard` (this CI machine's), deleting the ~290 MB of node_modules a minute after
 * writing them took ~60 s; in memory the install is faster too.
 */
function treeParent() {
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize > 2 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm (not Linux)
  }
  return tmpdir();
}

/** Runs `command` in `cwd` and waits; fails with its output unless it exits 0. */
function run(command, args, cwd, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Failure(`${command} ${args.join(' ')} exited with ${code}\n${output.trim()}`));
    });
  });
}

/** Everything node processes were started with, to stop them on the way out. */
const processes = [];
/** Starts `node <script>` of the tree with `env` only (no variable of this shell leaks in). */
function startNode(name, script, tree, env) {
  const child = spawn(process.execPath, [script], { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const keep = (chunk) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const proc = {
    name,
    code: null,
    running: () => !exited,
    tail: () => [`--- last lines of ${name}:`, ...lines.map((l) => `    ${l}`)],
    output: lines,
    exit: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        exited = true;
        proc.code = code ?? signal;
        resolve(proc.code);
      }),
    ),
    /** Sends `signal` and waits up to 20 s for the exit; answers the exit code (or the signal). */
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      const result = await within(proc.exit, 20_000);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await proc.exit;
      }
      return result;
    },
  };
  processes.push(proc);
  return proc;
}

/** One API call: JSON in and out, or a FormData body; answers { status, body }. */
async function call(base, method, path, { token, body } = {}) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${API}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed };
}

/** As `call`, failing (`what`) unless the answer is 200. */
async function ok(what, base, method, path, opts) {
  const res = await call(base, method, path, opts);
  if (res.status !== 200)
    fail(`${what}: ${method} ${path} answered ${res.status}`, [JSON.stringify(res.body)]);
  return res.body;
}

/** The .eml files of DATA_DIR/mail, as text. */
function mails(dataDir) {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) fail('TEST_DATABASE_URL is not set: the production tree runs on PostgreSQL');
  for (const built of [
    'apps/server/dist/main.mjs',
    'apps/server/dist/worker.mjs',
    'apps/server/dist/seed.mjs',
    'apps/server/dist/meta.json',
    'apps/web/dist/index.html',
  ]) {
    if (!existsSync(join(root, built))) fail(`${built} is missing: run \`npm run build\` first`);
  }

  // ---- 1. the tree, as the Dockerfile's deps stage and runtime stage make it
  tree = mkdtempSync(join(treeParent(), 'selvedge-prod-'));
  console.log(`   tree: ${tree}`);
  for (const file of ['package.json', 'package-lock.json', '.npmrc'])
    cpSync(join(root, file), join(tree, file));
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared', 'e2e']) {
    mkdirSync(join(tree, workspace), { recursive: true });
    cpSync(join(root, workspace, 'package.json'), join(tree, workspace, 'package.json'));
  }
  await run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--workspace=apps/server',
      '--include-workspace-root=false',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
    ],
    tree,
  );
  phase('npm ci --omit=dev --workspace=apps/server');
  // The bundles of the last build; test-* folders are the API tests' own builds (serverBundles()).
  cpSync(join(root, 'apps/server/dist'), join(tree, 'apps/server/dist'), {
    recursive: true,
    filter: (source) => !/[\\/]dist[\\/]test-[^\\/]*$/.test(source),
  });
  cpSync(join(root, 'apps/server/drizzle'), join(tree, 'apps/server/drizzle'), { recursive: true });
  cpSync(join(root, 'apps/web/dist'), join(tree, 'apps/web/dist'), { recursive: true });

  // ---- 2. every import of the bundles, lazily loaded chunks included, is installed
  const meta = JSON.parse(readFileSync(join(tree, 'apps/server/dist/meta.json'), 'utf8'));
  const unshipped = unshippedImports(meta, { serverDir: join(tree, 'apps/server') });
  if (unshipped.length > 0) {
    fail('the bundles import packages the production tree does not hold:', describeUnshipped(unshipped));
  }
  phase('tree and its imports');

  // ---- 3. server, loader and worker on a fresh PostgreSQL database
  const admin = new URL(url);
  const name = `${admin.pathname.slice(1).replace(/[^a-z0-9_]/gi, '') || 'selvedge'}_prod`.toLowerCase();
  const database = new URL(url);
  database.pathname = `/${name}`;
  const adminClient = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await adminClient(`drop database if exists ${name} with (force)`);
  await adminClient(`create database ${name}`);
  const dropDatabase = () => adminClient(`drop database if exists ${name} with (force)`);

  const dataDir = join(tree, 'data');
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...imageEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.toString(),
    JOBS_IN_PROCESS: 'false',
    JWT_SECRET: 'prod-smoke-signing-secret-of-32-characters-or-more',
    DEMO_DATA: 'never',
    LOG_LEVEL: 'warn',
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    const server = startNode('server (dist/main.mjs)', 'apps/server/dist/main.mjs', tree, env);
    await waitFor(
      'answer 200 from /api/v1.0/health/ready',
      async () =>
        (await fetch(`${base}${API}/health/ready`, { signal: AbortSignal.timeout(5_000) })).status === 200,
      server,
    );
    const page = await fetch(`${base}/`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root">')) {
      fail(`the web app: GET / answered ${page.status}`, [html.slice(0, 200)]);
    }
    phase('server ready (migrations applied), web app served');

    const loader = startNode('demo-data loader (dist/seed.mjs)', 'apps/server/dist/seed.mjs', tree, env);
    const loaded = await within(loader.exit, WAIT_MS);
    if (loaded !== 0) fail(`the demo-data loader ended with ${loaded}`, loader.tail());
    if (!loader.output.some((l) => l.includes('Demo data loaded'))) {
      fail('the demo-data loader did not say it loaded the demo data', loader.tail());
    }
    phase('demo data loaded');

    const worker = startNode('worker (dist/worker.mjs)', 'apps/server/dist/worker.mjs', tree, {
      ...env,
      METRICS_ENABLED: 'true',
      METRICS_PORT: String(metricsPort),
    });
    const metrics = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
        signal: AbortSignal.timeout(5_000),
      });
      return res.status === 200 ? res.text() : undefined;
    };
    await waitFor("the worker's metrics", metrics, worker);
    phase('worker up');

    // ---- 4. a sign-in, an order and its mail; an upload and its import
    const signIn = async (email) =>
      (
        await ok(`sign in as ${email}`, base, 'POST', '/auth/login', {
          body: { email, password: DEMO_PASSWORD },
        })
      ).access_token;
    const vendor = await signIn(VENDOR);
    const { orders } = await ok('the vendor’s orders', base, 'GET', '/orders?size=20', { token: vendor });
    let copied = 0;
    for (const order of orders) {
      const again = await ok(
        `order again ${order.orderId}`,
        base,
        'POST',
        `/orders/${order.orderId}/order-again`,
        {
          token: vendor,
        },
      );
      copied += again.copied;
      if (copied > 0) break;
    }
    if (copied === 0) fail(`Order again copied no line from the vendor's ${orders.length} orders`);
    const { addresses } = await ok('shipping addresses', base, 'GET', '/orders/shipping-addresses', {
      token: vendor,
    });
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await ok('the cart header', base, 'PUT', '/orders/cart', {
      token: vendor,
      body: {
        vendorPO: `PO-SMOKE-${Date.now()}`,
        shippingAddress: addresses[0]?.address ?? '1 Smoke Street, Dhaka',
        dateRequested: inAMonth,
        phone: '+1 555 0100',
      },
    });
    let placed = await ok('place the order', base, 'PUT', '/orders/place?termsAndConditions=true', {
      token: vendor,
    });
    // -1/-2: prices or charges changed since the cart was filled; the cart was re-priced, place again.
    if (placed.orderId <= 0) {
      placed = await ok('place the order again', base, 'PUT', '/orders/place?termsAndConditions=true', {
        token: vendor,
      });
    }
    const orderId = placed.orderId;
    if (!(orderId > 0)) fail('placing answered no order', [JSON.stringify(placed)]);
    phase(`order ${orderId} placed`);
    await waitFor(
      `the order mail of order ${orderId} (DATA_DIR/mail)`,
      async () => mails(dataDir).some((m) => m.includes(`order ${orderId}`)),
      worker,
    );
    phase('order mail sent by the worker');

    const account = await signIn(ACCOUNT);
    const { customers } = await ok(
      'variable-data customers',
      base,
      'GET',
      '/configuration/variable-data-customers',
      {
        token: account,
      },
    );
    const roots = customers.find((c) => c.customerName === 'Roots');
    if (!roots) fail('no Roots among the variable-data customers', [JSON.stringify(customers)]);
    const form = new FormData();
    form.append('customerId', String(roots.customerId));
    form.append(
      'file',
      new Blob([readFileSync(join(root, 'docs/formats/roots-sample.csv'))], { type: 'text/csv' }),
      'roots-sample.csv',
    );
    const { upload } = await ok(
      'upload roots-sample.csv',
      base,
      'POST',
      '/configuration/upload-variable-data',
      {
        token: account,
        body: form,
      },
    );
    const done = await waitFor(
      `the import of upload ${upload.id}`,
      async () => {
        const { uploads } = await ok('uploads', base, 'GET', '/configuration/variable-data-uploads', {
          token: account,
        });
        const mine = uploads.find((u) => u.id === upload.id);
        return mine && (mine.state === 'finished' || mine.state === 'refused') ? mine : undefined;
      },
      worker,
    );
    if (done.state !== 'finished' || !(done.report?.rowsRead > 0)) {
      fail(`the Roots sample's import ended ${done.state}`, [JSON.stringify(done.report)]);
    }
    await waitFor(
      'the import report mail (DATA_DIR/mail)',
      async () => mails(dataDir).some((m) => m.includes('roots-sample.csv')),
      worker,
    );
    phase(`Roots sample imported by the worker (${done.report.rowsRead} rows read), report mailed`);

    // The worker sent them (the server runs no jobs) and is still up.
    const text = await waitFor("the worker's metrics", metrics, worker);
    const sent = Number(/^selvedge_mails_sent_total(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
    if (sent < 2)
      fail(`the worker's metrics count ${sent} mails sent, expected the order mail and the report`);
    if (!server.running()) fail('the server exited', server.tail());

    // ---- 5. graceful stops
    for (const proc of [server, worker]) {
      const code = await proc.stop('SIGTERM');
      if (code !== 0) fail(`${proc.name} ended with ${code} on SIGTERM`, proc.tail());
    }
    phase('server and worker stopped (SIGTERM, exit 0)');
  } finally {
    for (const proc of processes) if (proc.running()) await proc.stop('SIGKILL');
    await dropDatabase().catch(() => {});
  }
  phase('database dropped');
  rmSync(tree, { recursive: true, force: true });
  phase('tree removed');
}

try {
  await main();
  console.log(`prod-smoke passed in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`);
} catch (err) {
  console.error(`FAILED: ${err instanceof Failure ? err.message : (err?.stack ?? err)}`);
  if (tree) console.error(`The production tree is kept for a look: ${tree}`);
  process.exit(1);
}
