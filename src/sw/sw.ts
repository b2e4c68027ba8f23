/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  REPORT_CACHE_PREFIX,
  reportCacheName,
  reportKindOf,
  type WorkerMessage,
} from '../offline/report-urls';

declare const self: ServiceWorkerGlobalScope;

// The shell and every lazy chunk, so the console opens with no network after one visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once: until then the page's requests pass the worker
// by, so a console opened once and taken offline before any reload could not load a screen it
// had not opened yet. It changes nothing for an update: a new version still waits for the
// console's SKIP_WAITING (below), and pages it takes over were already controlled.
clientsClaim();

// Client-side routes under /rpc-app/ open from the cached index.html. API calls and the pages
// the server renders outside the app are never answered by this fallback.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/rpc-app/index.html'), {
    allowlist: [/^\/rpc-app\//],
    denylist: [/^\/rpc-api\//, /^\/reseller-api\//],
  }),
);

// ---- Read-only report answers, per signed-in account -------------------------------------------

type Kind = 'reseller' | 'partner';

/** The signed-in account of each kind, as the console last told it. Kept across restarts. */
const accounts: Partial<Record<Kind, string>> = {};
const STATE_CACHE = 'rpc-sw-state';
const STATE_URL = '/rpc-app/__sw-state__';
/** How long a report waits for the network before the account's copy answers. */
const NETWORK_TIMEOUT_SECONDS = 4;

async function saveAccounts(): Promise<void> {
  const cache = await caches.open(STATE_CACHE);
  await cache.put(STATE_URL, new Response(JSON.stringify(accounts)));
}

const restored = (async () => {
  try {
    const cache = await caches.open(STATE_CACHE);
    const saved = await cache.match(STATE_URL);
    if (!saved) return;
    const value = (await saved.json()) as Partial<Record<Kind, unknown>>;
    for (const kind of ['reseller', 'partner'] as const) {
      const account = value[kind];
      if (typeof account === 'string' && !(kind in accounts)) accounts[kind] = account;
    }
  } catch {
    // No saved state: reports go to the network only until the console says who is signed in.
  }
})();

/** One strategy per account cache, made on first use. */
const strategies = new Map<string, NetworkFirst>();
function strategyFor(account: string): NetworkFirst {
  const cacheName = reportCacheName(account);
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && reportKindOf(url.pathname) !== undefined,
  async (options) => {
    await restored;
    const kind = reportKindOf(options.url.pathname);
    const account = kind ? accounts[kind] : undefined;
    // Nobody known to be signed in: straight to the network, nothing kept.
    if (!account) return fetch(options.request);
    return strategyFor(account).handle(options);
  },
  'GET',
);

async function wipe(kind: Kind): Promise<void> {
  const account = accounts[kind];
  accounts[kind] = undefined;
  await saveAccounts();
  if (account) await caches.delete(reportCacheName(account));
}

async function setAccount(kind: Kind, account: string | undefined): Promise<void> {
  await restored;
  const previous = accounts[kind];
  accounts[kind] = account;
  await saveAccounts();
  // Another account of the same kind signed in: the previous one's answers go.
  if (previous && previous !== account) await caches.delete(reportCacheName(previous));
}

// A new version waits until the console asks it to take over, so an open form is never lost
// to a silent reload.
self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'SET_ACCOUNT')
    event.waitUntil(setAccount(message.kind, message.account));
  else if (message?.type === 'WIPE_ACCOUNT') event.waitUntil(wipe(message.kind));
});

// Report caches of accounts no longer signed in are never kept by a new version either.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await restored;
      const keep = new Set(
        Object.values(accounts)
          .filter((account): account is string => typeof account === 'string')
          .map(reportCacheName),
      );
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(REPORT_CACHE_PREFIX) && !keep.has(name))
          .map((name) => caches.delete(name)),
      );
    })(),
  );
});
