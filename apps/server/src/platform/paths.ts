/**
 * Where the server's files are, whether it runs from its sources (src/, through tsx or Vitest) or
 * from its bundle (dist/main.mjs, `npm run build -w apps/server`): both sit in the server package's
 * folder (apps/server), which holds the migrations (drizzle/); the built web app is beside it.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The first folder from `from` upwards that holds drizzle/meta (the server package's folder). */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'drizzle', 'meta'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No drizzle/meta folder above ${from}: where is apps/server?`);
  }
}

/** The server package's folder (apps/server). */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** The database migrations (drizzle-kit's folder). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');

/** The built web app (`npm run build -w apps/web`), served unless WEB_DIST_DIR says otherwise. */
export const DEFAULT_WEB_DIST_DIR = join(SERVER_ROOT, '../web/dist');
