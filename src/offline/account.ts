import type { ProductType } from '../domain/constants';
import { getProductType } from '../lib/session/product-type';
import { readLocal, removeLocal, writeLocal } from '../lib/storage';

/**
 * Who the offline data belongs to: "reseller:<proxy_topic>" or "partner:<partner id>". The console
 * learns it from user_info (see `watchAccount` in sync.ts) and keeps it in localStorage, so a
 * reload with no network still knows whose stored data to show. Logout removes it.
 */
const storageKey = (productType: ProductType) => `rpc_offline_account_${productType}`;

export function rememberAccount(productType: ProductType, id: string): string {
  const account = `${productType}:${id}`;
  writeLocal(storageKey(productType), account);
  return account;
}

export function forgetAccount(productType: ProductType): void {
  removeLocal(storageKey(productType));
}

/** The signed-in account of a kind (by default the current one), if it is known. */
export function offlineAccount(productType: ProductType = getProductType()): string | undefined {
  const value = readLocal(storageKey(productType));
  return value?.startsWith(`${productType}:`) ? value : undefined;
}
