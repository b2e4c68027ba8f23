import type { ProductType } from '../domain/api/session';
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '../domain/return-path';
import { CONSOLE_BASE, paths, serverPages } from '../lib/paths';
import { getProductType, setProductType } from '../lib/session/product-type';
import { isSignedIn } from '../lib/session/signed-in';

/*
 * Route guards (see route-tree.tsx): local checks of the session flags in storage, never an API
 * call, so they may run before the bootstrap calls are back (main.tsx). Each returns where to go
 * instead, or null to show the route.
 */

/** The console path being shown (relative to the base), with its query and fragment. */
function currentConsolePath(): string {
  const { pathname, search, hash } = window.location;
  const path = pathname.startsWith(`${CONSOLE_BASE}/`)
    ? pathname.slice(CONSOLE_BASE.length)
    : pathname;
  return `${path}${search}${hash}`;
}

/**
 * Guard of a private area. Signed out: resellers go to the console login, partners to the
 * server's sign-in page (an absolute URL outside the base: a full navigation), each carrying the
 * page asked for, so the sign-in returns there (see return-path.ts). Signed in: the
 * global product type follows the area, so refresh and logout use its flows.
 */
export function requireSignedIn(productType: ProductType) {
  return (): string | null => {
    if (!isSignedIn(productType)) {
      const asked = currentConsolePath();
      if (productType === 'reseller') return withReturnPath(paths.resellerLogin, asked);
      return new URL(withReturnPath(serverPages.partnerSignIn, asked), window.location.origin).href;
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

/** A signed-in reseller who opens the login page goes straight home (or to the page asked for). */
export function redirectIfResellerSignedIn(): string | null {
  if (!isSignedIn('reseller')) return null;
  const asked = new URLSearchParams(window.location.search).get(RETURN_PATH_PARAM);
  return safeReturnPath(asked) ?? paths.home;
}
