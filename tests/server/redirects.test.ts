import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOwnNavigation, safeRedirect } from '../../server/services/redirects';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORIGIN = 'http://localhost:8080';
const FALLBACK = '/rpc-app/reseller/login';

/** Known ways to smuggle another host past a same-origin check (OWASP, PortSwigger lists). */
const BYPASSES = [
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./..//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  'https:evil.example',
  'https:/evil.example',
  'HTTPS://EVIL.example',
  'hTTp://evil.example/rpc-app/',
  'http://localhost:8080@evil.example/',
  'http://evil.example\\@localhost:8080/',
  'http://localhost:8080.evil.example/',
  'https://localhost:8080/rpc-app/', // another scheme is another origin
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://localhost:8080\t/..\\\\evil.example',
];

/** What a browser would make of a Location header, on this origin. */
const landing = (location: string) => new URL(location, ORIGIN);

describe('safeRedirect', () => {
  it.each(BYPASSES)('never leaves the origin: %j', (target) => {
    const location = safeRedirect(target, ORIGIN, FALLBACK);
    expect(landing(location).origin).toBe(ORIGIN);
    expect(location.startsWith('//')).toBe(false);
    expect(location.startsWith('/\\')).toBe(false);
  });

  it.each([
    ['/rpc-app/partner/login', '/rpc-app/partner/login'],
    ['/rpc-app/home?x=1#top', '/rpc-app/home?x=1#top'],
    ['http://localhost:8080/partner/', '/partner/'],
    ['/.//evil.example', '/evil.example'],
    ['/%2F/evil.example', '/%2F/evil.example'],
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
  ])('keeps a same-origin path, folded to one leading slash: %j', (target, expected) => {
    expect(safeRedirect(target, ORIGIN, FALLBACK)).toBe(expected);
  });

  it('falls back when there is no target', () => {
    expect(safeRedirect(undefined, ORIGIN, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect('', ORIGIN, FALLBACK)).toBe(FALLBACK);
  });
});

describe('isOwnNavigation', () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ 'sec-fetch-site': 'none' }, true],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ origin: 'http://evil.example' }, false],
    [{ referer: 'http://evil.example/page' }, false],
    [{ referer: `${ORIGIN}/rpc-app/home` }, true],
    [{ origin: 'null' }, false],
    [{}, true],
  ])('%j -> %s', (headers, expected) => {
    expect(isOwnNavigation(headers, ORIGIN)).toBe(expected);
  });
});

describe('the logout pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedIn = (kind: 'reseller' | 'partner') =>
    signedInAgent(t.app, kind, kind === 'reseller' ? 'reseller@example.com' : 'demopartner', {
      ip: kind === 'reseller' ? '198.51.100.31' : '198.51.100.32',
    });

  it.each(['reseller', 'partner'] as const)(
    '%s: another site cannot sign the user out (an image or link there)',
    async (kind) => {
      const agent = await signedIn(kind);
      const crossSite: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
        { referer: 'http://evil.example/' },
      ];
      for (const headers of crossSite) {
        const response = await agent.request({
          method: 'GET',
          url: `/rpc-api/${kind}/logout`,
          headers,
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/rpc-app/');
      }
      expect((await agent.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(200);
    },
  );

  it.each(['reseller', 'partner'] as const)(
    '%s: the console (same origin) or a typed address signs out, and stays on this origin',
    async (kind) => {
      for (const site of ['same-origin', 'none']) {
        const agent = await signedIn(kind);
        const response = await agent.request({
          method: 'GET',
          url: `/rpc-api/${kind}/logout`,
          query: { redirect_url: '/.//evil.example' },
          headers: { 'sec-fetch-site': site },
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/evil.example');
        expect((await agent.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(401);
      }
    },
  );

  it.each(BYPASSES)('never redirects off the origin: %j', async (target) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rpc-api/reseller/logout',
      query: { redirect_url: target },
    });
    expect(response.statusCode).toBe(302);
    expect(landing(String(response.headers.location)).origin).toBe(ORIGIN);
  });
});
