import { redirect } from 'react-router-dom';
import type { ProductType } from '../domain/api/session';
import { paths, serverPages } from '../lib/paths';
import { getProductType, setProductType } from '../lib/session/product-type';
import { isSignedIn } from '../lib/session/signed-in';

/**
 * Loader of a private area. Signed out: resellers go to the console login, partners to the
 * server's sign-in page (an absolute URL outside the base, so the router does a full navigation).
 * Signed in: the global product type follows the area, so refresh and logout use its flows.
 */
export function requireSignedIn(productType: ProductType) {
  return () => {
    if (!isSignedIn(productType)) {
      if (productType === 'reseller') return redirect(paths.resellerLogin);
      return redirect(new URL(serverPages.partnerSignIn, window.location.origin).href);
    }
    if (getProductType() !== productType) setProductType(productType);
    return null;
  };
}

/** "/" leads to the signed-in home of the current product type, or to the reseller login. */
export function redirectFromRoot() {
  const productType = getProductType();
  if (isSignedIn(productType)) {
    return redirect(productType === 'partner' ? paths.partnerDashboard : paths.home);
  }
  return redirect(paths.resellerLogin);
}

/** A signed-in reseller who opens the login page goes straight home. */
export function redirectIfResellerSignedIn() {
  return isSignedIn('reseller') ? redirect(paths.home) : null;
}
