import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's `dist/.vite/manifest.json` (build.manifest: true in apps/web/vite.config.ts). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The modules the login route lazily loads before it can be used, as keys of the manifest (paths
 * relative to apps/web). The router's `lazy` loads the page module; what that page imports
 * statically comes with it. Anything else loaded on this route (pop-ups, dialogs, the assistant)
 * must wait for a condition that a visitor on the login page does not meet.
 */
export const LOGIN_ROUTE_MODULES = ['src/features/auth/LoginPage.tsx'];

export interface RouteJs {
  /** Sum of each file's gzip size (level 9), in bytes. */
  bytes: number;
  /** The files counted, as paths under distDir (e.g. `assets/index-abc.js`), each once. */
  files: string[];
}

/**
 * The gzip-compressed JavaScript a cold visit to `/front/register-login/login` downloads before the
 * page is usable: index.html's module script and modulepreloads, every chunk they import statically,
 * and the login page's lazy chunk with its static imports. Dynamic imports other than the page's are
 * not followed (they load only when their condition holds). `distDir` is a build of apps/web.
 */
export function loginRouteJsGzipBytes(distDir: string, routeModules: string[] = LOGIN_ROUTE_MODULES): RouteJs {
  return routeJsGzipBytes(distDir, routeModules);
}

/** As loginRouteJsGzipBytes, for any route's lazily loaded modules (manifest keys). */
export function routeJsGzipBytes(distDir: string, routeModules: string[]): RouteJs {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');

  const start: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!(isModuleScript || isPreload) || !url) continue;
    const file = url.replace(/^\//, '');
    const key = byFile.get(file);
    if (!key) throw new Error(`index.html loads ${file}, which the manifest does not list`);
    start.push(key);
  }
  if (!start.some((key) => manifest[key].isEntry)) throw new Error('index.html has no module script of the entry');
  for (const key of routeModules) {
    if (!manifest[key]) throw new Error(`the manifest has no chunk for ${key}`);
    start.push(key);
  }

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  start.forEach(visit);

  const files = [...new Set([...seen].map((key) => manifest[key].file))].filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length, 0);
  return { bytes, files };
}

/**
 * The chunks of a build that import each other in a cycle (each cycle as the chain of its files, the first
 * file repeated at the end), from the manifest's static imports. A cycle between chunks can run a chunk's
 * top-level code before what it uses from the other is initialised; the manual chunk groups of
 * apps/web/vite.config.ts must not make one.
 */
export function chunkCycles(distDir: string): string[][] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (key: string) => {
    state.set(key, 'open');
    stack.push(key);
    for (const next of manifest[key]?.imports ?? []) {
      if (state.get(next) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((k) => manifest[k]?.file ?? k));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key);
  return cycles;
}
