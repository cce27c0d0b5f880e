#!/usr/bin/env node
/**
 * Starts the server for the browser tests: builds the web app and the server bundle (`npm run
 * build`), then runs the bundle, as production does (docs/decisions/0022), on a fresh
 * database with the demo data — a temporary PGlite folder, or a new PostgreSQL database created
 * from TEST_DATABASE_URL (dropped again when the tests end). With E2E_SKIP_BUILD=1 it runs the
 * bundles an earlier step built (CI builds once for both databases, docs/decisions/0036).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.E2E_PORT ?? '3210';

if (process.env.E2E_SKIP_BUILD === '1') {
  for (const built of ['apps/server/dist/main.mjs', 'apps/web/dist/index.html']) {
    if (!existsSync(join(root, built))) {
      console.error(`E2E_SKIP_BUILD=1 but ${built} is missing: run \`npm run build\` first`);
      process.exit(1);
    }
  }
} else {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-e2e-'));
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_DATA: 'always',
  LOG_LEVEL: 'warn',
};
let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  // Named after the run's database, so a run killed before its cleanup (Playwright may end this
  // process with SIGKILL) is cleaned by the next run and by .ci/run's exit trap.
  const base =
    new URL(process.env.TEST_DATABASE_URL).pathname.slice(1).replace(/[^a-z0-9_]/gi, '') || 'selvedge';
  // One database per lane (playwright.config.ts): the first lane's keeps the plain name.
  const lane = Number(process.env.E2E_LANE ?? 1);
  const name = `${base}_e2e${lane > 1 ? lane : ''}`.toLowerCase();
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
}

const server = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
  await new Promise((r) => server.once('exit', r));
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  if (!stopping) process.exit(code ?? 1);
});
