import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser journeys are in e2e/ (Playwright). */
export default defineConfig({
  test: {
    // One test file per core at a time. Vitest's default in a run is one fewer than the cores: on
    // a 2-core machine a single file at a time, which left a core idle while a file started up or
    // waited for its database (issue 28 §4; decision 0036, "Suite times").
    maxWorkers: availableParallelism(),
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
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // A browser's DOM without a browser: happy-dom starts faster than jsdom and has what
          // the web's rules and hooks touch (storage, URL, events; decision 0059).
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A screen test waits for several answers in turn: under load, more than the 5 s default.
          testTimeout: 20_000,
          // The UI libraries' hundreds of ES modules (the icon set alone is thousands) are bundled
          // once into one file each, instead of each test file's worker loading them one by one:
          // about a tenth less CPU for the project (decision 0059, "Run time").
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/core',
                  '@mantine/dates',
                  '@mantine/hooks',
                  '@mantine/form',
                  '@mantine/modals',
                  '@mantine/notifications',
                  '@tabler/icons-react',
                  '@tanstack/react-query',
                  'react-router',
                ],
              },
            },
          },
          // Each test starts with the spies' originals back and no calls recorded on any mock.
          restoreMocks: true,
          clearMocks: true,
        },
      },
    ],
  },
});
