import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, parseSync } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { SCREEN_HEADINGS } from './src/routes/headings';

/** Matches a package folder under node_modules (POSIX or Windows separators). */
const pkg = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/** Libraries of one feature (validation, dates, PDF, uploads): they stay out of the ui-kit chunk. */
const FEATURE_LIBS = pkg('zod|pdfjs-dist|decimal\\.js|dayjs|@mantine[\\/]dates|@mantine[\\/]dropzone');

/**
 * What a signed-in user's first load renders: the screens a user lands on (the home routes of
 * features/session/guards.tsx, RoleRedirect), whose first load has a budget
 * (e2e/support/route-budgets.ts, decision 0064), and what every signed-in screen loads right after
 * its first render, the navigation bar and the live updates (ui/AppLayout.tsx), as one.
 */
const LANDING_MODULES: Record<string, string[]> = {
  'order-list': ['./src/routes/order-list/index.tsx'],
  'product-list': ['./src/routes/product-list/index.tsx'],
  navbar: ['./src/ui/NavBar.tsx', './src/features/live/LiveUpdates.tsx'],
};
const landingModules = (name: string) =>
  LANDING_MODULES[name].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** A library's barrel module (BARRELS). */
const BARREL_FILE =
  /node_modules[\\/](@mantine[\\/][^\\/]+[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$/;

type ModuleGraph = (
  id: string,
) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;

/** A screen's module (routes/screens.ts loads each lazily). */
const SCREEN_MODULE = /[\\/]src[\\/]routes[\\/][^\\/]+[\\/]index\.tsx$/;

/** The chunk of what the landing modules of `set` (names) import and the others do not. */
const landingChunkName = (set: readonly string[]) =>
  set.length === Object.keys(LANDING_MODULES).length ? 'ui-first' : `ui-${[...set].sort().join('-')}`;

/** Every non-empty set of LANDING_MODULES' names, the larger first. */
const LANDING_SETS: string[][] = Object.keys(LANDING_MODULES)
  .reduce<string[][]>((sets, name) => sets.concat(sets.map((set) => [...set, name])), [[]])
  .filter((set) => set.length > 0)
  .sort((a, b) => b.length - a.length);

/** A module of a library the component-library chunks take (not one of FEATURE_LIBS). */
const libraryModule = (id: string) => /node_modules[\\/]/.test(id) && !FEATURE_LIBS.test(id);

/** A module the landing chunks take: a library's (libraryModule) or the web app's own (decision 0077). */
const landingChunkModule = (id: string) => libraryModule(id) || /[\\/]apps[\\/]web[\\/]src[\\/]/.test(id);

/**
 * The chunk of the component library a module goes to, by which of LANDING_MODULES import it
 * statically, directly or not: 'ui-first' for all of them, else 'ui-' and their names
 * ('ui-order-list', 'ui-navbar-product-list'…), none for none of them. So a list's first load
 * downloads what the list and the navigation bar use and nothing only another screen uses.
 * Then 'ui-later' for what they load right after their first paint (their dynamic imports other
 * than screens: the filters' selects and date inputs, the downloads), which would otherwise go to
 * 'ui-kit' and bring all of it. Computed once per chunking pass, from its module graph.
 */
function landingChunks(): (getModuleInfo: ModuleGraph) => Map<string, string> {
  let pass: unknown = null;
  let chunks = new Map<string, string>();
  return (getModuleInfo) => {
    // The pass's module records are reused within it (rolldown's ChunkingContext): one stands for the pass.
    const marker = getModuleInfo(landingModules('order-list')[0]);
    if (marker === pass) return chunks;
    pass = marker;
    const reachedBy = new Map<string, string[]>();
    const names = Object.keys(LANDING_MODULES);
    for (const route of names) {
      const walk = (id: string) => {
        const screens = reachedBy.get(id) ?? [];
        if (screens.includes(route)) return;
        reachedBy.set(id, [...screens, route]);
        // A barrel imports every module of its library: the imports that matter name the modules
        // themselves (importsPerModule).
        if (BARREL_FILE.test(id)) return;
        for (const imported of getModuleInfo(id)?.importedIds ?? []) walk(imported);
      };
      for (const id of landingModules(route)) walk(id);
    }
    chunks = new Map([...reachedBy].map(([id, by]) => [id, landingChunkName(by)]));
    const later = (id: string, root: boolean) => {
      if (chunks.has(id)) return;
      chunks.set(id, 'ui-later');
      // A barrel imported dynamically (a feature library's, such as @mantine/dates) is walked:
      // which of its names the screen uses is not in the graph.
      if (!root && BARREL_FILE.test(id)) return;
      for (const imported of getModuleInfo(id)?.importedIds ?? []) later(imported, false);
    };
    for (const id of reachedBy.keys())
      for (const imported of getModuleInfo(id)?.dynamicallyImportedIds ?? [])
        if (!SCREEN_MODULE.test(imported)) later(imported, true);
    return chunks;
  };
}

/** The libraries whose barrel (index) the app's modules import from, rewritten by importsPerModule. */
const BARRELS = ['@mantine/core', '@mantine/hooks', '@mantine/form', '@tabler/icons-react'];

/**
 * The app's imports from a library's barrel go to the library's own module of each name
 * (decision 0064): `import { Card, Group } from '@mantine/core'` becomes one import from Card.mjs
 * and one from Group.mjs. What ships is the same (the barrels are free of side effects and
 * tree-shaken), but the module graph then says which screen uses which component, which is what
 * splits the component library by screen (LANDING_MODULES, landingChunks): through the
 * barrel every screen seemed to import every component the app uses. A name a barrel does not
 * re-export from a module of its own stays on the barrel import.
 */
function importsPerModule(): Plugin {
  /** Barrel file → exported name → the module (absolute path) and its name there. */
  const maps = new Map<string, Map<string, { file: string; name: string }>>();
  const mapOf = (esm: string) => {
    let map = maps.get(esm);
    if (map) return map;
    map = new Map();
    maps.set(esm, map);
    const local = new Map<string, { file: string; name: string }>();
    const at = (source: string) =>
      source.startsWith('.') ? fileURLToPath(new URL(source, pathToFileURL(esm))) : null;
    for (const node of parseSync(esm, readFileSync(esm, 'utf8')).program.body) {
      if (node.type === 'ImportDeclaration') {
        const target = at(node.source.value);
        if (!target) continue;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier') {
            const name = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
            local.set(spec.local.name, { file: target, name });
          } else if (spec.type === 'ImportDefaultSpecifier')
            local.set(spec.local.name, { file: target, name: 'default' });
        }
      } else if (node.type === 'ExportNamedDeclaration') {
        const target = node.source ? at(node.source.value) : null;
        for (const spec of node.specifiers) {
          const exported = spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value;
          const inner = spec.local.type === 'Identifier' ? spec.local.name : spec.local.value;
          const origin = node.source
            ? target
              ? { file: target, name: inner }
              : undefined
            : local.get(inner);
          if (origin) map.set(exported, origin);
        }
      }
    }
    return map;
  };
  // The app's modules, and Mantine's (core imports @mantine/hooks; notifications, dates… @mantine/core).
  const importer =
    /[\\/]apps[\\/]web[\\/]src[\\/].*\.[jt]sx?$|node_modules[\\/]@mantine[\\/][^\\/]+[\\/]esm[\\/].*\.mjs$/;
  return {
    name: 'selvedge:imports-per-module',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!importer.test(id) || !BARRELS.some((b) => code.includes(b))) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const node of parseSync(id, code).program.body) {
        if (node.type !== 'ImportDeclaration' || !BARRELS.includes(node.source.value)) continue;
        if (node.specifiers.some((s) => s.type !== 'ImportSpecifier')) continue;
        // The barrel as this build resolves it (its ES module build).
        const barrel = await this.resolve(node.source.value, id);
        if (!barrel || barrel.external) continue;
        const map = mapOf(barrel.id);
        const byFile = new Map<string, string[]>();
        const rest: string[] = [];
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') continue;
          const name = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value;
          const origin = map.get(name);
          const binding = (inner: string) =>
            inner === spec.local.name ? inner : `${inner} as ${spec.local.name}`;
          if (!origin) rest.push(binding(name));
          else byFile.set(origin.file, [...(byFile.get(origin.file) ?? []), binding(origin.name)]);
        }
        const lines = [...byFile].map(
          ([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`,
        );
        if (rest.length)
          lines.push(`import { ${rest.join(', ')} } from ${JSON.stringify(node.source.value)};`);
        edits.push({ start: node.start, end: node.end, text: lines.join('\n') });
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end, text } of edits.reverse())
        out = `${out.slice(0, start)}${text}${out.slice(end)}`;
      return { code: out, map: null };
    },
  };
}

/** The Mantine packages whose stylesheets the app uses. */
const MANTINE_STYLED = ['core', 'dates', 'notifications', 'dropzone'];

/**
 * Mantine's CSS follows Mantine's JS (load on /login only what /login needs). Every
 * Mantine component keeps its class names in a module `<Name>.module.mjs`; this plugin makes that
 * module import the component's own stylesheet (`@mantine/core/styles/<Name>.layer.css`; the
 * smaller packages ship one sheet each). The build then puts each component's CSS in the chunk of
 * the screens that render it, in dependency order (a component after the ones it is built from),
 * instead of the whole library's 276 KB on every first load. The `.layer.css` files put Mantine in
 * `@layer mantine`, so the app's own CSS wins whatever order lazily loaded sheets arrive in.
 *
 * In development Vite pre-bundles Mantine (no per-module transform), so the whole layered sheets
 * are imported by the entry instead.
 */
function mantineCssPerComponent(): Plugin {
  // The module sits in a folder of its component (core, dates) or at the package's top (notifications,
  // dropzone: esm/Notifications.module.mjs), whose sheet the build otherwise left out.
  const classesModule = new RegExp(
    `node_modules[\\\\/]@mantine[\\\\/](${MANTINE_STYLED.join('|')})[\\\\/]esm[\\\\/](?:.*[\\\\/])?([A-Za-z]+)\\.module\\.mjs$`,
  );
  const sheetOf = (pack: string, name: string) =>
    pack === 'core' ? `@mantine/core/styles/${name}.layer.css` : `@mantine/${pack}/styles.layer.css`;
  let serving = false;
  return {
    name: 'selvedge:mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving) {
        if (!/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        const sheets = MANTINE_STYLED.map((pack) => `import '@mantine/${pack}/styles.layer.css';`);
        return { code: `${sheets.join('\n')}\n${code}`, map: null };
      }
      const match = classesModule.exec(id);
      if (!match) return null;
      return { code: `import '${sheetOf(match[1], match[2])}';\n${code}`, map: null };
    },
  };
}

/**
 * The shared zod schemas are data (no validation library before it is used): a module of
 * packages/shared/src/schemas/ only builds schemas, but the bundler cannot know that the zod calls
 * building them have no side effect, so one constant used from such a module kept every schema of it
 * (and zod) in the screen's first load. This marks each top-level initialiser of those modules as
 * pure, wrapped in an immediately called arrow (`/* @__PURE__ *\/ (() => (init))()`): the web build then
 * keeps only the schemas a screen uses. The server, which runs these modules as they are, is unaffected.
 */
function pureSharedSchemas(): Plugin {
  const schemaModule = /packages[\\/]shared[\\/]src[\\/]schemas[\\/][^\\/]+\.ts$/;
  const kept = new Set([
    'Literal',
    'Identifier',
    'ArrowFunctionExpression',
    'FunctionExpression',
    'TemplateLiteral',
  ]);
  return {
    name: 'selvedge:pure-shared-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!schemaModule.test(id)) return null;
      const inits: { start: number; end: number }[] = [];
      for (const statement of parseSync(id, code).program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) if (init && !kept.has(init.type)) inits.push(init);
      }
      let out = code;
      for (const { start, end } of inits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * Mantine's ids without a second render (decision 0021, total blocking time). `useId` of @mantine/hooks
 * renders with an id from React's `useId`, then swaps it for a random one in a layout effect: every
 * labelled input, popover, tooltip and menu of a screen (an order list page has some 40) renders a
 * second time, synchronously, in the task that first shows the screen. React's id is unique in the
 * app's one root and stable for the component's life, which is all the id is for (label and
 * aria references): this keeps it. Left unchanged, with a warning, if a Mantine release changes
 * the hook (check the new one then).
 */
function mantineStableIds(): Plugin {
  const useIdModule = /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
  const randomSwap =
    /useIsomorphicEffect\(\(\) => \{\s*if \(hasInitializedRef\.current\) return;\s*hasInitializedRef\.current = true;\s*setUuid\(randomId\(\)\);\s*\}, \[\]\);/;
  return {
    name: 'selvedge:mantine-stable-ids',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!useIdModule.test(id)) return null;
      if (!randomSwap.test(code)) {
        this.warn('@mantine/hooks use-id changed: its ids are left as Mantine makes them');
        return null;
      }
      return { code: code.replace(randomSwap, ''), map: null };
    },
  };
}

/** Where the app keeps its session (src/features/session/token.ts, TOKEN_KEY). */
const SESSION_TOKEN_KEY = 'access_token';

/**
 * A signed-in first load fetches its screen's code at once (a fast first load on a slow
 * link). Each screen is a lazy route: without help, the browser learns of the screen's chunks only
 * once the entry and React have arrived and run, a second round of downloads after the first. This
 * plugin writes, beside the build, a small script (`assets/preload-<hash>.js`, a module without
 * imports, loaded `async` from index.html so it runs as soon as it arrives, long before the entry)
 * that knows each screen's JS and CSS files and, when a session is in this tab, preloads those of
 * the screen the address names, so they download alongside the entry. Not the navigation bar's:
 * it loads after the screen's first paint (ui/AppLayout.tsx, decision 0073).
 * The router then finds them loaded. It also writes the screen's fixed heading (routes/headings.ts)
 * into the page, so a slow link shows the screen's name before any app code has arrived. A
 * signed-out visit does neither (it goes to /login, which comes with the entry). The script is
 * same-origin, so the server's `script-src 'self'` allows it.
 */
function preloadScreenChunks(): Plugin {
  const screenModule = /[\\/]src[\\/]routes[\\/]([^\\/]+)[\\/]index\.tsx$/;
  return {
    name: 'selvedge:preload-screen-chunks',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        /** A chunk and every chunk it imports statically. */
        const closure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
        const loaded = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c.fileName, loaded);
        /** The files a lazy chunk needs beyond what the entry loaded: JS first, then its CSS. */
        const filesOf = (fileName: string) => {
          const js = [...closure(fileName)].filter((f) => !loaded.has(f));
          const css = js.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [...js, ...new Set(css)].map((f) => `/${f}`);
        };
        const screens: Record<string, string[]> = {};
        for (const c of chunks) {
          if (!c.isDynamicEntry || c.isEntry || !c.facadeModuleId) continue;
          const screen = screenModule.exec(c.facadeModuleId);
          if (screen) screens[`/${screen[1]}`] = filesOf(c.fileName);
        }
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || Object.keys(screens).length === 0) return;
        const source = `// Generated by vite.config.ts (preloadScreenChunks).
const screens = ${JSON.stringify(screens)};
const headings = ${JSON.stringify(SCREEN_HEADINGS)};
let signedIn = false;
try {
  signedIn = Boolean(sessionStorage.getItem(${JSON.stringify(SESSION_TOKEN_KEY)}));
} catch {}
const files = signedIn ? screens[location.pathname] : undefined;
const heading = signedIn ? headings[location.pathname] : undefined;
const main = document.querySelector('main.app-main');
if (heading && main && !main.firstChild) {
  const screen = document.createElement('div');
  screen.className = 'app-screen';
  const title = document.createElement('h2');
  title.className = 'app-screen-heading';
  title.textContent = heading;
  screen.appendChild(title);
  main.appendChild(screen);
}
if (files) {
  for (const href of files) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}
`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/preload-${hash}.js`;
        const tag = `<script type="module" async crossorigin src="/${fileName}"></script>`;
        const text = String(html.source);
        const at = text.indexOf('<script type="module"');
        const page =
          at < 0
            ? text.replace('</head>', `  ${tag}\n  </head>`)
            : `${text.slice(0, at)}${tag}\n    ${text.slice(at)}`;
        // The compression plugin has run by now: this plugin writes its files' siblings itself.
        for (const [name, content] of [
          [fileName, source],
          ['index.html', page],
        ]) {
          for (const sibling of [`${name}.br`, `${name}.gz`]) delete bundle[sibling];
          if (name === 'index.html') html.source = content;
          else this.emitFile({ type: 'asset', fileName: name, source: content });
          if (Buffer.byteLength(content) < 1024) continue;
          const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
          this.emitFile({ type: 'asset', fileName: `${name}.br`, source: br });
          this.emitFile({ type: 'asset', fileName: `${name}.gz`, source: gzipSync(content, { level: 9 }) });
        }
      },
    },
  };
}

/**
 * The first paint waits for no stylesheet (decision 0021 "Second round"): the frame's
 * few rules (src/ui/frame.css) go into index.html as a `<style>`, and the app's stylesheet (Mantine's
 * global sheets and the app's) is linked with `media="print"` so that it downloads without blocking
 * the paint; main.tsx switches it on and renders once it has arrived, so nothing shows unstyled.
 */
function inlineFrameCss(): Plugin {
  const frameCss = new URL('./src/ui/frame.css', import.meta.url);
  const appSheet = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/;
  return {
    name: 'selvedge:inline-frame-css',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const css = readFileSync(frameCss, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .trim();
        let page = html.replace('</head>', `  <style>${css}</style>\n  </head>`);
        if (ctx.bundle) {
          if (!appSheet.test(page)) throw new Error("index.html: the app's stylesheet link was not found");
          page = page.replace(
            appSheet,
            '<link rel="stylesheet" crossorigin href="$1" media="print" fetchpriority="high" data-app-css>',
          );
        }
        return page;
      },
    },
  };
}

/**
 * The build's manifest (`build.manifest`: the chunk graph the route budgets read, decision 0064) is
 * moved beside the build folder (apps/web/.vite/manifest.json for apps/web/dist), out of it: the
 * server serves the build folder as it is, and the manifest names the app's source files.
 */
function manifestBesideBuild(): Plugin {
  let outDir = '';
  return {
    name: 'selvedge:manifest-beside-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      handler() {
        const inside = join(outDir, '.vite');
        if (!existsSync(join(inside, 'manifest.json'))) return;
        const beside = join(outDir, '..', '.vite');
        mkdirSync(beside, { recursive: true });
        copyFileSync(join(inside, 'manifest.json'), join(beside, 'manifest.json'));
        // With the manifest go its compressed copies (the compression plugin made them).
        rmSync(inside, { recursive: true, force: true });
      },
    },
  };
}

/**
 * Vite build of the Selvedge web app. The server serves `apps/web/dist` on port 3000; in development
 * (`npm run dev -w apps/web`) and preview, `/api` is proxied to that server.
 */
export default defineConfig(({ mode }) => {
  /** The API server (apps/server); override with API_TARGET=http://host:port. */
  const apiTarget = loadEnv(mode, process.cwd(), '').API_TARGET || 'http://localhost:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  const landingChunkOf = landingChunks();
  return {
    plugins: [
      react(),
      mantineCssPerComponent(),
      mantineStableIds(),
      importsPerModule(),
      pureSharedSchemas(),
      inlineFrameCss(),
      preloadScreenChunks(),
      manifestBesideBuild(),
      // Brotli and gzip siblings (x.js.br, x.js.gz) of every text file, made once at build time at
      // the highest levels; the server sends them as they are (@fastify/static preCompressed).
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // No source maps in what is served: they would publish the sources.
      sourcemap: false,
      // The chunk graph, which the route budgets are computed over (e2e/tests/route-budgets.spec.ts,
      // decision 0064); moved beside the build by manifestBesideBuild.
      manifest: true,
      // Every browser the portal supports preloads modules natively: no polyfill in the entry.
      modulePreload: { polyfill: false },
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
          // Long-lived vendor chunks of what every screen runs: a new release of the app does not
          // invalidate them. Mantine is not one chunk on purpose: that would put every component of
          // every screen (and, with it, its CSS) on the login screen's first load.
          codeSplitting: {
            groups: [
              { name: 'react', test: pkg('react|react-dom|react-router|scheduler'), priority: 30 },
              { name: 'query', test: pkg('@tanstack'), priority: 30 },
              // What the entry needs, in one file: the modules it shares with the lazy screens were
              // otherwise split into a dozen small files, each one more request on the first load.
              { name: 'shell', tags: ['$initial'], priority: 20 },
              // The component library's parts that several screens use, in one file: split by every
              // combination of screens that uses them, they made some 60 requests per screen, each a
              // round trip on a slow link. Libraries of one feature (validation, dates, PDF) stay apart.
              // What the landing screens (the lists) and the navigation bar import statically first,
              // in files by which of them import it; then the rest, which a list's first load does
              // not download (decision 0064). One group per set of them, the larger sets first. The
              // web app's own modules too (decision 0077): left to the automatic split, the small
              // modules the lists share with other screens each made a file of 1-2 KiB, 12 more
              // requests on a list's first load (6 at a time over HTTP/1.1). A group does not take a
              // module's dependencies: the walk gives each library module its own set already, and an
              // app module's imports of @selvedge/shared go through its barrel, so they would bring
              // every shared module and zod; those stay with the automatic split, which follows what
              // is used.
              ...LANDING_SETS.map((set) => ({
                name: (id: string, ctx: { getModuleInfo: ModuleGraph }) =>
                  landingChunkOf((m) => ctx.getModuleInfo(m)).get(id) === landingChunkName(set)
                    ? landingChunkName(set)
                    : null,
                test: landingChunkModule,
                includeDependenciesRecursively: false,
                minShareCount: 2,
                priority: 10 + set.length,
              })),
              {
                name: (id: string, ctx: { getModuleInfo: ModuleGraph }) =>
                  landingChunkOf((m) => ctx.getModuleInfo(m)).get(id) === 'ui-later' ? 'ui-later' : null,
                test: libraryModule,
                minShareCount: 2,
                priority: 10,
              },
              { name: 'ui-kit', test: libraryModule, minShareCount: 2, priority: 1 },
            ],
          },
        },
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
  };
});
