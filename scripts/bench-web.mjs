#!/usr/bin/env node
/**
 * `npm run bench:web` (decision 0021: a fast first load on a factory's slow link, accessible to
 * everyone): builds the web app and the server bundle, starts the server on a fresh temporary
 * DATA_DIR (demo data), then prints
 *   - the first-load weight of /login, /product-list, /order-list, /order-details and /cart: the JS
 *     and CSS files a cold load of the route fetches, gzipped (-9) from the build, and the bytes the
 *     browser actually received (every request, as the server encoded it);
 *   - the Lighthouse mobile performance and accessibility scores of /login, /product-list (vendor)
 *     and /order-list (admin), median of BENCH_RUNS runs (default 3);
 * and stops the server. Not part of `npm test` (it takes a few minutes).
 *
 * Options: `--skip-build` reuses apps/web/dist and apps/server/dist; BENCH_RUNS=n (0: weights only); BENCH_FILES=1 lists
 * each route's files; BENCH_SCREENS=/order-list,... audits only those screens; BENCH_LHR_DIR=dir
 * keeps each run's Lighthouse report (JSON) there; BENCH_CPU_SLOWDOWN=8 simulates a phone on a machine
 * half as fast (default 4); CHROMIUM_PATH (default /usr/bin/chromium, else /usr/bin/chromium-headless-shell).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { freePort } from './net.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const runs = Math.max(0, Number(process.env.BENCH_RUNS ?? 3));
/**
 * BENCH_CPU_SLOWDOWN: Lighthouse's CPU slowdown instead of its mobile default (4). Its simulation
 * multiplies the CPU time it observed on this machine, so 8 stands for a phone on a machine of half
 * this one's speed (instances of one machine kind differ that much).
 */
const cpuSlowdown = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : null;
if (cpuSlowdown !== null && !(cpuSlowdown >= 1)) throw new Error('BENCH_CPU_SLOWDOWN must be a number ≥ 1');
// Debian's full Chromium where installed, else the headless shell CI installs for the journeys
// (Lighthouse runs in either; scores from the two are not strictly comparable, so the run says which).
const chromiumPath =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PASSWORD = 'selvedge-demo-2026';
const VENDOR = 'vendor@example.com';
const ADMIN = 'admin@example.com';

/** Starts the server on a fresh DATA_DIR; answers its base URL and a stop function. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bench-web-'));
  const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const up = await fetch(`${base}/api/v1.0/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/v1.0/health within 180 s');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Signs in through the API and answers the access token. */
async function apiToken(base, email) {
  const answer = await fetch(`${base}/api/v1.0/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  }).then((r) => r.json());
  if (!answer.access_token) throw new Error(`sign-in of ${email} failed: ${answer.message}`);
  return answer.access_token;
}

/** An order the admin sees (the demo data has orders at every step). */
async function someOrderId(base, token) {
  const answer = await fetch(`${base}/api/v1.0/orders?page=0&size=1`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  const id = answer.orders?.[0]?.orderId;
  if (!id) throw new Error('no order in the demo data');
  return id;
}

const gzipped = (file) => gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;

/**
 * Opens `url` and waits for the load event and then 500 ms with at most one request open: a
 * signed-in page keeps its live-update stream open for good (docs/live-updates.md), so it never
 * reaches puppeteer's networkidle0.
 */
async function loaded(page, url) {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: 500, concurrency: 1 });
}

/**
 * Cold load of `path` in a fresh browser context (signed in with `token` when given): the JS and
 * CSS files of our origin it fetched, gzipped from the build, and the bytes received on the wire.
 */
async function firstLoad(browser, base, path, token) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setCacheEnabled(false);
    // The app keeps its session in sessionStorage (per tab): put the token there before the app reads it.
    if (token) await page.evaluateOnNewDocument((t) => sessionStorage.setItem('access_token', t), token);
    await loaded(page, base + path);
    const entries = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
        (e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize }),
      ),
    );
    const weight = { js: 0, css: 0, html: gzipped(join(dist, 'index.html')), wire: 0, raw: 0, requests: 0 };
    for (const entry of entries) {
      weight.wire += entry.encoded;
      weight.raw += entry.decoded;
      weight.requests += 1;
      const url = new URL(entry.name);
      if (url.origin !== base) continue;
      const file = join(dist, url.pathname);
      const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
      if (!kind || !existsSync(file)) continue;
      const size = gzipped(file);
      weight[kind] += size;
      if (process.env.BENCH_FILES) console.log(`  ${path} ${url.pathname} ${size}`);
    }
    return weight;
  } finally {
    await context.close();
  }
}

/**
 * One Lighthouse run (mobile, its default config) of `path`. A signed-in screen is audited in the
 * tab that signed in: Lighthouse clears the cache and origin storage, but not sessionStorage.
 * Answers null when Lighthouse could not measure the page (its runtimeError is printed).
 */
async function audit(browser, base, path, email) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (email) {
      await loaded(page, `${base}/login`);
      await page.locator('input[autocomplete="username"]').fill(email);
      await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => location.pathname !== '/login');
    }
    const result = await lighthouse(
      base + path,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cpuSlowdown
          ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }
          : {}),
      },
      undefined,
      page,
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (process.env.BENCH_LHR_DIR) {
      const name = `${path.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(join(process.env.BENCH_LHR_DIR, name), JSON.stringify(result.lhr));
    }
    if (runtimeError || categories.performance.score === null) {
      console.warn(`  Lighthouse could not measure ${path}: ${runtimeError?.code ?? 'no score'}`);
      return null;
    }
    const failing = (category) =>
      categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
        .map((ref) => ref.id);
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      failingA11y: failing('accessibility'),
    };
  } finally {
    await context.close();
  }
}

/** `runs` measured runs of a screen; a run Lighthouse could not measure is tried again (twice at most). */
async function audits(browser, base, path, email) {
  const results = [];
  for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
    const result = await audit(browser, base, path, email);
    if (result) results.push(result);
  }
  if (results.length === 0) throw new Error(`Lighthouse could not measure ${path}`);
  return results;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (!process.argv.includes('--skip-build')) {
  console.log('Building the web app and the server bundle...');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log('Starting the server on a fresh database...');
const { base, stop } = await startServer();
const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  headless: true,
  args: CHROMIUM_FLAGS,
});
try {
  const vendorToken = await apiToken(base, VENDOR);
  const adminToken = await apiToken(base, ADMIN);
  const orderId = await someOrderId(base, adminToken);

  const routes = [
    ['/login', null],
    ['/product-list', vendorToken],
    ['/order-list', adminToken],
    [`/order-details?orderId=${orderId}`, adminToken],
    ['/cart', vendorToken],
  ];
  const weights = [];
  for (const [path, token] of routes) {
    const w = await firstLoad(browser, base, path, token);
    weights.push({
      route: path,
      'JS gz': kb(w.js),
      'CSS gz': kb(w.css),
      'total gz (JS+CSS+HTML)': kb(w.js + w.css + w.html),
      'received (all requests)': kb(w.wire),
      'decoded (all requests)': kb(w.raw),
      requests: w.requests,
    });
  }
  console.log('\nFirst-load weight (cold cache; gzip -9 of the build files; received = bytes on the wire)');
  console.table(weights);

  // Lighthouse scales the CPU time it observes (4x slowdown): other work on the machine inflates
  // TBT and the paint times. Say so when the machine is busy.
  if (loadavg()[0] > cpus().length) {
    console.warn(
      `Note: load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs; Lighthouse scores will read low.`,
    );
  }
  const screens =
    runs === 0
      ? []
      : [
          ['/login', null],
          ['/product-list', VENDOR],
          ['/order-list', ADMIN],
        ].filter(
          ([path]) => !process.env.BENCH_SCREENS || process.env.BENCH_SCREENS.split(',').includes(path),
        );
  const scores = [];
  for (const [path, email] of screens) {
    const results = await audits(browser, base, path, email);
    const failing = [...new Set(results.flatMap((r) => r.failingA11y))];
    scores.push({
      screen: path,
      as: email ?? '-',
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      FCP: seconds(median(results.map((r) => r.fcp))),
      LCP: seconds(median(results.map((r) => r.lcp))),
      TBT: `${Math.round(median(results.map((r) => r.tbt)))} ms`,
      'a11y audits failing': failing.join(', ') || '-',
    });
  }
  if (screens.length)
    console.log(
      `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} mobile${cpuSlowdown ? `, CPU slowdown ${cpuSlowdown}` : ''}, median of ${runs} run(s), in ${chromiumPath}`,
    );
  if (screens.length) console.table(scores);
} finally {
  await browser.close();
  await stop();
}
