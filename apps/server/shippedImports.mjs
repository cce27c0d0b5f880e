/**
 * What ships is what starts (docs/decisions/0053): every package the server's bundles leave to
 * node_modules must be there in a production install (`npm ci --omit=dev --workspace=apps/server`,
 * the Dockerfile's deps stage), or `node dist/main.mjs` stops at its first import of it.
 *
 * `unshippedImports` reads esbuild's metafile of the bundles (dist/meta.json, written by build.mjs)
 * and answers each external import that such an install would not satisfy:
 * - an import in the server's own code (or in a bundled workspace package) must name a package in that
 *   package.json's `dependencies` (or `optionalDependencies`), never a devDependency;
 * - an import left in a bundled npm package (@fastify/compress `require()`s its own dependencies at
 *   run time) must name a package it declares (dependencies, optionalDependencies, peerDependencies);
 * - and the package must be in the production closure of apps/server: its dependencies,
 *   optionalDependencies and non-optional peers, and theirs, as installed beside `serverDir`
 *   (optional peers are not installed by npm, so drizzle-orm's `mysql2` would be refused).
 * Node's built-in modules always pass. Run on the repository it checks the manifests; run on a
 * production tree (scripts/prod-smoke.mjs) it checks what is installed there.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';

/** 'pkg' of 'pkg/sub/path', '@scope/pkg' of '@scope/pkg/sub'. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package.json of `dir`, parsed; null when there is none. */
function defaultReadManifest(dir) {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Node's lookup of package `name` from `fromDir`: the first node_modules/<name> upwards (its real path), or null. */
function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The folder of the package a bundled file belongs to: the last node_modules/<name> in its path,
 * else the nearest folder upwards whose package.json has a name (apps/server, packages/shared).
 */
function ownerDir(file, readManifest) {
  const marker = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(marker);
  if (at >= 0) {
    const rest = file.slice(at + marker.length).split(sep);
    const name = rest[0].startsWith('@') ? rest.slice(0, 2).join(sep) : rest[0];
    return file.slice(0, at + marker.length) + name;
  }
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (readManifest(dir)?.name) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The folders (real paths) of what a production install of the package in `rootDir` holds: its
 * dependencies, optionalDependencies and non-optional peerDependencies, transitively (a package
 * not installed is left out: its imports are reported as not installed).
 */
function productionClosure(rootDir, readManifest) {
  const shipped = new Set([realpathSync(rootDir)]);
  const queue = [realpathSync(rootDir)];
  while (queue.length > 0) {
    const dir = queue.shift();
    const manifest = readManifest(dir) ?? {};
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ];
    for (const name of wanted) {
      const found = findPackageDir(name, dir);
      if (!found || shipped.has(found)) continue;
      shipped.add(found);
      queue.push(found);
    }
  }
  return shipped;
}

/**
 * The external imports of `metafile` (esbuild's, paths relative to `serverDir`, the build's
 * absWorkingDir) that a production install of the package in `serverDir` does not satisfy, one
 * entry per package and importing package: `{ package, importedBy, files, reason }` (`files`: the
 * bundled files that import it, relative to `serverDir`). Empty when all is well.
 * `readManifest(dir)` reads dir/package.json (tests pass their own to try a changed manifest).
 */
export function unshippedImports(metafile, { serverDir, readManifest = defaultReadManifest }) {
  const server = resolve(serverDir);
  const shipped = productionClosure(server, readManifest);
  const problems = new Map();
  const report = (pkg, owner, file, reason) => {
    const key = `${pkg}\u0000${owner}`;
    const entry = problems.get(key) ?? { package: pkg, importedBy: owner, files: [], reason };
    if (!entry.files.includes(file)) entry.files.push(file);
    problems.set(key, entry);
  };
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const pkg = packageName(imported.path);
      const owner = ownerDir(resolve(server, file), readManifest);
      const manifest = owner ? readManifest(owner) : null;
      const ownerName = manifest?.name ?? owner ?? file;
      const isServer = owner !== null && resolve(owner) === server;
      const declared = {
        ...manifest?.dependencies,
        ...manifest?.optionalDependencies,
        ...(isServer ? {} : manifest?.peerDependencies),
      };
      if (!(pkg in declared)) {
        const dev = pkg in (manifest?.devDependencies ?? {});
        report(
          pkg,
          ownerName,
          file,
          dev
            ? `a devDependency of ${ownerName}: move it to "dependencies"`
            : `not in the "dependencies" of ${ownerName}`,
        );
        continue;
      }
      const found = findPackageDir(pkg, owner);
      if (!found || !shipped.has(found)) {
        report(
          pkg,
          ownerName,
          file,
          found
            ? `declared by ${ownerName}, but a production install of ${readManifest(server)?.name} does not install it (an optional peer, or reached only through devDependencies)`
            : 'not installed',
        );
      }
    }
  }
  return [...problems.values()];
}

/** The problems of `unshippedImports` as lines for a person, one per package. */
export function describeUnshipped(problems) {
  return problems.map(
    (p) => `${p.package}, imported by ${p.importedBy} (${p.files.join(', ')}): ${p.reason}`,
  );
}
