import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, parseSync } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { SCREEN_HEADINGS } from './src/routes/headings';

/** Matches a package folder under node_modules (POSIX or Windows separators). */
const pkg = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);

/** Libraries of one feature (validation, dates, PDF, uploads): they stay out of the ui-kit chunk. */
const FEATURE_LIBS = pkg('zod|pdfjs-dist|decimal\\.js|dayjs|@mantine[\\/]dates|@mantine[\\/]dropzone');

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
 * the screen the address names (and the navigation bar's), so they download alongside the entry.
 * The router then finds them loaded. It also writes the screen's fixed heading (routes/headings.ts)
 * into the page, so a slow link shows the screen's name before any app code has arrived. A
 * signed-out visit does neither (it goes to /login, which comes with the entry). The script is
 * same-origin, so the server's `script-src 'self'` allows it.
 */
function preloadScreenChunks(): Plugin {
  const screenModule = /[\\/]src[\\/]routes[\\/]([^\\/]+)[\\/]index\.tsx$/;
  const navBarModule = /[\\/]src[\\/]ui[\\/]NavBar\.tsx$/;
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
        let navBar: string[] = [];
        for (const c of chunks) {
          if (!c.isDynamicEntry || c.isEntry || !c.facadeModuleId) continue;
          const screen = screenModule.exec(c.facadeModuleId);
          if (screen) screens[`/${screen[1]}`] = filesOf(c.fileName);
          else if (navBarModule.test(c.facadeModuleId)) navBar = filesOf(c.fileName);
        }
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || Object.keys(screens).length === 0) return;
        const source = `// Generated by vite.config.ts (preloadScreenChunks).
const screens = ${JSON.stringify(screens)};
const navBar = ${JSON.stringify(navBar)};
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
  for (const href of new Set([...navBar, ...files])) {
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
 * Vite build of the Selvedge web app. The server serves `apps/web/dist` on port 3000; in development
 * (`npm run dev -w apps/web`) and preview, `/api` is proxied to that server.
 */
export default defineConfig(({ mode }) => {
  /** The API server (apps/server); override with API_TARGET=http://host:port. */
  const apiTarget = loadEnv(mode, process.cwd(), '').API_TARGET || 'http://localhost:3000';
  const proxy = { '/api': { target: apiTarget, changeOrigin: true } };
  return {
    plugins: [
      react(),
      mantineCssPerComponent(),
      mantineStableIds(),
      pureSharedSchemas(),
      inlineFrameCss(),
      preloadScreenChunks(),
      // Brotli and gzip siblings (x.js.br, x.js.gz) of every text file, made once at build time at
      // the highest levels; the server sends them as they are (@fastify/static preCompressed).
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // No source maps in what is served: they would publish the sources.
      sourcemap: false,
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
              { name: 'react', test: pkg('react|react-dom|react-router|scheduler'), priority: 3 },
              { name: 'query', test: pkg('@tanstack'), priority: 3 },
              // What the entry needs, in one file: the modules it shares with the lazy screens were
              // otherwise split into a dozen small files, each one more request on the first load.
              { name: 'shell', tags: ['$initial'], priority: 2 },
              // The component library's parts that several screens use, in one file: split by every
              // combination of screens that uses them, they made some 60 requests per screen, each a
              // round trip on a slow link. Libraries of one feature (validation, dates, PDF) stay apart.
              {
                name: 'ui-kit',
                test: (id: string) => /node_modules[\\/]/.test(id) && !FEATURE_LIBS.test(id),
                minShareCount: 2,
                priority: 1,
              },
            ],
          },
        },
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
  };
});
