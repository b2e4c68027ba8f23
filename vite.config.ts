import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console is served by the API server under /rpc-app/; in development Vite proxies the API.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8081';
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? '.';

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
        // Large libraries every page needs get chunks of their own: each stays under the
        // per-chunk budget and is cached across releases that change only our code.
        manualChunks: (id: string) => {
          if (/node_modules\/(react-dom|scheduler)\//.test(id)) return 'react-dom';
          if (/node_modules\/(react-router|react-router-dom)\//.test(id)) return 'router';
          return undefined;
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
