import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Security headers and cookies (issue 10). Over HTTPS (PUBLIC_ORIGIN https://...) every answer
 * carries HSTS and a CSP that upgrades insecure requests, and every cookie is Secure with the
 * HttpOnly and SameSite it was designed with. On plain HTTP every API answer, errors included,
 * is no-store, nosniff and DENY for framing. tests/server/pages.test.ts covers the HTTP page side.
 */

const ONE_YEAR_SECONDS = 31_536_000;

interface SetCookie {
  name: string;
  value: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
}

/**
 * Every cookie the server sets, and how it was designed: the session pair and the pending
 * two-factor sign-in are HttpOnly; the CSRF token is the one cookie script must read (the console
 * echoes it in X-XSRF-TOKEN), and its binding cookie is HttpOnly so script on another site cannot
 * mint a pair. The access cookie and the referral cookie are Lax so a link followed from another
 * site (an e-mail, a partner's page) still carries them; everything else is Strict.
 */
const designedCookies: Record<string, { httpOnly: boolean; sameSite: 'Strict' | 'Lax' }> = {
  'XSRF-TOKEN': { httpOnly: false, sameSite: 'Strict' },
  rpc_csrf_bind: { httpOnly: true, sameSite: 'Strict' },
  rsr_at: { httpOnly: true, sameSite: 'Lax' },
  rsr_rt: { httpOnly: true, sameSite: 'Strict' },
  prt_at: { httpOnly: true, sameSite: 'Lax' },
  prt_rt: { httpOnly: true, sameSite: 'Strict' },
  rsr_2fa: { httpOnly: true, sameSite: 'Strict' },
  rpc_ref: { httpOnly: true, sameSite: 'Lax' },
};

const cookiesOf = (response: LightMyRequestResponse) => response.cookies as SetCookie[];

/** A stand-in build, so the console page is served without running Vite. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
  return dir;
}

describe('over HTTPS (PUBLIC_ORIGIN https://console.example.com)', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fakeBuild();
    t = await createTestApp({
      PUBLIC_ORIGIN: 'https://console.example.com',
      STATIC_DIR: staticDir,
      // The demo identity provider answers on the raw response (a hijacked reply).
      SEED_DEMO: '1',
    });
    expect(t.config.isHttps).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['the console page', '/rpc-app/', 200],
    ['a deep link', '/rpc-app/account/billingInfo', 200],
    ['an API answer', '/rpc-api/config', 200],
    ['an API error', '/rpc-api/reseller/user_info', 401],
    ['an unknown address', '/rpc-api/no-such-call', 404],
    ['the demo identity provider', '/demo-idp/.well-known/openid-configuration', 200],
  ])('%s carries HSTS for a year with subdomains and a strict CSP', async (_, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    const hsts = String(response.headers['strict-transport-security']);
    expect(hsts).toContain('includeSubDomains');
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS);
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.has('upgrade-insecure-requests')).toBe(true);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(directives.get('object-src')).toEqual(["'none'"]);
  });

  it('the API docs page is not framed either and upgrades insecure requests', async () => {
    const response = await t.app.inject({ url: '/rpc-api/docs' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(response.headers['strict-transport-security']).toContain('includeSubDomains');
  });

  it('sets every cookie Secure, with the HttpOnly and SameSite it was designed with', async () => {
    const seen: SetCookie[] = [];
    const keep = (response: LightMyRequestResponse) => {
      seen.push(...cookiesOf(response));
      return response;
    };
    // The CSRF pair, then a reseller and a partner session.
    const reseller = new Agent(t.app, '198.51.100.31');
    keep(await reseller.post('/rpc-api/csrf'));
    expect(keep(await reseller.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const partner = new Agent(t.app, '198.51.100.32');
    expect(keep(await partner.signIn('partner', 'demopartner')).statusCode).toBe(200);
    // A refreshed pair is set again with the same attributes.
    keep(await reseller.post('/rpc-api/reseller/auth/v1/refresh-token'));
    // The pending two-factor sign-in.
    const twofa = new Agent(t.app, '198.51.100.33');
    expect(keep(await twofa.signIn('reseller', 'twofa@example.com')).statusCode).toBe(200);
    // A partner's referral link.
    keep(await t.app.inject({ url: '/ref/rpc/demopartner', remoteAddress: '198.51.100.34' }));
    // Signing out clears the session cookies, also as Secure.
    keep(await reseller.post('/rpc-api/reseller/logout'));

    const names = new Set(seen.map((cookie) => cookie.name));
    expect([...names].sort()).toEqual(Object.keys(designedCookies).sort());
    for (const cookie of seen) {
      const design = designedCookies[cookie.name];
      expect(cookie.secure, `${cookie.name} is Secure`).toBe(true);
      // Clearing a cookie needs no SameSite; a cookie with a value has the designed one.
      if (cookie.value !== '') {
        expect(cookie.sameSite, `${cookie.name} SameSite`).toBe(design?.sameSite);
      }
      expect(Boolean(cookie.httpOnly), `${cookie.name} HttpOnly`).toBe(design?.httpOnly);
    }
    // The refresh token only ever travels to the API.
    expect(seen.find((cookie) => cookie.name === 'rsr_rt')?.path).toBe('/rpc-api');
  });
});

describe('over plain HTTP: every API answer, errors included', () => {
  let t: TestApp;
  let signedIn: Agent;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_LIMIT_PER_ACCOUNT: '2' });
    signedIn = new Agent(t.app, '198.51.100.41');
    expect((await signedIn.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const expectApiHeaders = (response: LightMyRequestResponse) => {
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // HSTS only over HTTPS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  };

  it('a public answer', async () => {
    const response = await t.app.inject({ url: '/rpc-api/config' });
    expect(response.statusCode).toBe(200);
    expectApiHeaders(response);
  });

  it('the API docs page: not framed, and no upgrade to an https:// address that is not there', async () => {
    const response = await t.app.inject({ url: '/rpc-api/docs' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('a signed-in answer', async () => {
    const response = await signedIn.get('/rpc-api/reseller/user_info');
    expect(response.statusCode).toBe(200);
    expectApiHeaders(response);
  });

  it.each([
    ['404, an unknown call', { url: '/rpc-api/no-such-call' }, 404],
    ['401, no session', { url: '/rpc-api/reseller/user_info' }, 401],
    ['403, no CSRF token', { method: 'POST', url: '/rpc-api/reseller/user/add' }, 403],
  ] as const)('an error answer: %s', async (_, request, status) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(status);
    expectApiHeaders(response);
    expect(response.json<{ status: string }>().status).toBe('ERROR');
  });

  it('an error answer: 400, a field the schema refuses', async () => {
    const agent = new Agent(t.app, '198.51.100.42');
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/user_signin', { username: ' ' });
    expect(response.statusCode).toBe(400);
    expectApiHeaders(response);
  });

  it('an error answer: 413, a body over the limit', async () => {
    const agent = new Agent(t.app, '198.51.100.43');
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/user_signin', {
      username: 'a'.repeat(1_100_000),
      password: 'x',
    });
    expect(response.statusCode).toBe(413);
    expectApiHeaders(response);
  });

  it('an error answer: 429, too many attempts', async () => {
    const agent = new Agent(t.app, '198.51.100.44');
    let response = await agent.signIn('reseller', 'subuser@example.com', 'Wrong@1234');
    for (let i = 0; i < 3 && response.statusCode !== 429; i += 1) {
      response = await agent.signIn('reseller', 'subuser@example.com', 'Wrong@1234');
    }
    expect(response.statusCode).toBe(429);
    expectApiHeaders(response);
  });
});
