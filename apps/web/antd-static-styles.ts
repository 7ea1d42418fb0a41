import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, parseAst } from 'vite';
import { ANTD_SCOPE } from './src/app/theme.ts';

/**
 * antd's styles as static CSS, made at build time (issue 19): antd's CSS-in-JS generated every component's
 * styles in the browser on its first render (~180 ms of the chapter list's blocking time). With
 * `theme.zeroRuntime` (app/theme.ts) antd generates none; this plugin gives each antd module that defines a
 * style hook (`genStyleHooks`, `genSubStyleComponent`, `genComponentStyleHook`) an import of a CSS module with
 * those styles, so the styles go into the CSS file of the chunk that has the component, and Vite's preload
 * helper fetches that stylesheet with the chunk. The login page and public pages load no antd, so no antd CSS.
 *
 * The CSS is theme-independent: antd 6 writes its styles against CSS variables (`--ant-color-primary`…), and
 * the variables themselves (the brand's tokens, and what antd derives from them: hover, active, component
 * tokens) are still computed and set by antd at run time under the theme's `cssVar.key` class (ANTD_SCOPE).
 * The styles are extracted by rendering every antd component once in Node (as @ant-design/static-style-extract
 * does) with `hashed: false`. The global link rules antd adds (`a{…}`, its "Shared" styles, hash-scoped at run
 * time) are scoped here to antd's own elements (`a:where(.ANTD_SCOPE)`), as they were. Not in a cascade
 * layer: an unlayered rule of the app's would then win over every antd rule, more specific ones included
 * (global.css's `a{color}` turned the console's menu links orange); as before, specificity decides.
 */

const require = createRequire(import.meta.url);
const ANTD_ES = join(fileURLToPath(new URL('../../node_modules/antd/es', import.meta.url)));
const VIRTUAL = 'virtual:antd-style/';
const SHARED = 'Shared';
/** The module every style hook is built from: the place of the styles every component shares. */
const SHARED_MODULE = 'theme/util/genStyleUtils.js';
const HOOK_CALL = /\b(genStyleHooks|genSubStyleComponent|genComponentStyleHook)\(\s*(\[[^\]]*\]|'[^']*')/g;

/** The style entries' names (antd's `concatComponent`: ['Button', 'compact'] → 'Button-compact', 'Tag' → 'Tag-Tag') each antd/es module defines. */
function hookNamesByModule(): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  for (const file of readdirSync(ANTD_ES, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const source = readFileSync(join(ANTD_ES, file), 'utf8');
    const names = [...source.matchAll(HOOK_CALL)].map(([, , arg]) => {
      const cells = [...arg.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      return (cells.length === 1 && !arg.startsWith('[') ? [cells[0], cells[0]] : cells).join('-');
    });
    if (names.length) byModule.set(file.replaceAll('\\', '/'), names);
  }
  const shared = byModule.get(SHARED_MODULE) ?? [];
  byModule.set(SHARED_MODULE, [...shared, SHARED]);
  return byModule;
}

const STYLE_HOOKS = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

/**
 * The module with each style hook's style function (its second argument) replaced by one that makes nothing:
 * with `zeroRuntime` antd never calls it, and without it the functions that build the styles, and what only
 * they import, drop out of the bundle. The component tokens (the third argument) stay: antd still sets them as
 * CSS variables at run time.
 */
function withoutStyleFunctions(code: string): string {
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as {
      type?: string;
      callee?: { type: string; name: string };
      arguments?: { start: number; end: number }[];
    };
    if (
      n.type === 'CallExpression' &&
      n.callee?.type === 'Identifier' &&
      STYLE_HOOKS.has(n.callee.name) &&
      n.arguments &&
      n.arguments.length > 1
    ) {
      cuts.push({ start: n.arguments[1].start, end: n.arguments[1].end });
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  let out = code;
  for (const { start, end } of cuts.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  }
  return out;
}

interface Entry {
  order: number;
  css: string;
}

/** Every antd component rendered once in Node, its styles read from the CSS-in-JS cache, by entry name. */
function extractStyles(): Map<string, Entry[]> {
  const React = require('react') as typeof import('react');
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const cssinjs = require('@ant-design/cssinjs');
  const { extract } = require('@ant-design/cssinjs/lib/hooks/useStyleRegister');
  const antd = require('antd/lib');
  const h = React.createElement;
  const Fragment = React.Fragment;
  // What a component renders only with some props (from @ant-design/static-style-extract, plus the sub-styles
  // of tags with a colour or a status, the bordered pager and a form item outside a form).
  const custom: Record<string, (C: any) => unknown> = {
    Affix: (C) => h(C, null, h('div')),
    BackTop: (C) => h(Fragment, null, h(C), h(antd.FloatButton.BackTop)),
    Cascader: (C) => h(Fragment, null, h(C), h(C.Panel)),
    Dropdown: (C) => h(C, { menu: { items: [] } }, h('div')),
    Menu: (C) => h(C, { items: [] }),
    QRCode: (C) => h(C, { value: 'x' }),
    Tree: (C) => h(C, { treeData: [] }),
    Tag: (C) => h(Fragment, null, h(C, { color: 'blue' }, 'x'), h(C, { color: 'success' }, 'x')),
    Badge: (C) => h(Fragment, null, h(C), h(C.Ribbon)),
    Space: (C) => h(Fragment, null, h(C), h(C.Compact, null, h(antd.Button), h(C.Addon, null, '1'))),
    Input: (C) => h(Fragment, null, h(C), h(C.Search), h(C.TextArea), h(C.Password), h(C.OTP)),
    // The real modal first: its style entry's root class (the common font and box-sizing rules) is the one
    // the first registration gives, and the panel uses another.
    Modal: (C) =>
      h(
        Fragment,
        null,
        h(C),
        h(C._InternalPanelDoNotUseOrYouWillBeFired),
        h(C._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' }),
      ),
    message: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
    notification: (C) => h(C._InternalPanelDoNotUseOrYouWillBeFired),
    Layout: (C) => h(C, null, h(C.Header), h(C.Sider), h(C.Content), h(C.Footer)),
    Form: (C) =>
      h(Fragment, null, h(C, null, h(C.Item, { help: 'x', validateStatus: 'error' }, h('input'))), h(C.Item)),
  };
  const names = Object.keys(antd).filter(
    (n) =>
      (n[0] === n[0].toUpperCase() && !['ConfigProvider', 'Grid'].includes(n)) ||
      ['message', 'notification'].includes(n),
  );
  const all = names.map((n) =>
    antd[n] ? h(Fragment, { key: n }, (custom[n]?.(antd[n]) ?? h(antd[n])) as never) : null,
  );
  const render = (theme: object, children: unknown) => {
    const cache = cssinjs.createCache();
    const tree = h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, children as never));
    const error = console.error;
    const warn = console.warn;
    console.error = console.warn = () => {}; // antd's deprecation warnings for List and the like
    try {
      renderToString(tree);
    } finally {
      console.error = error;
      console.warn = warn;
    }
    const entries = new Map<string, Entry[]>();
    for (const key of cache.cache.keys() as Iterable<string>) {
      // style%<layer>%<entry>%<prefixCls>%<iconPrefixCls>
      if (!key.startsWith('style%')) continue;
      const name = key.split('%')[2];
      const extracted = extract(cache.cache.get(key)[1], {}, { plain: true });
      if (!extracted?.[2]) continue;
      entries.set(name, [...(entries.get(name) ?? []), { order: extracted[0], css: extracted[2] }]);
    }
    return entries;
  };
  const styles = render({ hashed: false }, all);
  // The pager's bordered look, only with the `wireframe` token (which the app does not set).
  const bordered = render({ hashed: false, token: { wireframe: true } }, h(antd.Pagination, { total: 100 }));
  for (const name of ['Pagination-bordered']) styles.set(name, bordered.get(name) ?? []);
  // The shared rules as antd scopes them at run time (`a:where(.css-<hash>)`), scoped to ANTD_SCOPE instead.
  const shared = render({ hashed: true }, all).get(SHARED) ?? [];
  const hash = /:where\(\.(css-[\w-]+)\)/.exec(shared[0]?.css ?? '')?.[1];
  if (!hash) throw new Error('antd-static-styles: the shared styles carry no hash class');
  styles.set(
    SHARED,
    shared.map((e) => ({ ...e, css: e.css.replaceAll(`.${hash}`, `.${ANTD_SCOPE}`) })),
  );
  return styles;
}

export function antdStaticStyles(): Plugin {
  let byModule: Map<string, string[]> | undefined;
  let styles: Map<string, Entry[]> | undefined;
  const load = () => {
    byModule ??= hookNamesByModule();
    styles ??= extractStyles();
    return { byModule, styles };
  };
  return {
    name: 'author-centre:antd-static-styles',
    // The dev server serves antd pre-bundled, past this plugin: there antd makes its styles at run time
    // (`zeroRuntime` is on only in a build, app/theme.ts).
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      const at = path.lastIndexOf('/node_modules/antd/es/');
      if (at < 0) return null;
      const file = path.slice(at + '/node_modules/antd/es/'.length).split('?')[0];
      if (!load().byModule.has(file)) return null;
      const css = JSON.stringify(`${VIRTUAL}${file.replace(/\.js$/, '.css')}`);
      return { code: `${withoutStyleFunctions(code)}\nimport ${css};\n`, map: null };
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const file = id.slice(VIRTUAL.length + 1).replace(/\.css$/, '.js');
      const { byModule, styles } = load();
      const entries = (byModule.get(file) ?? []).flatMap((name) => {
        const found = styles.get(name);
        if (!found) this.error(`antd-static-styles: no styles extracted for ${name} (antd/es/${file})`);
        return found;
      });
      const css = entries
        .sort((a, b) => a.order - b.order)
        .map((e) => e.css)
        .join('');
      return css;
    },
  };
}
