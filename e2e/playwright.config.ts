import { defineConfig } from '@playwright/test';
import { resolveChromium } from './chromium';
import { freePort } from './support/net';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = await resolveChromium();

/**
 * Lanes (decision 0036): the journeys run in three lanes side by side, each a worker of its own against
 * a server of its own on its own fresh database (ports E2E_PORT, E2E_PORT2 and E2E_PORT3, else free
 * ones), so no journey sees another lane's writes; within a lane the spec files run one after another
 * (in name order). A browser journey mostly waits (for answers, idle network, animations): two lanes
 * used under one of the two cores. The lanes below have about the same time each (measured per
 * spec file, docs/decisions/0036), and each holds about a third of the journeys that write, so that
 * .ci/run's PGlite step of writing journeys keeps the three busy too; the last lane takes every
 * spec not listed, so a new spec joins it. E2E_LANES=1 (one core) runs everything in one lane on one
 * server; E2E_LANES=2 puts the first list in one lane and the rest in the other.
 */
const LANE_SPECS = [
  [
    'a11y.spec.ts',
    'care-admin.spec.ts',
    'care-label.spec.ts',
    'first-load.spec.ts',
    'order-workflow.spec.ts',
  ],
  [
    'downloads.spec.ts',
    'keyboard.spec.ts',
    'master-data-journey.spec.ts',
    'order-journey.spec.ts',
    'papercuts.spec.ts',
    'variable-data-ordering.spec.ts',
  ],
  // The last lane: master-data, passport, restock, screens, session, variable-data, stale-chunk, and
  // any spec not listed above.
];
const LANES = Math.min(Math.max(Number(process.env.E2E_LANES ?? 3) || 3, 1), LANE_SPECS.length + 1);

// The lanes' ports: E2E_PORT, then E2E_PORT2, E2E_PORT3 or free ports (not E2E_PORT + 1: on a
// shared machine that may be another run's). Chosen once, in the runner: the workers, which load
// this file again, inherit the variable and so the same ports.
if (!process.env.E2E_LANE_PORTS) {
  const ports = [PORT];
  for (const name of ['E2E_PORT2', 'E2E_PORT3'].slice(0, LANES - 1)) {
    ports.push(Number(process.env[name] ?? (await freePort())));
  }
  process.env.E2E_LANE_PORTS = ports.join(',');
}
const LANE_PORTS = process.env.E2E_LANE_PORTS.split(',').map(Number);
const laneBase = (lane: number) => `http://127.0.0.1:${LANE_PORTS[lane - 1]}`;
const specMatch = (files: string[]) => files.map((f) => new RegExp(`/${f.replaceAll('.', '\\.')}$`));
/** Lane i (from 1) of `LANES`: its listed specs, the last lane every spec the others do not list. */
const laneProject = (lane: number) => ({
  name: `lane ${lane}`,
  workers: 1,
  use: { baseURL: laneBase(lane) },
  ...(lane < LANES
    ? { testMatch: specMatch(LANE_SPECS[lane - 1]) }
    : { testIgnore: specMatch(LANE_SPECS.slice(0, LANES - 1).flat()) }),
});

/**
 * Browser journeys against the real server: e2e/server.mjs builds the web app (the first lane's
 * server; the others start after it, one after another, on the same bundles), starts the server on a fresh database
 * with the demo data (PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set), and
 * Playwright drives Chromium against it.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: LANES,
  projects:
    LANES === 1
      ? [{ name: 'journeys', use: { baseURL: laneBase(1) } }]
      : Array.from({ length: LANES }, (_, i) => laneProject(i + 1)),
  // E2E_RETRIES (.ci/run sets 1): a journey that fails is run once more, and one that then passes is
  // reported as flaky, not failed. None locally, so a developer sees every failure (decision 0036).
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)) || 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    // A trace only on a retry (CI): recording one for every journey, to keep those that fail, was
    // about a third of the suite's CPU (its screencast and DOM snapshots; decision 0036, "Third
    // round"). To trace a failing journey locally: `npm run test -w e2e -- --trace on <spec>`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Started one after another (Playwright readies each before the next): the first builds.
  webServer: Array.from({ length: LANES }, (_, i) => ({
    command: 'node server.mjs',
    url: `${laneBase(i + 1)}/api/v1.0/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_PORT: String(LANE_PORTS[i]),
      E2E_LANE: String(i + 1),
      ...(i > 0 ? { E2E_SKIP_BUILD: '1' } : {}),
    },
  })),
});
