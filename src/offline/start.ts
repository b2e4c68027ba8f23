import { hashKey, type QueryClient } from '@tanstack/react-query';
import { productTypes, type ProductType } from '../domain/constants';
import { registerLogoutStep } from '../lib/session/logout';
import { userInfoKey } from '../lib/session/user-info-key';
import { offlineAccount, rememberAccount } from './account';
import { readLocal } from '../lib/storage';
import { PERSISTED_QUERIES_KEY } from './persisted-queries-key';
import { tellWorker } from './worker-bridge';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The signed-in account's id from a user_info answer (reseller proxy_topic, partner id). */
export function accountIdFrom(productType: ProductType, data: unknown): string | undefined {
  if (!isRecord(data)) return undefined;
  if (productType === 'reseller') {
    return typeof data.proxy_topic === 'string' && data.proxy_topic ? data.proxy_topic : undefined;
  }
  const info = data.rpcPartnerInfo;
  return isRecord(info) && typeof info.partnerId === 'string' && info.partnerId
    ? info.partnerId
    : undefined;
}

/** A user_info answer names the account: remember it and tell the service worker. */
function learnAccount(productType: ProductType, data: unknown): void {
  const id = accountIdFrom(productType, data);
  if (!id) return;
  const previous = offlineAccount(productType);
  const account = rememberAccount(productType, id);
  if (previous === account) return;
  // Another account of this kind signed in without a logout here: the old one's data goes.
  if (previous) {
    void import('./store').then(({ wipeAccountData }) => wipeAccountData(previous));
  }
  tellWorker({ type: 'SET_ACCOUNT', kind: productType, account });
}

let stopAll: (() => void) | undefined;

/**
 * Starts the console's offline layer once (Dexie itself loads only when a screen or a logout
 * needs it): learns the signed-in account from user_info, restores
 * and persists the small query cache, and wipes everything on logout (every logout path runs
 * the logout steps).
 */
export function startOfflineLayer(queryClient: QueryClient): () => void {
  if (stopAll) return stopAll;
  for (const productType of productTypes) {
    const account = offlineAccount(productType);
    if (account) tellWorker({ type: 'SET_ACCOUNT', kind: productType, account });
  }
  // The persister and hydrate load only when there is a saved cache to restore, or once someone
  // signs in: the signed-out sign-in page goes without them (its JavaScript budget).
  let isStopped = false;
  let stopPersisting: (() => void) | undefined;
  let isPersisting = false;
  const persist = () => {
    if (isPersisting) return;
    isPersisting = true;
    void import('./persisted-queries').then(({ startQueryPersistence }) => {
      if (!isStopped) stopPersisting = startQueryPersistence(queryClient);
    });
  };
  if (readLocal(PERSISTED_QUERIES_KEY) !== null) persist();
  const learnFrom = (query: { queryKey: readonly unknown[]; state: { data: unknown } }) => {
    const [root] = query.queryKey;
    if (root !== 'reseller' && root !== 'partner') return;
    if (hashKey(query.queryKey) === hashKey(userInfoKey(root))) {
      learnAccount(root, query.state.data);
      persist();
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') learnFrom(event.query);
  });
  // This module loads after the first render (pwa-root.tsx): a user_info answer that came in
  // before is learnt now.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success') learnFrom(query);
  }
  const removeStep = registerLogoutStep(async () => {
    const { wipeOfflineData } = await import('./wipe');
    await wipeOfflineData();
  });
  stopAll = () => {
    isStopped = true;
    unsubscribe();
    stopPersisting?.();
    removeStep();
    stopAll = undefined;
  };
  return stopAll;
}
