import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser journeys are in e2e/ (Playwright). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Migrates and loads the demo data once; each test file copies it (decision 0036).
          globalSetup: ['apps/server/src/test/templates.ts'],
        },
      },
    ],
  },
});
