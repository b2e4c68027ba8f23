import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console is served by the API server under /rpc-app/; in development Vite proxies the API.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8081';
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? '.';
// recharts and the state and number libraries it is built on (partner reports only).
const CHARTS =
  /node_modules\/(recharts|decimal\.js-light|es-toolkit|immer|redux|redux-thunk|@reduxjs\/toolkit|react-redux|reselect|eventemitter3|tiny-invariant|use-sync-external-store|@standard-schema\/[a-z]+)\//;
// The d3 modules recharts draws with: they import only one another, so they split cleanly.
const D3 = /node_modules\/(victory-vendor|d3-[a-z-]+|internmap)\//;

export default defineConfig({
  base: '/rpc-app/',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The install dialog's screenshots are fetched by the browser when it shows the dialog
        // (online by nature); the console itself never needs them offline.
        globIgnores: ['screenshots/**'],
      },
    }),
  ],
  build: {
    outDir: `${buildDir}/dist`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // Large libraries get chunks of their own: each stays under the per-chunk budget and is
        // cached across releases that change only our code. A higher priority claims a module
        // first, so React stays in its chunk although recharts depends on it too.
        codeSplitting: {
          groups: [
            // clsx and react-is are tiny helpers shared by Mantine and recharts: here they keep the
            // chart chunk, which would otherwise claim them, off every other page.
            {
              name: 'react-dom',
              test: /node_modules[\\/](react|react-dom|scheduler|react-is|clsx)[\\/]/,
              priority: 3,
            },
            { name: 'router', test: /node_modules[\\/]react-router(-dom)?[\\/]/, priority: 3 },
            { name: 'charts', test: CHARTS, priority: 1 },
            { name: 'd3', test: D3, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/rpc-api': apiTarget,
      '/reseller-api': apiTarget,
      '/partner/': apiTarget,
      '/rpcnew': apiTarget,
    },
  },
});
