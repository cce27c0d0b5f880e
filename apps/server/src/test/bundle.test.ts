/**
 * The server's bundle as production runs it (`node apps/server/dist/main.mjs`, docs/decisions/0030):
 * stack traces map to the TypeScript sources through the bundle's own source map, and no source
 * map of an npm package is loaded (those were ~17 MB of the idle server's memory under
 * `--enable-source-maps`). The process is started with a configuration it refuses, so it loads the
 * bundle and exits without a database; a preloaded probe reports, at exit, what Node has loaded.
 * And a server that has answered (compressed) loads no fetch implementation (undici): ~17 MB it
 * never uses, which an ES import of node:http or @fastify/compress's `instanceof Response` loaded.
 * And every package the bundles leave to node_modules is one a production install has
 * (docs/decisions/0053): a devDependency imported at run time stopped the production server at start.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type BuildMetafile, describeUnshipped, unshippedImports } from '../../shippedImports.mjs';
import { serverBundles, startServerProcess } from './serverProcess';

/** apps/server: the bundles' working directory, to which the metafile's paths are relative. */
const SERVER_DIR = join(import.meta.dirname, '../..');

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

describe("the running server's log (decision 0079)", () => {
  /**
   * The JSON log lines of `output` that name the request to `url` (Fastify's own two did both). A
   * line a pipe read cut in two (blocks of 4 KiB) is no JSON: skipped, it is not one of these.
   */
  const linesAbout = (output: string[], url: string) =>
    output.flatMap((l) => {
      try {
        const line = JSON.parse(l) as { msg: string; req?: { url: string } };
        return line.req?.url === url ? [line] : [];
      } catch {
        return [];
      }
    });

  it('writes one line per request, within a second or two, and what it holds when it stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'selvedge-log-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'never', LOG_LEVEL: 'info' });
    const first = '/api/v1.0/health?log=first';
    const last = '/api/v1.0/health?log=last';
    try {
      expect((await fetch(`${server.base}${first}`)).status).toBe(200);
      // Held in the destination's block, written by its timer: no more requests come to fill it.
      await vi.waitFor(() => expect(linesAbout(server.output, first)).not.toEqual([]), {
        timeout: 10_000,
        interval: 100,
      });
      const [line, ...more] = linesAbout(server.output, first);
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: first },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      expect((await fetch(`${server.base}${last}`)).status).toBe(200);
    } finally {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(linesAbout(server.output, last)).toMatchObject([{ msg: 'request completed' }]);
  }, 60_000);
});

describe('what the bundles leave to node_modules (dist/meta.json)', () => {
  const metafile = () =>
    JSON.parse(readFileSync(join(serverBundles(), 'meta.json'), 'utf8')) as BuildMetafile;
  /** package.json of `dir`, with `change` applied to apps/server's. */
  const manifests =
    (change: (server: Record<string, Record<string, string>>) => void) =>
    (dir: string): Record<string, unknown> | null => {
      const file = join(dir, 'package.json');
      let manifest: Record<string, Record<string, string>>;
      try {
        manifest = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        return null;
      }
      if (join(dir) === join(SERVER_DIR)) change(manifest);
      return manifest;
    };

  it("is in a production install: apps/server's dependencies, and a bundled package's own", () => {
    const meta = metafile();
    expect(describeUnshipped(unshippedImports(meta, { serverDir: SERVER_DIR }))).toEqual([]);
    // The check has something to check: the server's own imports and those @fastify/compress
    // (bundled, CommonJS) requires at run time.
    const external = Object.entries(meta.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => i.external).map((i) => `${file} ${i.path}`),
    );
    expect(external).toContainEqual('src/modules/variableData/variableData.import.ts csv-parse/sync');
    expect(external).toContainEqual(
      expect.stringMatching(/node_modules\/@fastify\/compress\/index\.js minipass$/),
    );
  });

  it('names a devDependency the bundles import (csv-parse was one) and where it is imported', () => {
    const problems = unshippedImports(metafile(), {
      serverDir: SERVER_DIR,
      readManifest: manifests((server) => {
        server.devDependencies!['csv-parse'] = server.dependencies!['csv-parse']!;
        delete server.dependencies!['csv-parse'];
      }),
    });
    expect(problems).toEqual([
      {
        package: 'csv-parse',
        importedBy: '@selvedge/server',
        files: ['src/modules/variableData/variableData.import.ts'],
        reason: 'a devDependency of @selvedge/server: move it to "dependencies"',
      },
    ]);
  });

  it("names what a bundled package requires once nothing installs it (@fastify/compress's readable-stream)", () => {
    // Without @fastify/compress among the dependencies, its own dependencies are not installed,
    // though the bundle still requires them.
    const problems = unshippedImports(metafile(), {
      serverDir: SERVER_DIR,
      readManifest: manifests((server) => {
        delete server.dependencies!['@fastify/compress'];
      }),
    });
    expect(problems.map((p) => `${p.package} ← ${p.importedBy}`)).toContain(
      'readable-stream ← @fastify/compress',
    );
    expect(problems.find((p) => p.package === 'readable-stream')?.reason).toMatch(
      /a production install of @selvedge\/server does not install it/,
    );
  });
});
