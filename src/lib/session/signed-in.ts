import { signedInFlagKey, type ProductType } from '../../domain/constants';
import { readLocal, removeLocal, writeLocal } from '../storage';

/** The account kind this tab has seen itself signed in as: the one whose flag it watches. */
let tabSession: ProductType | undefined;

/**
 * The signed-in flags of spec section 4. They only say "this browser signed in": the real session
 * is in HttpOnly cookies, so a stale flag is corrected by the first 401 (refresh, then logout).
 */
export function isSignedIn(productType: ProductType): boolean {
  const isSet = readLocal(signedInFlagKey(productType)) === 'true';
  if (isSet) tabSession = productType;
  return isSet;
}

export function markSignedIn(productType: ProductType): void {
  writeLocal(signedInFlagKey(productType), 'true');
  tabSession = productType;
}

export function clearSignedIn(productType: ProductType): void {
  removeLocal(signedInFlagKey(productType));
}

/** The account kind this tab was signed in as (undefined on a tab that never was). */
export function signedInKindOfThisTab(): ProductType | undefined {
  return tabSession;
}

export function forgetTabSession(): void {
  tabSession = undefined;
}
