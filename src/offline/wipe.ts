import type { ProductType } from '../domain/constants';
import { getProductType } from '../lib/session/product-type';
import { forgetAccount, offlineAccount } from './account';
import { clearPersistedQueries } from './persisted-queries';
import { REPORT_CACHE_PREFIX, reportCacheName } from './report-urls';
import { wipeAccountData, wipeAllData } from './store';
import { tellWorker } from './worker-bridge';

async function deleteReportCaches(account: string | undefined): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) =>
        account ? name === reportCacheName(account) : name.startsWith(REPORT_CACHE_PREFIX),
      )
      .map((name) => caches.delete(name)),
  );
}

/**
 * Everything kept for offline use by the signed-in account of `productType`: its Dexie rows, its
 * report cache in the service worker and the persisted query cache. When the account is not
 * known, every account's data goes, so nothing can outlive a logout.
 */
export async function wipeOfflineData(productType: ProductType = getProductType()): Promise<void> {
  const account = offlineAccount(productType);
  forgetAccount(productType);
  clearPersistedQueries();
  tellWorker({ type: 'WIPE_ACCOUNT', kind: productType });
  await Promise.all([
    account ? wipeAccountData(account) : wipeAllData(),
    deleteReportCaches(account),
  ]);
  // A save that was under way when the wipe began is gone too.
  clearPersistedQueries();
}
