import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { removeLocal } from '../lib/storage';
import { offlineAccount } from './account';

import { PERSISTED_QUERIES_KEY } from './persisted-queries-key';

export { PERSISTED_QUERIES_KEY };
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The build this bundle belongs to: the hashed URL of this chunk changes with every release that
 * changes it, so a new release never reads an old release's cache shapes.
 */
export const BUILD_ID = new URL(import.meta.url).pathname;

/**
 * Queries kept across reloads: profile basics (who is signed in, their plan) so the frame shows
 * the user offline. Another query opts in with `meta: { persist: true }`. Bulky report data
 * belongs in Dexie (offline-query.ts), never here.
 */
const PERSISTED_ROOTS = new Set(['["reseller","user-info"]', '["partner","user-info"]']);

export function shouldPersist(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  if (query.meta?.persist === true) return true;
  return PERSISTED_ROOTS.has(JSON.stringify(query.queryKey));
}

/** The cache is only ever read back by the same build and the same signed-in account. */
export function persistBuster(account = offlineAccount()): string {
  return `${BUILD_ID}|${account ?? 'signed-out'}`;
}

/**
 * Restores the persisted queries and keeps them up to date through the sync-storage persister.
 * (Save and restore are done here with react-query's own dehydrate/hydrate rather than
 * react-query-persist-client, whose query-core is a different copy.) Returns the stop function.
 */
export function startQueryPersistence(queryClient: QueryClient): () => void {
  // STACK.md keeps the (deprecated upstream) sync persister for this small, non-sensitive cache.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const persister = createSyncStoragePersister({
    storage: window.localStorage,
    key: PERSISTED_QUERIES_KEY,
    throttleTime: 0,
  });
  const buster = persistBuster();
  const restore = (saved: Awaited<ReturnType<typeof persister.restoreClient>>) => {
    if (!saved) return;
    if (saved.buster !== buster || Date.now() - saved.timestamp > MAX_AGE_MS) {
      void persister.removeClient();
      return;
    }
    hydrate(queryClient, saved.clientState);
    // Restored answers are shown at once but are never taken as fresh: each is fetched again
    // when a screen uses it, so a session that ended since is noticed (and offline, the
    // failed fetch keeps the stored answer).
    void queryClient.invalidateQueries({ predicate: shouldPersist, refetchType: 'none' });
  };
  void Promise.resolve(persister.restoreClient()).then(
    (saved) => {
      restore(saved);
      // This module loads after the app starts (start.ts): an answer that came in meanwhile,
      // such as the user info of the sign-in that loaded it, is saved now.
      save();
    },
    () => undefined,
  );
  function save() {
    // Nobody known to be signed in (e.g. during logout): nothing is written.
    if (!offlineAccount()) return;
    void persister.persistClient({
      buster: persistBuster(),
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersist }),
    });
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      shouldPersist(event.query as Query)
    ) {
      save();
    }
  });
  return unsubscribe;
}

export function clearPersistedQueries(): void {
  removeLocal(PERSISTED_QUERIES_KEY);
}
