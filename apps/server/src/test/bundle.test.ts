/**
 * The server's bundle as production runs it (`node apps/server/dist/main.mjs`, docs/decisions/0030):
 * stack traces map to the TypeScript sources through the bundle's own source map, and no source
 * map of an npm package is loaded (those were ~17 MB of the idle server's memory under
 * `--enable-source-maps`). The process is started with a configuration it refuses, so it loads the
 * bundle and exits without a database; a preloaded probe reports, at exit, what Node has loaded.
 * And a server that has answered (compressed) loads no fetch implementation (undici): ~17 MB it
 * never uses, which an ES import of node:http or @fastify/compress's `instanceof Response` loaded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverBundles, startServerProcess } from './serverProcess';

/** Preloaded with --import: at exit, prints what findSourceMap knows of a bundle file and of every CommonJS module. */
const PROBE = `
import { createRequire, findSourceMap } from 'node:module';
const bundle = process.env.PROBE_BUNDLE;
const line = Number(process.env.PROBE_LINE);
process.on('exit', () => {
  const map = findSourceMap(bundle);
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  process.stdout.write('PROBE ' + JSON.stringify({
    origin: map ? map.findOrigin(line, 3).fileName : null,
    modules: loaded.length,
    mapped: loaded.filter((file) => findSourceMap(file)),
  }) + '\\n');
});
`;

/** What a probe printed (one `PROBE <json>` line among `lines`), parsed; fails the test if none. */
function probeReport<T>(lines: string[]): T {
  const report = lines.find((l) => l.startsWith('PROBE '));
  expect(report, lines.join('\n')).toBeDefined();
  return JSON.parse(report!.slice('PROBE '.length)) as T;
}

describe('the server bundle (dist/main.mjs)', () => {
  it('maps stack traces to src/ and loads no source map of node_modules', () => {
    const dir = serverBundles();
    // A line inside the bundle's copy of src/platform/config.ts (in the entry's file or a chunk).
    const files = [
      ...readdirSync(dir).map((f) => join(dir, f)),
      ...readdirSync(join(dir, 'chunks')).map((f) => join(dir, 'chunks', f)),
    ].filter((f) => f.endsWith('.mjs'));
    const [bundle, line] = files
      .map(
        (f) =>
          [f, readFileSync(f, 'utf8').split('\n').indexOf('// src/platform/config.ts') + 1 + 10] as const,
      )
      .find(([, l]) => l > 10) ?? ['', 0];
    expect(bundle).not.toBe('');
    const probe = join(dir, 'probe.mjs');
    writeFileSync(probe, PROBE);
    const run = spawnSync(process.execPath, ['--import', probe, join(dir, 'main.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        PROBE_BUNDLE: bundle,
        PROBE_LINE: String(line),
        JWT_SECRET: 'too short',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toContain('JWT_SECRET: must be at least 32 characters long');
    const { origin, modules, mapped } = probeReport<{
      origin: string | null;
      modules: number;
      mapped: string[];
    }>(`${run.stdout}\n${run.stderr}`.split('\n'));
    expect(origin).toMatch(/\/apps\/server\/src\/platform\/config\.ts$/);
    // fastify, pg, pino… loaded (the check below means something), none with its map.
    expect(modules).toBeGreaterThan(50);
    expect(mapped).toEqual([]);
  });
});

describe('the running server (dist/main.mjs)', () => {
  it("compresses answers and never loads Node's fetch implementation (undici)", async () => {
    const dir = serverBundles();
    const probe = join(dir, 'probe-undici.mjs');
    writeFileSync(
      probe,
      `process.on('exit', () => process.stderr.write('PROBE ' + JSON.stringify({ undici: process.moduleLoadList.some((m) => m.includes('undici')) }) + '\\n'));`,
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-bundle-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DEMO_DATA: 'never',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--import=${probe}`,
    });
    try {
      const res = await fetch(`${server.base}/api/v1.0/openapi.json`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(((await res.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(probeReport(server.output)).toEqual({ undici: false });
  }, 60_000);
});
