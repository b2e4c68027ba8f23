import { describe, expect, it } from 'vitest';
import { afterSignIn, safeReturnPath, withReturnPath } from '../../../src/domain/return-path';

describe('the page a sign-in returns to', () => {
  it.each([
    ['/invoice/INV-1001', '/invoice/INV-1001'],
    ['/home/users?page=2#top', '/home/users?page=2#top'],
    ['/partner/newcommissionreport/bounty', '/partner/newcommissionreport/bounty'],
    ['/account/./settings', '/account/settings'],
  ])('follows the console path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['an absolute URL', 'https://evil.example/rpc-app/home'],
    ['a scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example/home'],
    ['a backslash after the slash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['a tab a browser drops', '/\t/evil.example'],
    ['a newline a browser drops', '/\n/evil.example'],
    ['dot segments that resolve to two slashes', '/a/..//evil.example'],
    ['a relative path', 'home'],
    ['the sign-in page itself (a loop)', '/reseller/login'],
    ['a very long value', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('carries the page asked for to the sign-in, but not the landing it reaches anyway', () => {
    expect(withReturnPath('/reseller/login', '/invoice/INV-1')).toBe(
      '/reseller/login?next=%2Finvoice%2FINV-1',
    );
    expect(withReturnPath('/reseller/login?step=twofa', '/invoice/INV-1')).toBe(
      '/reseller/login?step=twofa&next=%2Finvoice%2FINV-1',
    );
    expect(withReturnPath('/reseller/login', '/home')).toBe('/reseller/login');
    expect(withReturnPath('/partner/', '/partner/dashboard')).toBe('/partner/');
    expect(withReturnPath('/reseller/login', '//evil.example')).toBe('/reseller/login');
  });

  it('goes to the page asked for after the sign-in, the second step first, a due bill first', () => {
    expect(afterSignIn('/home', '/invoice/INV-1')).toBe('/invoice/INV-1');
    expect(afterSignIn('/home', null)).toBe('/home');
    expect(afterSignIn('/home', 'https://evil.example')).toBe('/home');
    expect(afterSignIn('select-username', null)).toBe('/home');
    expect(afterSignIn('/reseller/login?step=twofa', '/invoice/INV-1')).toBe(
      '/reseller/login?step=twofa&next=%2Finvoice%2FINV-1',
    );
    expect(afterSignIn('/account/billingInfo', '/invoice/INV-1')).toBe('/account/billingInfo');
  });
});
