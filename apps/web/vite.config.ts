import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

export default defineConfig({
  plugins: [
    react(),
    // The app shell through a service worker (Workbox), so the editor opens without the network and
    // reopens a chapter from its journal (issue 18). 'prompt': a new version waits until the author
    // chooses to reload (app/AppUpdate.tsx) and is never applied in the middle of typing. Registered
    // by AppUpdate once someone is logged in, so the login page downloads nothing of it.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Every page path is the app; the server's own paths are never answered from the cache.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/healthz/, /^\/sign-detail/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
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
        // React and the router load on every page and change rarely: one long-cached chunk. Ant Design is
        // left to the default splitting, so a page pulls only the components it uses.
        codeSplitting: {
          groups: [{ name: 'vendor-react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
