import { createServer } from 'node:net';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = await resolveChromium();

/**
 * Lanes (issue 28 §4): the journeys run in two lanes side by side, each a worker of its own against
 * a server of its own on its own fresh database (ports E2E_PORT and E2E_PORT2, else a free one), so no journey
 * sees another lane's writes; within a lane the spec files run one after another as before. A
 * browser journey mostly waits (for answers, idle network, animations): one lane left a 2-core
 * machine largely idle. E2E_LANES=1 runs everything in one lane on one server.
 * Lane 1 holds the specs below (about half of the suite's time, and two of the journeys that write,
 * so that .ci/run's PGlite step of writing journeys has both lanes busy too); lane 2 every other
 * spec, so a new spec joins lane 2.
 */
const LANE_1 = [
  'a11y.spec.ts',
  'papercuts.spec.ts',
  'master-data.spec.ts',
  'restock.spec.ts',
  'first-load.spec.ts',
];
const LANES = process.env.E2E_LANES === '1' ? 1 : 2;

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// The lanes' ports: E2E_PORT, then E2E_PORT2 or a free port (not E2E_PORT + 1: on a shared machine
// that may be another run's). Chosen once, in the runner: the workers, which load this file again,
// inherit the variable and so the same ports.
process.env.E2E_LANE_PORTS ??= `${PORT},${process.env.E2E_PORT2 ?? (LANES > 1 ? await freePort() : PORT)}`;
const LANE_PORTS = process.env.E2E_LANE_PORTS.split(',').map(Number);
const laneBase = (lane: number) => `http://127.0.0.1:${LANE_PORTS[lane - 1]}`;
const laneMatch = LANE_1.map((f) => new RegExp(`/${f.replaceAll('.', '\\.')}$`));

/**
 * Browser journeys against the real server: e2e/server.mjs builds the web app (the first lane's
 * server; the second starts after it, on the same bundles), starts the server on a fresh database
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
      : [
          { name: 'lane 1', testMatch: laneMatch, workers: 1, use: { baseURL: laneBase(1) } },
          { name: 'lane 2', testIgnore: laneMatch, workers: 1, use: { baseURL: laneBase(2) } },
        ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    trace: 'retain-on-failure',
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
