import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

/** The author centre's version, sent as the `pc-version` header (§7). */
const pcVersion = process.env.PC_VERSION ?? pkg.version;
const apiServer = process.env.API_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
