#!/usr/bin/env node
/**
 * `npm run build -w apps/server`: bundles the server (src/main.ts), the job worker (src/worker.ts)
 * and the demo-data loader (src/seed/cli.ts) into dist/{main,worker,seed}.bundle.mjs with esbuild
 * (what they share, and what they import on first use, in dist/chunks), each run by dist/<name>.mjs
 * (docs/decisions/0022). The server's own code and @selvedge/shared go into the bundles, compiled
 * once, and so is drizzle-orm (patched, see below); the other npm packages stay in node_modules and
 * load as Node loads them. Production runs these files with plain `node`: no TypeScript compiler in
 * the process, fewer modules, less memory (decision 0022). dist/meta.json is esbuild's metafile of the
 * build; the build fails when the bundles import a package that a production install of apps/server
 * leaves out (shippedImports.mjs, docs/decisions/0053).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describeUnshipped, unshippedImports } from './shippedImports.mjs';

/** Where the bundles go: dist/, or the folder given as the first argument (tests build their own). */
const outdir = process.argv[2] ?? 'dist';

/**
 * Bare imports bundled rather than left to node_modules: the workspace's shared package (TypeScript
 * sources), dayjs's plugins (CommonJS files imported without their extension) and drizzle-orm, whose
 * ~500 modules each made Node re-read its 180 KB package.json at start: ~140 MB of garbage that left
 * the idle server at ~300 MB resident (docs/decisions/0024).
 */
const BUNDLED = /^(@selvedge\/|dayjs\/|drizzle-orm(\/|$)|@fastify\/compress$)/;

/**
 * drizzle-orm 0.45's `is(value, type)`, the check behind every chunk of SQL it builds and every
 * column it maps, walks the prototype chain of `value` whenever `instanceof` is false: ~11% of the
 * server's CPU on the order list. Its answer depends only on the prototype of `value` and on `type`,
 * so the bundle remembers it per (prototype, type). Same answers, same errors; drizzle 1.0 makes
 * `is` cheap itself (drizzle-orm#6129) and this patch then goes (docs/decisions/0024). The build fails
 * if the function is not the one patched here, so an upgrade cannot drop or misapply it silently.
 */
const DRIZZLE_IS = `function is(value, type) {
  if (!value || typeof value !== "object") {
    return false;
  }
  if (value instanceof type) {
    return true;
  }`;
const DRIZZLE_IS_MEMO = `const isMemo = new WeakMap();
function is(value, type) {
  if (!value || typeof value !== "object") {
    return false;
  }
  if (value instanceof type) {
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === null) {
    return isWalk(value, type);
  }
  let known = isMemo.get(proto);
  if (known === undefined) {
    known = new Map();
    isMemo.set(proto, known);
  }
  let answer = known.get(type);
  if (answer === undefined) {
    answer = isWalk(value, type);
    known.set(type, answer);
  }
  return answer;
}
function isWalk(value, type) {`;

/**
 * @fastify/compress 9.2 asks `payload instanceof Response` (and `instanceof ReadableStream`) of every
 * answer. Node defines those globals lazily: the first look loads its fetch implementation (undici,
 * with its WebAssembly HTTP parser), ~17 MB resident that the server never uses otherwise. The
 * patched checks first ask the payload's `Symbol.toStringTag`, so strings, buffers and Node streams
 * never touch the globals; same answers (docs/decisions/0030). The build fails if the functions are
 * not the ones patched here.
 */
const COMPRESS_CHECKS = [
  [
    'return obj instanceof ReadableStream',
    "return obj?.[Symbol.toStringTag] === 'ReadableStream' && obj instanceof ReadableStream",
  ],
  [
    'return obj instanceof Response',
    "return obj?.[Symbol.toStringTag] === 'Response' && obj instanceof Response",
  ],
];
const compressLazyGlobals = {
  name: 'compress-lazy-globals',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]node_modules[\\/]@fastify[\\/]compress[\\/]lib[\\/]utils\.js$/ },
      async (args) => {
        let source = await readFile(args.path, 'utf8');
        for (const [from, to] of COMPRESS_CHECKS) {
          if (!source.includes(from)) throw new Error(`${args.path}: no "${from}"; review the patch`);
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      },
    );
  },
};

const drizzleIsMemo = {
  name: 'drizzle-is-memo',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]drizzle-orm[\\/]entity\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(DRIZZLE_IS)) {
        throw new Error(`${args.path}: is() is not the function build.mjs patches; review the patch`);
      }
      return { contents: source.replace(DRIZZLE_IS, DRIZZLE_IS_MEMO), loader: 'js' };
    });
  },
};

/** What `node dist/<name>.mjs` runs: the bundle of each entry point. */
const ENTRIES = { main: 'src/main.ts', worker: 'src/worker.ts', seed: 'src/seed/cli.ts' };

const { metafile } = await build({
  entryPoints: Object.fromEntries(
    Object.entries(ENTRIES).map(([name, source]) => [`${name}.bundle`, source]),
  ),
  absWorkingDir: import.meta.dirname,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  // What the entry points share, and what they import on first use, go into chunks of their own:
  // a module imported with import() is then loaded, with the npm packages it imports, only when
  // first used (drizzle's PGlite driver would otherwise load PGlite into every server).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces need the mappings, not the sources: the sources in the map were ~13 MB of the
  // server's memory once Node loaded it (docs/decisions/0030).
  sourcesContent: false,
  logLevel: 'warning',
  // What each bundle imports, and from where: the check below reads it, and it is kept beside the
  // bundles (meta.json) for scripts/prod-smoke.mjs to check the production tree with.
  metafile: true,
  // Bundled CommonJS (@fastify/compress) requires the packages it depends on at run time.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [
    drizzleIsMemo,
    compressLazyGlobals,
    {
      name: 'packages-from-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

/**
 * dist/<name>.mjs: turns on source maps for the bundle beside it, not for node_modules, then runs
 * it. `--enable-source-maps` also loads every map that npm packages ship: with it the idle server
 * was ~30 MB larger; this way stack traces still name src/ files and lines for ~2 MB (docs/decisions/0030).
 * The switch has to precede the bundle's loading, hence a module of its own.
 */
for (const name of Object.keys(ENTRIES)) {
  await writeFile(
    resolve(import.meta.dirname, outdir, `${name}.mjs`),
    `// Generated by apps/server/build.mjs: source maps for ${name}.bundle.mjs only (docs/decisions/0030).
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./${name}.bundle.mjs');
`,
  );
}

await writeFile(resolve(import.meta.dirname, outdir, 'meta.json'), JSON.stringify(metafile));

/**
 * A package the bundles leave to node_modules but a production install leaves out stops the server
 * at its first import (csv-parse once did, as a devDependency): the build fails instead, naming it
 * (shippedImports.mjs, docs/decisions/0053).
 */
const unshipped = unshippedImports(metafile, { serverDir: import.meta.dirname });
if (unshipped.length > 0) {
  const why = describeUnshipped(unshipped).map((line) => `  - ${line}`);
  console.error(
    [
      'The bundles import packages that a production install (npm ci --omit=dev --workspace=apps/server) leaves out:',
      ...why,
    ].join('\n'),
  );
  process.exit(1);
}
