// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  redirectFromRoot,
  redirectIfResellerSignedIn,
  requireSignedIn,
} from '../../../src/app/route-guards';
import { collectGuards } from '../../../src/app/route-tree';
import { routes } from '../../../src/app/routes';
import { paths, serverPages } from '../../../src/lib/paths';
import { getProductType, setProductType } from '../../../src/lib/session/product-type';
import { markSignedIn } from '../../../src/lib/session/signed-in';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * main.tsx runs the guards of the first path while the CSRF and config calls are still out. That
 * is safe only while every guard is local: this fails the day a guard calls the API.
 */
describe('route guards', () => {
  it.each([
    ['signed out', () => undefined],
    ['signed in as a reseller', () => markSignedIn('reseller')],
    ['signed in as a partner', () => markSignedIn('partner')],
  ])('make no network call when %s', (_, signIn) => {
    signIn();
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in a guard')));
    vi.stubGlobal('fetch', fetchSpy);
    const guards = collectGuards(routes);
    expect(guards.length).toBeGreaterThan(5);
    for (const guard of guards) guard();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('send a signed-out reseller to the login and a signed-out partner to the server sign-in', () => {
    expect(requireSignedIn('reseller')()).toBe(paths.resellerLogin);
    expect(requireSignedIn('partner')()).toBe(
      new URL(serverPages.partnerSignIn, window.location.origin).href,
    );
    expect(redirectFromRoot()).toBe(paths.resellerLogin);
    expect(redirectIfResellerSignedIn()).toBeNull();
  });

  it('carry the page a signed-out visit asked for to the sign-in, and back once signed in', () => {
    window.history.pushState({}, '', '/rpc-app/invoice/INV-1001?print=1');
    expect(requireSignedIn('reseller')()).toBe(
      `${paths.resellerLogin}?next=${encodeURIComponent('/invoice/INV-1001?print=1')}`,
    );
    window.history.pushState({}, '', '/rpc-app/partner/newcommissionreport/bounty');
    expect(requireSignedIn('partner')()).toBe(
      new URL(
        `${serverPages.partnerSignIn}?next=${encodeURIComponent('/partner/newcommissionreport/bounty')}`,
        window.location.origin,
      ).href,
    );
    window.history.pushState({}, '', `/rpc-app${paths.resellerLogin}?next=%2Finvoice%2FINV-1001`);
    markSignedIn('reseller');
    expect(redirectIfResellerSignedIn()).toBe('/invoice/INV-1001');
    window.history.pushState({}, '', `/rpc-app${paths.resellerLogin}?next=%2F%2Fevil.example`);
    expect(redirectIfResellerSignedIn()).toBe(paths.home);
    window.history.pushState({}, '', '/');
  });

  it('let a signed-in account in and make its area the product type', () => {
    markSignedIn('partner');
    setProductType('reseller');
    expect(requireSignedIn('partner')()).toBeNull();
    expect(getProductType()).toBe('partner');
    expect(redirectFromRoot()).toBe(paths.partnerDashboard);
  });

  it('send a signed-in reseller from the login and the root to the home', () => {
    markSignedIn('reseller');
    setProductType('reseller');
    expect(redirectIfResellerSignedIn()).toBe(paths.home);
    expect(redirectFromRoot()).toBe(paths.home);
  });
});
