import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** Matches a package folder under node_modules (POSIX or Windows separators). */
const pkg = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Vite build of the Selvedge web app. The server serves `apps/web/dist` on port 3000; in development
 * (`npm run dev -w apps/web`) and preview, `/api` is proxied to that server.
 */
export default defineConfig(({ mode }) => {
  /** The API server (apps/server); override with API_TARGET=http://host:port. */
  const apiTarget = loadEnv(mode, process.cwd(), '').API_TARGET || 'http://localhost:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        // @selvedge/shared is a barrel of pure code (no module is imported for its side effects):
        // let the parts the web app does not use (decimal.js, server-only schemas) drop out.
        treeshake: {
          moduleSideEffects: [
            { test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false },
            { test: pkg('decimal\\.js'), sideEffects: false },
            { test: /\.css$/, sideEffects: true },
          ],
        },
        output: {
          // Long-lived vendor chunks: a new release of the app does not invalidate them.
          codeSplitting: {
            groups: [
              { name: 'react', test: pkg('react|react-dom|react-router|scheduler') },
              {
                name: 'mantine',
                test: pkg(
                  '@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-transition-group|react-number-format|tabbable|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|clsx|tslib',
                ),
              },
              { name: 'query', test: pkg('@tanstack') },
            ],
          },
        },
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
  };
});
