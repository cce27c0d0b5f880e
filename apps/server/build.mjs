#!/usr/bin/env node
/**
 * `npm run build -w apps/server`: bundles the server (src/main.ts), the job worker (src/worker.ts)
 * and the demo-data loader (src/seed/cli.ts) into dist/{main,worker,seed}.mjs with esbuild
 * (docs/decisions/0022). The server's own code and @selvedge/shared go into the bundles, compiled
 * once; the npm packages stay in node_modules and load as Node loads them. Production runs these files with plain `node`: no
 * TypeScript compiler in the process, fewer modules, less memory (issue 10).
 */
import { build } from 'esbuild';

/** Where the bundles go: dist/, or the folder given as the first argument (tests build their own). */
const outdir = process.argv[2] ?? 'dist';

/** Bare imports bundled rather than left to node_modules: the workspace's shared package (TypeScript
 * sources) and dayjs's plugins (CommonJS files imported without their extension). */
const BUNDLED = /^(@selvedge\/|dayjs\/)/;

await build({
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts', seed: 'src/seed/cli.ts' },
  absWorkingDir: import.meta.dirname,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
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
