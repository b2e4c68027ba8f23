import { partnerRefreshKey, resellerRefreshKey, type ProductType } from '../../domain/constants';

/**
 * Who is signed in, as far as the token-refresh record needs it: the reseller's proxy_topic or the
 * partner's ID (spec section 4: rsrt_{proxy_topic}, prt_{partner_id}). The HTTP client learns it
 * from user_info. One browser holds one session per account kind (the cookies are shared by all
 * its tabs), so before user_info has answered in this tab the existing record of that kind is the
 * right one.
 */
const known: Partial<Record<ProductType, string>> = {};

export function setSessionIdentity(productType: ProductType, id: string): void {
  if (id) known[productType] = id;
}

export function clearSessionIdentity(productType: ProductType): void {
  known[productType] = undefined;
}

export function refreshKeyPrefix(productType: ProductType): string {
  return productType === 'partner' ? partnerRefreshKey('') : resellerRefreshKey('');
}

/** Every localStorage key that is a token-refresh record of `productType`. */
export function storedRefreshKeys(
  productType: ProductType,
  storage: Storage | undefined,
): string[] {
  if (!storage) return [];
  const prefix = refreshKeyPrefix(productType);
  try {
    return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) === true,
    );
  } catch {
    return [];
  }
}

/** The key of the token-refresh record for `productType`. */
export function refreshRecordKey(productType: ProductType, storage: Storage | undefined): string {
  const id = known[productType];
  if (id) return productType === 'partner' ? partnerRefreshKey(id) : resellerRefreshKey(id);
  return storedRefreshKeys(productType, storage)[0] ?? `${refreshKeyPrefix(productType)}session`;
}
