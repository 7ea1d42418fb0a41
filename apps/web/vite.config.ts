import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { antdStaticStyles } from './antd-static-styles.ts';
import pkg from './package.json' with { type: 'json' };

/** The author centre's version, sent as the `pc-version` header (§7). */
const pcVersion = process.env.PC_VERSION ?? pkg.version;
const apiServer = process.env.API_SERVER ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What the server sends compressed: text the browser runs or shows. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Brotli (quality 11) and gzip (level 9) files beside every compressible file of the build, made once here
 * so the server sends them as they are (`preCompressed` in apps/server/src/app.ts, issue 19): the best
 * compression without costing the server anything per request. Runs after every other plugin has written
 * its files (the service worker included).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'author-centre:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
        const files = entries
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map((e) => join(e.parentPath, e.name));
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              }),
              gzipAsync(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/**
 * Some antd components import, for one case the author pages never or rarely meet, a large component they would
 * otherwise bring to every page that uses them (issue 19):
 * - Pagination imports Select for its page-size changer, shown only with `showSizeChanger` (or over 50 rows);
 *   every list, table and paged view of the author pages hides it. Select and its virtual list are ~26 KB brotli.
 * - Table's filter dropdown imports Tree for `filterMode: 'tree'` filters, which no page uses.
 * - The colour picker's presets import Collapse; the module is in every page's antd (button and tag styles use
 *   its `isBright`), while the presets show only in the console's colour pickers (~3 KB brotli).
 * Each such import is answered with a component that loads the real one when it first renders (React.lazy, no
 * fallback), so it downloads only where it shows. The build fails if antd no longer imports them this way.
 */
const LAZY_ANTD_PARTS = [
  { importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, source: '../select', target: 'antd/es/select' },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    target: 'antd/es/tree',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/,
    source: '../../collapse',
    target: 'antd/es/collapse',
  },
  // Card imports Tabs (~10 KB brotli, and the dropdown code of its overflow menu, ~8 KB) for `tabList`, a card
  // with tabs in its head, which no author page shows; every page with a card brought them.
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', target: 'antd/es/tabs' },
  // Result draws its 404, 500 and 403 pictures (~7 KB brotli of SVG) only for those statuses; every logged-in
  // page has Result (the pop-ups' dialogs), few show one of them.
  ...['noFound', 'serverError', 'unauthorized'].map((name) => ({
    importer: /[\\/]antd[\\/]es[\\/]result[\\/]index\.js$/,
    source: `./${name}`,
    target: `antd/es/result/${name}`,
  })),
];
const LAZY_PART = '\0author-centre:lazy-antd-part:';
/** Whether a module is one that LAZY_ANTD_PARTS loads lazily (such a module must stay out of antd-core). */
const isLazyAntdPart = (id: string) =>
  LAZY_ANTD_PARTS.some(({ target }) => {
    const path = id.replaceAll('\\', '/');
    return path.endsWith(`/node_modules/${target}.js`) || path.endsWith(`/node_modules/${target}/index.js`);
  });

function lazyAntdParts(): Plugin {
  const seen = new Set<number>();
  return {
    name: 'author-centre:lazy-antd-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const index = LAZY_ANTD_PARTS.findIndex((part) => part.source === source && part.importer.test(importer));
      if (index < 0) return null;
      seen.add(index);
      return `${LAZY_PART}${index}`;
    },
    load(id) {
      if (!id.startsWith(LAZY_PART)) return null;
      const { target } = LAZY_ANTD_PARTS[Number(id.slice(LAZY_PART.length))];
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Part = lazy(() => import(${JSON.stringify(target)}));`,
        'export default function LazyPart(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Part, props));',
        '}',
      ].join('\n');
    },
    buildEnd(error) {
      if (error) return;
      const missing = LAZY_ANTD_PARTS.filter((_, i) => !seen.has(i)).map((p) => `${p.source} in ${p.importer}`);
      if (missing.length) this.error(`antd no longer imports ${missing.join(', ')}: update LAZY_ANTD_PARTS`);
    },
  };
}

/**
 * Packages without a `sideEffects` field whose modules have none: imported through their index, they would come
 * whole. antd's table imports four helpers of @rc-component/tree from its index for row selection, which
 * brought the tree component (~10 KB brotli) to every page with a table; antd's tooltip and button styles import
 * colour helpers of @rc-component/color-picker from its index, which brought the picker to every page (issue 19).
 */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]@rc-component[\\/](tree|color-picker)[\\/]/;

function sideEffectFree(): Plugin {
  return {
    name: 'author-centre:side-effect-free',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const named = source.startsWith('@rc-component/tree') || source.startsWith('@rc-component/color-picker');
      if (!named && !(importer && SIDE_EFFECT_FREE.test(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !SIDE_EFFECT_FREE.test(resolved.id)) return resolved;
      return { ...resolved, moduleSideEffects: false };
    },
  };
}

/** Loaded by every page (see codeSplitting below). */
const VENDOR =
  /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next|@tanstack|clsx)[\\/]|node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/](components[\\/](AntdIconLight|IconBase|Context)|renderUtils|cssUtils)\.js$/;
/**
 * The antd components of what every logged-in page shows besides the page: the header's badges (the account
 * menu's dropdown and menu download when it is first pointed at: features/auth/HeaderAccount.tsx), the pop-ups' dialogs (modal, form, input, alert, result), the assistant's launcher
 * and guides (button, tooltip, tag, space, grid, empty), skeletons and spinners while a page loads; with the
 * base every component builds on (config-provider, theme, style, locale, _util). Their rc-components, CSS-in-JS
 * and colour helpers come with them (the group includes its modules' dependencies).
 */
const ANTD_SHELL =
  /node_modules[\\/]antd[\\/]es[\\/](config-provider|theme|style|locale|_util|button|badge|modal|form|input|alert|result|spin|skeleton|space|tooltip|tag|empty|grid)[\\/]|node_modules[\\/]dayjs[\\/]/;
/** The icons antd's own modules import (read from node_modules/antd/es). */
const ANTD_ICONS = new Set(
  (await readdir(fileURLToPath(new URL('../../node_modules/antd/es', import.meta.url)), { recursive: true }))
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) =>
      [
        ...readFileSync(fileURLToPath(new URL(`../../node_modules/antd/es/${f}`, import.meta.url)), 'utf8').matchAll(
          /@ant-design\/icons\/es\/icons\/(\w+)/g,
        ),
      ].map((m) => m[1]),
    ),
);

export default defineConfig({
  plugins: [
    lazyAntdParts(),
    sideEffectFree(),
    antdStaticStyles(),
    react(),
    // The app shell through a service worker (sw/sw.ts, Workbox), so the editor opens without the network
    // and reopens a chapter from its journal (issue 18). 'prompt': a new version waits until the author
    // chooses to reload (app/AppUpdate.tsx) and is never applied in the middle of typing. Registered
    // by AppUpdate once someone is logged in, so the login page downloads nothing of it. The list of the
    // build's files is written into it; it keeps those the pages load, not all of them.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  define: {
    __PC_VERSION__: JSON.stringify(pcVersion),
  },
  server: {
    // Brands answer on <brief>.localhost; the proxy keeps the Host header so the server can tell them apart.
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/uploads': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: each chunk's static and dynamic imports, read by bench/web-bundle.ts to
    // measure what a route loads.
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // Measured with `npm run bench web` (docs/performance.md, issue 19). Three groups; the rest is split by
        // rolldown's default chunking, so a page loads the components it uses:
        // - vendor: what every page, the login page included, loads — React, the router, i18next, Query, the
        //   request signing hashes and the base of the light icons. Long cached.
        // - antd-icons: the icons antd's own modules import (ANTD_ICONS), which the layout and the login page use
        //   too. In the default chunking or inside antd-core they made the login page import antd-core (all of
        //   antd in one chunk, tried before, did exactly that).
        // - antd-core: the antd components of the logged-in shell (ANTD_SHELL: the header's badges, the pop-ups'
        //   dialogs, loading states) with everything they are built on, and dayjs (AntdScope sets its locale):
        //   one chunk every logged-in page loads, never the login page. Everything else of antd (tables, selects,
        //   pickers, tabs, typography…) is left to rolldown's default chunking and comes only with the pages that
        //   use it. Before (27 Nov 2026) this group was "what ≥ 60 lazily loaded modules use" (ANTD_CORE_SHARE):
        //   that put table, tree, select and pagination (~55 KB brotli) in every page, while the header's
        //   dropdown and menu, used by one lazy island loaded on every page, fell outside it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              priority: 100,
              // With Vite's preload helper, which every lazy import calls: left to the default chunking, it went
              // into antd-core with the lazy parts of antd that use it, and the login page imported antd-core.
              test: (id: string) => VENDOR.test(id) || id.endsWith('vite/preload-helper.js'),
            },
            {
              // The icons antd itself uses (its close, loading, arrow, eye... icons), which the layout and the
              // login page use too: one small chunk, so that neither pulls antd-core in through an icon.
              name: 'antd-icons',
              priority: 50,
              test: (id: string) =>
                ANTD_ICONS.has(/[\\/]icons[\\/]es[\\/]icons[\\/]([^\\/]+)\.js$/.exec(id)?.[1] ?? ''),
            },
            {
              name: 'antd-core',
              priority: 10,
              test: (id: string) => ANTD_SHELL.test(id) && !isLazyAntdPart(id),
            },
          ],
        },
      },
    },
  },
});
