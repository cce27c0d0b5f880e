/**
 * Route size budgets (decision 0064): what each screen's first load must download before
 * it can render, computed from the web build's chunk graph (Vite's manifest, which the build writes
 * beside its folder: apps/web/.vite/manifest.json for apps/web/dist; vite.config.ts).
 *
 * A route's first load is the entry chunk and every chunk it imports statically, plus the screen's
 * lazy chunk (src/routes/<route>/index.tsx) and every chunk that one imports statically; dynamic
 * imports are not followed (they load later, when used). A screen the entry carries itself (the
 * login screen, main.tsx) costs the entry alone. Sizes are each file gzipped at level 9, as the
 * build's .gz siblings are, in KiB. The budget is on the JavaScript; the stylesheets of the same
 * chunks are reported beside it. The navigation bar and the live updates, loaded beside a signed-in
 * screen after its first render (ui/AppLayout.tsx: the brand stands in for the bar; decision 0073),
 * are not counted in that budget; what they add is reported beside it, with a budget of its own
 * for the lists (AFTER_PAINT_BUDGETS_KIB: it once carried every master-data schema along).
 *
 * Runs with no dependency but Node's, so it can be run on its own (Node 24 strips the types):
 * `node e2e/support/route-budgets.ts [dist]` prints the table and exits 1 over a budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/**
 * The budgets, KiB of gzipped JavaScript before the route can render. The product list's is below
 * the issue's 200: its idle screen does without the results table and floating-ui (~22 KiB,
 * decision 0077), and a change that brings them back fails here.
 */
export const ROUTE_BUDGETS_KIB: Readonly<Record<string, number>> = {
  '/login': 150,
  '/order-list': 200,
  '/product-list': 180,
};

/** Budgets of what loads after the first render (bar and live updates), KiB of gzipped JavaScript. */
export const AFTER_PAINT_BUDGETS_KIB: Readonly<Record<string, number>> = {
  '/order-list': 60,
  '/product-list': 60,
};

/** One chunk of Vite's manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A route's first load: its files and their gzipped sizes, in bytes. */
export interface RouteWeight {
  route: string;
  /** Gzipped bytes of the JavaScript files. */
  js: number;
  /** Gzipped bytes of the stylesheets those chunks import. */
  css: number;
  /** Each JavaScript file (dist-relative) and its gzipped bytes, largest first. */
  files: { file: string; gzip: number }[];
  /** Gzipped bytes of the navigation bar's and live updates' JavaScript beyond `files` (signed-in screens; else null). */
  afterPaint: number | null;
}

/** Screens a visitor opens signed out: they load no navigation bar. */
const PUBLIC_ROUTES = new Set(['/login', '/reset-password', '/terms-and-conditions', '/passport']);

/** The modules ui/AppLayout.tsx loads after a signed-in screen's first render. */
const AFTER_PAINT = ['src/ui/NavBar.tsx', 'src/features/live/LiveUpdates.tsx'];

/** The web app's build folder (apps/web/dist). */
export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** The web app's screens: one folder per route under src/routes (routes/screens.ts). */
const ROUTES_DIR = fileURLToPath(new URL('../../apps/web/src/routes', import.meta.url));

/**
 * The first-load weight of every screen of the build in `dist`, in route order.
 * Throws when the build has no manifest (an older build, or none).
 */
export function routeWeights(dist = WEB_DIST): RouteWeight[] {
  const manifestFile = join(dist, '..', '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build the web app first (npm run build -w apps/web)`);
  }
  const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error(`${manifestFile} names no entry chunk`);

  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const bytes = readFileSync(join(dist, file));
      size = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
      sizes.set(file, size);
    }
    return size;
  };
  /** A chunk and every chunk it imports statically (manifest keys). */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const entryLoad = new Set<string>();
  for (const key of entries) closure(key, entryLoad);

  const screens = readdirSync(ROUTES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(ROUTES_DIR, d.name, 'index.tsx')))
    .map((d) => d.name)
    .sort();
  return screens.map((name) => {
    const key = `src/routes/${name}/index.tsx`;
    const keys = new Set(entryLoad);
    if (manifest[key]) closure(key, keys);
    const chunks = [...keys].map((k) => manifest[k]).filter(Boolean);
    const files = chunks.map((c) => ({ file: c.file, gzip: gzipOf(c.file) })).sort((a, b) => b.gzip - a.gzip);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].reduce((sum, f) => sum + gzipOf(f), 0);
    const route = `/${name}`;
    let afterPaint: number | null = null;
    if (!PUBLIC_ROUTES.has(route) && AFTER_PAINT.every((m) => manifest[m])) {
      const later = new Set<string>();
      for (const m of AFTER_PAINT) closure(m, later);
      afterPaint = [...later]
        .filter((k) => !keys.has(k))
        .reduce((sum, k) => sum + gzipOf(manifest[k].file), 0);
    }
    return { route, js: files.reduce((sum, f) => sum + f.gzip, 0), css, files, afterPaint };
  });
}

/** KiB with one decimal. */
export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The routes over their budget, as sentences (empty when every budget holds). */
export function overBudget(weights: RouteWeight[]): string[] {
  const over: string[] = [];
  for (const [route, budget] of Object.entries(ROUTE_BUDGETS_KIB)) {
    const weight = weights.find((w) => w.route === route);
    if (!weight) over.push(`${route}: no such screen in the build`);
    else if (weight.js > budget * 1024) {
      const largest = weight.files
        .slice(0, 6)
        .map((f) => `${f.file} ${kib(f.gzip)}`)
        .join(', ');
      over.push(`${route}: ${kib(weight.js)} KiB of JS gzipped, budget ${budget} KiB (largest: ${largest})`);
    }
  }
  for (const [route, budget] of Object.entries(AFTER_PAINT_BUDGETS_KIB)) {
    const later = weights.find((w) => w.route === route)?.afterPaint;
    if (later === null || later === undefined)
      over.push(`${route}: no navigation bar or live updates in the build`);
    else if (later > budget * 1024)
      over.push(`${route}: ${kib(later)} KiB of JS gzipped after the first render, budget ${budget} KiB`);
  }
  return over;
}

/** The table printed by the test and the command line: every route, its JS and CSS, its budget. */
export function budgetTable(weights: RouteWeight[]): string {
  const rows = weights.map((w) => {
    const budget = ROUTE_BUDGETS_KIB[w.route];
    return [
      w.route,
      kib(w.js),
      kib(w.css),
      String(w.files.length),
      budget === undefined ? '-' : String(budget),
      w.afterPaint === null ? '-' : kib(w.afterPaint),
      String(AFTER_PAINT_BUDGETS_KIB[w.route] ?? '-'),
    ];
  });
  const head = [
    'route',
    'JS KiB gz',
    'CSS KiB gz',
    'JS files',
    'budget KiB',
    '+ bar & live JS',
    'budget KiB',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows]
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '))
    .join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const weights = routeWeights(process.argv[2] ?? WEB_DIST);
  console.log(budgetTable(weights));
  if (process.env.BUDGET_FILES) {
    for (const w of weights)
      console.log(`${w.route}: ${w.files.map((f) => `${f.file} ${kib(f.gzip)}`).join(', ')}`);
  }
  const over = overBudget(weights);
  for (const line of over) console.error(`over budget: ${line}`);
  process.exitCode = over.length > 0 ? 1 : 0;
}
