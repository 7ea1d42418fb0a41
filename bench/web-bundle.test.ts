import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkCycles, loginRouteJsGzipBytes } from './web-bundle.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small build: files by name, index.html loading `entry`, and the manifest. */
function fakeDist(files: Record<string, string>, manifest: object, html: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-bundle-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'index.html'), html);
  return dist;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('loginRouteJsGzipBytes', () => {
  const files = {
    'assets/index.js': 'import "./vendor.js"; console.log("entry")',
    'assets/vendor.js': 'export const react = 1;',
    'assets/preloaded.js': 'export const p = 1;',
    'assets/LoginPage.js': 'import "./shared.js"; export default 1;',
    'assets/shared.js': 'export const s = 2;',
    'assets/Dialog.js': 'export const dialog = "not on the first visit";',
    'assets/ConsoleApp.js': 'export const console = "never";',
    'assets/index.css': 'body{}',
  };
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/features/auth/LoginPage.tsx', 'src/console/ConsoleApp.tsx'],
      css: ['assets/index.css'],
    },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_preloaded.js': { file: 'assets/preloaded.js' },
    '_shared.js': { file: 'assets/shared.js' },
    'src/features/auth/LoginPage.tsx': {
      file: 'assets/LoginPage.js',
      isDynamicEntry: true,
      imports: ['_shared.js', '_vendor.js'],
      dynamicImports: ['src/Dialog.tsx'],
    },
    'src/Dialog.tsx': { file: 'assets/Dialog.js', isDynamicEntry: true },
    'src/console/ConsoleApp.tsx': { file: 'assets/ConsoleApp.js', isDynamicEntry: true },
  };
  const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/preloaded.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head><body></body></html>`;

  it("counts the entry, its static imports and modulepreloads, and the login page's chunk with its imports", () => {
    const dist = fakeDist(files, manifest, html);
    const { bytes, files: counted } = loginRouteJsGzipBytes(dist);
    const expected = [
      'assets/index.js',
      'assets/vendor.js',
      'assets/preloaded.js',
      'assets/LoginPage.js',
      'assets/shared.js',
    ];
    expect([...counted].sort()).toEqual([...expected].sort());
    expect(bytes).toBe(expected.reduce((sum, f) => sum + gz(files[f as keyof typeof files]), 0));
  });

  it('says so when index.html loads a file the manifest does not know', () => {
    const dist = fakeDist(files, manifest, html.replace('/assets/preloaded.js', '/assets/unknown.js'));
    expect(() => loginRouteJsGzipBytes(dist)).toThrow(/unknown\.js/);
  });

  it('says so when the login page is not in the build', () => {
    const dist = fakeDist(files, manifest, html);
    expect(() => loginRouteJsGzipBytes(dist, ['src/features/auth/Gone.tsx'])).toThrow(/Gone\.tsx/);
  });
});

describe('chunkCycles', () => {
  const html = '<script type="module" src="/assets/index.js"></script>';
  it('finds none in a build whose chunks import each other one way', () => {
    const dist = fakeDist(
      {},
      {
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js', '_b.js'] },
        '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
        '_b.js': { file: 'assets/b.js' },
      },
      html,
    );
    expect(chunkCycles(dist)).toEqual([]);
  });

  it('names the files of a cycle', () => {
    const dist = fakeDist(
      {},
      {
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_core.js'] },
        '_core.js': { file: 'assets/antd-core.js', imports: ['_dropdown.js'] },
        '_dropdown.js': { file: 'assets/dropdown.js', imports: ['_core.js'] },
      },
      html,
    );
    expect(chunkCycles(dist)).toEqual([['assets/antd-core.js', 'assets/dropdown.js', 'assets/antd-core.js']]);
  });
});
