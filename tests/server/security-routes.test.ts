import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Generic checks over the server's own route table: a route added later is covered without
 * editing this file. Only the allow lists below name routes, each with its reason.
 */

/** API reads anyone may make. */
const PUBLIC_READS = new Set([
  '/rpc-api/config', // product name and support e-mail for the sign-in pages
  '/rpc-api/iplocation', // the visitor's country, before sign-in (data-centre choice)
  '/rpc-api/health', // load balancer probe
  '/rpc-api/dc/probes', // data-centre test images, timed before sign-in (invited-user signup)
  '/rpc-api/dc/probe/:file', // the 1x1 test image itself, no data
  '/rpc-api/openapi.json', // the published API description
  '/rpc-api/reseller/logout', // logout pages must work with an expired session
  '/rpc-api/partner/logout',
  '/rpc-api/reseller/redirect/reseller_login', // a redirect, no data
  '/rpc-api/reset_password/check', // the reset page checks its e-mailed link before sign-in
  '/rpc-api/partner/countries', // country list of the public partner signup form
  '/rpc-api/partner/states', // state list of the public partner signup form
  '/rpc-api/reseller/invite/check', // the invited user has no account yet; the link is the credential
  '/rpc-api/captcha/challenge', // a signed proof-of-work challenge, before signup
  '/rpc-api/reseller/signup', // the plans and countries of the public signup form
  '/rpc-api/chromebook/captcha/verify/response', // the Chromebook app polls its own session's pass
]);

/** State-changing API calls made before there is a session (they still need the CSRF token). */
const PUBLIC_WRITES = new Set([
  '/rpc-api/csrf', // issues the CSRF token itself, so it cannot require one
  '/rpc-api/reseller/user_signin',
  '/rpc-api/partner/user_signin',
  '/rpc-api/partner/partnerSignup', // partner signup, step one: there is no account yet
  '/rpc-api/partner/continuePartenrSignup', // partner signup, step two: creates the account
  '/rpc-api/partner/forgotPasswordLink', // a partner who forgot the password has no session
  '/rpc-api/partner/resetpartner_password', // authenticated by the e-mailed link's token
  '/rpc-api/reseller/support/otp_signin',
  '/rpc-api/forgot_password', // a signed-out user asks for a reset link
  '/rpc-api/reset_password', // authenticated by the single-use token of the e-mailed link
  '/rpc-api/reseller/account/change/email/confirm', // the e-mailed link's single-use token
  '/rpc-api/reseller/auth/v1/refresh-token', // authenticated by the refresh cookie instead
  '/rpc-api/partner/auth/v1/refresh-token',
  '/rpc-api/reseller/invitedUserSignup', // invited-user signup: no account yet, the link is the credential
  '/rpc-api/reseller/freeRBSTrialSignup', // self-service signup: no account yet, behind the captcha
  '/rpc-api/reseller/paidRBSSignup',
  '/rpc-api/reseller/registration/process', // the signup's mailed single-use verification token
  '/rpc-api/chromebook/captcha/verify', // the captcha itself is the check
]);

const CSRF_EXEMPT = new Set(['/rpc-api/csrf']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isApi = (url: string) => url.startsWith('/rpc-api/') || url.startsWith('/reseller-api/');
const isDocs = (url: string) => url.startsWith('/rpc-api/docs');
/** Fills route parameters with a syntactically valid value that names nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x0').replace(/\*$/, '');

function apiRoutes(methods: string[]) {
  return t.app.routeTable.filter(
    (r) => methods.includes(r.method) && isApi(r.url) && !isDocs(r.url),
  );
}

describe('every API route', () => {
  it('the route table is not empty (the suite is really looking at routes)', () => {
    expect(apiRoutes(['GET']).length).toBeGreaterThan(3);
    expect(apiRoutes(['POST']).length).toBeGreaterThan(3);
  });

  it('refuses a state-changing call without the CSRF header (403)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(['POST', 'PUT', 'PATCH', 'DELETE'])) {
      if (CSRF_EXEMPT.has(route.url)) continue;
      const agent = new Agent(t.app);
      await agent.csrf();
      const response = await agent.request({
        method: route.method as 'POST',
        url: concrete(route.url),
        form: {},
        csrf: false,
      });
      if (response.statusCode !== 403 || errorOf(response)?.description !== 'CSRF_INVALID') {
        failures.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an anonymous read of a private route (401)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(['GET'])) {
      if (PUBLIC_READS.has(route.url)) continue;
      const response = await t.app.inject({ method: 'GET', url: concrete(route.url) });
      if (response.statusCode !== 401) failures.push(`GET ${route.url} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an anonymous state-changing call to a private route (401), CSRF token present', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(['POST', 'PUT', 'PATCH', 'DELETE'])) {
      if (PUBLIC_WRITES.has(route.url)) continue;
      const agent = new Agent(t.app);
      await agent.csrf();
      const response = await agent.request({
        method: route.method as 'POST',
        url: concrete(route.url),
        form: {},
      });
      if (response.statusCode !== 401)
        failures.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to an empty or junk request, and always with the envelope', async () => {
    const failures: string[] = [];
    const agent = new Agent(t.app);
    await agent.signIn('reseller', 'reseller@example.com');
    for (const route of apiRoutes(['GET', 'POST'])) {
      const response = await agent.request({
        method: route.method as 'GET' | 'POST',
        url: concrete(route.url),
        ...(route.method === 'POST'
          ? { form: { username: "' OR 1=1 --", password: '<script>', otp: '../../etc/passwd' } }
          : { query: { page: '-1', q: '\u0000' } }),
      });
      const body = String(response.headers['content-type'] ?? '').includes('json')
        ? response.json<{ status?: string }>()
        : {};
      if (response.statusCode >= 500)
        failures.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      if (response.statusCode >= 400 && body.status !== 'ERROR') {
        failures.push(`${route.method} ${route.url}: no error envelope`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('marks every API answer Cache-Control: no-store', async () => {
    for (const route of apiRoutes(['GET']).filter((r) => PUBLIC_READS.has(r.url))) {
      const response = await t.app.inject({ method: 'GET', url: concrete(route.url) });
      expect(response.headers['cache-control'], route.url).toBe('no-store');
    }
  });
});
