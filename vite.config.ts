import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './scripts/vite-route-preloads';

// The console is served by the API server under /rpc-app/; in development Vite proxies the API.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8081';
// BUILD_DIR lets several builds live side by side (e.g. parallel browser-test runs).
const buildDir = process.env.BUILD_DIR ?? '.';
// recharts and the state and number libraries it is built on (partner reports only).
const CHARTS =
  /node_modules\/(recharts|decimal\.js-light|es-toolkit|immer|redux|redux-thunk|@reduxjs\/toolkit|react-redux|reselect|eventemitter3|tiny-invariant|use-sync-external-store|@standard-schema\/[a-z]+)\//;
// The d3 modules recharts draws with: they import only one another, so they split cleanly.
const D3 = /node_modules\/(victory-vendor|d3-[a-z-]+|internmap)\//;

// Overlays: popovers, menus, selects, tooltips, dialogs, with the scroll lock. No signed-in frame
// needs them for its first paint (the account menu and the dialogs' provider load after it), so
// they are not in the frame's chunk; a screen that uses any gets them as one file rather than
// twenty small ones.
const OVERLAYS =
  /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|@mantine[\\/]modals|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|Menu|Modal|ModalBase|Tooltip|Combobox|Select|FocusTrap|Portal|Overlay|Floating|Drawer))[\\/]/;
// ScrollArea: every table's scroll container needs it, so a list page takes it without the
// overlays above. It imported floating-ui only to merge refs; that import is resolved to
// src/ui/scroll-area-merge-refs.ts (`scrollAreaMergeRefs` below), so floating-ui stays with the
// overlays.
const SCROLL_AREA = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;
const SCROLL_AREA_MODULE =
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/** ScrollArea's import of floating-ui's `useMergeRefs`, answered by Mantine's own hook. */
function scrollAreaMergeRefs(): Plugin {
  const shim = fileURLToPath(new URL('./src/ui/scroll-area-merge-refs.ts', import.meta.url));
  return {
    name: 'scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return null;
      return SCROLL_AREA_MODULE.test(importer) ? shim : null;
    },
  };
}

// React and React Router: every page needs both, so they travel as one file.
const REACT =
  /node_modules[\\/](react|react-dom|scheduler|react-is|clsx|react-router|react-router-dom)[\\/]/;
// The start-up code (main.tsx) and the sign-in page, each with everything it imports statically.
const ENTRY = /src[\\/]main\.tsx$/;
const SIGN_IN_PAGE = /src[\\/]features[\\/]reseller-auth[\\/]routes[\\/]login-page\.tsx$/;
// The signed-in frames (reseller and partner layouts, the console shell), with what they import,
// and Mantine's core (its factories, styles and small helpers, which every screen's components
// share): left to the overlays' group below, a helper it shares with, say, Pagination would make
// every list page load the overlays.
const SIGNED_IN_FRAME =
  /src[\\/]app[\\/]layouts[\\/]|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/;

// The small parts most signed-in screens share: cards, grids, paging, skeletons, badges, the
// copy button, the offline query, formats. Left to automatic splitting they were a dozen files
// of 0.1-3 KB per screen, each a request before the first paint (on HTTP/1.1, six at a time);
// together they are one. The group takes only these modules, not what they import (see
// `includeDependenciesRecursively` below), and none of them imports an overlay, floating-ui or
// the toasts: a part that did would bring that chunk to every screen (the budget tests in
// tests/e2e/bundle-budget.spec.ts fail). Tables stay out for that reason (ScrollArea).
const PAGE_PARTS = new RegExp(
  [
    String.raw`src[\/]ui[\/](query-error|error-generic|detail-list)\.tsx?$`,
    String.raw`src[\/]offline[\/](query-state|offline-query|account|snapshot-key)\.tsx?$`,
    String.raw`src[\/]lib[\/]after-paint\.ts$`,
    String.raw`src[\/]domain[\/](formats|cards)\.ts$`,
    String.raw`node_modules[\/]dayjs[\/]plugin[\/]utc\.js$`,
    String.raw`node_modules[\/]zod[\/]v4[\/]classic[\/]coerce\.js$`,
    String.raw`@mantine[\/]core[\/]esm[\/]components[\/](Card|SimpleGrid|Skeleton|Pagination|Badge|CopyButton)[\/]`,
    String.raw`@mantine[\/]hooks[\/]esm[\/](use-force-update|use-clipboard|use-debounced-value|use-pagination)[\/]`,
  ].join('|'),
);

// The reseller rule book: its rules as zod schemas and the user calls' schemas. Every reseller
// screen with a form or a user list needs them; the signed-in frame does not (it reads only the
// role table, roles.ts), so a partner's screens never build them. One file, not four. zod's
// coerce is a page part: any schema with z.coerce (the report requests) would pull the book.
const RESELLER_RULES = new RegExp(
  [
    String.raw`src[\/]domain[\/](character-checks|rules|rule-kit|validation|sorting)\.ts$`,
    String.raw`src[\/]domain[\/]api[\/](reseller-users|list-query)\.ts$`,
  ].join('|'),
);

// React Router's package serves its development build by default (dev warnings on): the
// production build is the same code with them off.
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  base: '/rpc-app/',
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: routerBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
    ],
  },
  plugins: [
    react(),
    scrollAreaMergeRefs(),
    // Each route's chunks, listed by the server in the page it serves (no chain of imports); the
    // chart's, on the pages that have one, fetched once the network is idle but not run: a chart
    // is below the fold on a phone, and running recharts cost a 80 ms task right after the first
    // paint (partner dashboard, 4x CPU throttling).
    routePreloads({ prefetch: ['src/ui/charts/bar-chart-module.tsx'] }),
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
    // Issue 21: no dependency lists for dynamic imports. They cost the sign-in page 3 KB gzip (a
    // file name per chunk, a list per route); with the groups below a screen's chunk imports the
    // few large shared chunks, which the start-up and the frame have already requested.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Fewer, larger chunks (issue 21): three files before the sign-in page is interactive
        // (React with the router, the start-up with the sign-in page, the bundler's runtime)
        // instead of 27, and a signed-in page adds its frame's chunk and its screen's (about 20
        // files, was 65). Large libraries get chunks of their own: each stays under the per-chunk
        // budget. A group takes the modules its test matches with everything they import; a higher
        // priority claims a module first, so React stays in its chunk although all depend on it.
        codeSplitting: {
          groups: [
            // clsx and react-is are tiny helpers shared by Mantine and recharts: here they keep the
            // chart chunk, which would otherwise claim them, off every other page.
            { name: 'react-dom', test: REACT, priority: 5 },
            { name: 'sign-in', test: (id) => SIGN_IN_PAGE.test(id) || ENTRY.test(id), priority: 4 },
            { name: 'console', test: SIGNED_IN_FRAME, priority: 2 },
            // Only the listed modules: their imports stay in the frame's chunk or their own.
            {
              name: 'page-parts',
              test: PAGE_PARTS,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'reseller-rules',
              test: RESELLER_RULES,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'charts', test: CHARTS, priority: 3 },
            { name: 'd3', test: D3, priority: 4 },
            // Last: the frames and the sign-in page keep what they share with these two.
            { name: 'scroll-area', test: SCROLL_AREA, priority: 1 },
            { name: 'overlays', test: OVERLAYS, priority: 0 },
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
