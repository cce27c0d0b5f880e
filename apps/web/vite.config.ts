import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (apps/server) listens here in development; `/api` calls are proxied to it. */
const API_TARGET = 'http://localhost:3000';

/**
 * Vite build of the Selvedge web app. The server serves `apps/web/dist` on port 3000; in development
 * (`npm run dev -w apps/web`) and preview, `/api` is proxied to that server.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
});
