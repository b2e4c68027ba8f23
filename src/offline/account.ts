import type { ProductType } from '../domain/constants';
import { getProductType } from '../lib/session/product-type';
import { readLocal, removeLocal, writeLocal } from '../lib/storage';

/**
 * Who the offline data belongs to: "reseller:<proxy_topic>" or "partner:<partner id>". The console
 * learns it from user_info (see `watchAccount` in sync.ts) and keeps it in localStorage, so a
 * reload with no network still knows whose stored data to show. Logout removes it.
 */
const storageKey = (productType: ProductType) => `rpc_offline_account_${productType}`;

/** Reports answered before user_info named the account, waiting to be kept (accountWhenKnown). */
const waiting = new Map<ProductType, ((account: string) => void)[]>();

export function rememberAccount(productType: ProductType, id: string): string {
  const account = `${productType}:${id}`;
  writeLocal(storageKey(productType), account);
  for (const resolve of waiting.get(productType) ?? []) resolve(account);
  waiting.delete(productType);
  return account;
}

export function forgetAccount(productType: ProductType): void {
  removeLocal(storageKey(productType));
  // An answer of the session that ended is never kept for the next one.
  waiting.delete(productType);
}

/**
 * The signed-in account of a kind once it is known: now, or when user_info names it. A report
 * can answer before user_info does (the offline layer loads after the first render); its answer
 * is then kept when the account is learnt, not dropped.
 */
export function accountWhenKnown(productType: ProductType = getProductType()): Promise<string> {
  const known = offlineAccount(productType);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    waiting.set(productType, [...(waiting.get(productType) ?? []), resolve]);
  });
}

/** The signed-in account of a kind (by default the current one), if it is known. */
export function offlineAccount(productType: ProductType = getProductType()): string | undefined {
  const value = readLocal(storageKey(productType));
  return value?.startsWith(`${productType}:`) ? value : undefined;
}
