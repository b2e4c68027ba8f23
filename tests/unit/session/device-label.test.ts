// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deviceLabel, placeOf } from '../../../server/services/session-list';
import { signInMethodLabel } from '../../../src/domain/api/sessions';

/* What "Where you're signed in" calls a session: its device, place and sign-in method. */

describe('the device of a session, from its User-Agent', () => {
  it.each([
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    [
      'Edge on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    ],
    [
      'Safari on macOS',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ],
    [
      'Safari on iOS',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
    [
      'Chrome on ChromeOS',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    [
      'Chrome on Linux',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ],
  ])('%s', (label, userAgent) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('says what it cannot tell', () => {
    expect(deviceLabel('')).toBe('Unknown device');
    expect(deviceLabel('curl/8.5.0')).toBe('Unknown device');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeApp/1.0')).toBe(
      'Unknown browser on Windows',
    );
  });
});

describe('the place of a session, from its address', () => {
  it('is the country in words, or "Unknown"', () => {
    expect(placeOf('8.8.8.8')).toBe('United States');
    expect(placeOf('81.2.69.142')).toBe('United Kingdom');
    expect(placeOf('127.0.0.1')).toBe('Unknown');
    expect(placeOf('10.1.2.3')).toBe('Unknown');
    expect(placeOf('')).toBe('Unknown');
  });
});

describe('the sign-in method of a session', () => {
  it('is named in words', () => {
    expect(signInMethodLabel('password')).toBe('Password');
    expect(signInMethodLabel('sso_saml')).toBe('SSO (SAML)');
    expect(signInMethodLabel('sso_oidc')).toBe('SSO (OpenID Connect)');
    expect(signInMethodLabel('toString')).toBe('Password');
  });
});
