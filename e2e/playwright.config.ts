import { defineConfig } from '@playwright/test';
import { resolveChromium } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = await resolveChromium();

/**
 * Browser journeys against the real server: e2e/server.mjs builds the web app, starts the server on
 * a fresh database with the demo data (PGlite, or a new PostgreSQL database when TEST_DATABASE_URL
 * is set), and Playwright drives Chromium against it.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1.0/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
