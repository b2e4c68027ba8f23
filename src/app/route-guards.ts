import type { ProductType } from '../domain/api/session';
import { paths, serverPages } from '../lib/paths';
import { getProductType, setProductType } from '../lib/session/product-type';
import { isSignedIn } from '../lib/session/signed-in';

/*
 * Route guards (see route-tree.tsx): local checks of the session flags in storage, never an API
 * call, so they may run before the bootstrap calls are back (main.tsx). Each returns where to go
 * instead, or null to show the route.
 */

/**
 * Guard of a private area. Signed out: resellers go to the console login, partners to the
 * server's sign-in page (an absolute URL outside the base: a full navigation). Signed in: the
 * global product type follows the area, so refresh and logout use its flows.
 */
export function requireSignedIn(productType: ProductType) {
  return (): string | null => {
    if (!isSignedIn(productType)) {
      if (productType === 'reseller') return paths.resellerLogin;
      return new URL(serverPages.partnerSignIn, window.location.origin).href;
    }
    if (getProductType() !== productType) setProductType(productType);
    return null;
  };
}

/** "/" leads to the signed-in home of the current product type, or to the reseller login. */
export function redirectFromRoot(): string {
  const productType = getProductType();
  if (isSignedIn(productType)) {
    return productType === 'partner' ? paths.partnerDashboard : paths.home;
  }
  return paths.resellerLogin;
}

/** A signed-in reseller who opens the login page goes straight home. */
export function redirectIfResellerSignedIn(): string | null {
  return isSignedIn('reseller') ? paths.home : null;
}
