import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ROLE, policyAdmits } from '../../src/domain/api/route-policy';
import { can, type ResellerRole } from '../../src/domain/api/reseller-users';
import { supportDisabledUrls } from '../../src/domain/api/support';
import type { RouteEntry } from '../../server/app';
import { issueSupportOtp } from '../../server/services/support-otp';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { isPublicRoute } from './helpers/public-routes';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The role table (`permissions` in src/domain/api/reseller-users.ts) against the running server:
 * every API route declares a policy, and every reseller route answers each role as the table
 * says. Walks the server's own route table, so a new route is covered without editing this file.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isApi = (url: string) =>
  (url.startsWith('/rpc-api/') || url.startsWith('/reseller-api/')) &&
  !url.startsWith('/rpc-api/docs');
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x0').replace(/\*$/, '');
const apiRoutes = () => t.app.routeTable.filter((r) => isApi(r.url) && r.method !== 'HEAD');
const FORBIDDEN = 'You do not have permission to perform this action';

/** Calls a route with empty input: enough to pass the policy, never enough to change anything. */
function call(agent: Agent, route: RouteEntry) {
  return agent.request({
    method: route.method as 'GET' | 'POST',
    url: concrete(route.url),
    ...(route.method === 'GET' ? {} : { form: {} }),
  });
}

const signedIn = (email: string, ip: string) => signedInAgent(t.app, 'reseller', email, { ip });

describe('route policies', () => {
  it('every API route declares one', () => {
    const missing = apiRoutes().filter((r) => !r.policy);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(100);
  });

  it('a route is public exactly when the reviewed allow list says so', () => {
    const mismatched = apiRoutes().filter(
      (r) => (r.policy?.access === 'public') !== isPublicRoute(r) && r.method !== 'HEAD',
    );
    expect(mismatched.map((r) => `${r.method} ${r.url} (${String(r.policy?.access)})`)).toEqual([]);
  });

  it('the API key acts as the administrator, who alone may view or change it', () => {
    expect(can('admin', 'api.key')).toBe(true);
    expect(can('sub_admin', 'api.key')).toBe(false);
    expect(can('sub_user', 'api.key')).toBe(false);
    for (const route of apiRoutes().filter((r) => r.policy?.access === 'api-key')) {
      expect(route.policy && policyAdmits(route.policy, API_KEY_ROLE), route.url).toBe(true);
    }
    const keyRoutes = apiRoutes().filter((r) => r.url.startsWith('/rpc-api/reseller/config/token'));
    // View, change, and the key's dates (never the key) on the API Keys tab.
    expect(keyRoutes.length).toBe(3);
    for (const route of keyRoutes)
      expect(route.policy).toEqual({ access: 'reseller', permission: 'api.key' });
  });
});

describe('every reseller route answers each role as the role table says', () => {
  const cases: [ResellerRole, string, string][] = [
    ['admin', 'reseller@example.com', '198.51.100.11'],
    ['sub_admin', 'subadmin@example.com', '198.51.100.12'],
    ['sub_user', 'subuser@example.com', '198.51.100.13'],
  ];

  it.each(cases)('as %s', async (role, email, ip) => {
    const agent = await signedIn(email, ip);
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const policy = route.policy;
      if (policy?.access !== 'reseller') continue;
      const response = await call(agent, route);
      const refused = response.statusCode === 403 && errorOf(response)?.description === 'FORBIDDEN';
      if (refused === can(role, policy.permission)) {
        wrong.push(`${route.method} ${route.url} (${policy.permission}) -> ${response.statusCode}`);
      }
      if (refused) expect(errorOf(response)?.message).toBe(FORBIDDEN);
      // The walk must not sign itself out (a call that ended the session would hide the rest).
      expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
    expect(wrong).toEqual([]);
  });

  it('as a support-OTP session of the administrator: the spec list refused, the rest as admin', async () => {
    const { code } = await issueSupportOtp(t.db, 'reseller@example.com');
    const agent = new Agent(t.app, '198.51.100.14');
    await agent.csrf();
    const signIn = await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    expect(signIn.statusCode).toBe(200);
    const disabled = new Set<string>(supportDisabledUrls.map((url) => `/rpc-api${url}`));
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      if (route.policy?.access !== 'reseller') continue;
      const response = await call(agent, route);
      const refused = response.statusCode === 403 && errorOf(response)?.description === 'FORBIDDEN';
      if (refused !== disabled.has(route.url)) {
        wrong.push(`${route.method} ${route.url} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every URL of the spec's list is a real route, so the list cannot silently refer to nothing.
    const registered = new Set(apiRoutes().map((r) => r.url));
    expect([...disabled].filter((url) => !registered.has(url))).toEqual([]);
  });
});

describe('partner routes', () => {
  it('refuse a reseller session and admit a partner session', async () => {
    const reseller = await signedIn('reseller@example.com', '198.51.100.15');
    const partner = new Agent(t.app, '198.51.100.16');
    expect((await partner.signIn('partner', 'demopartner')).statusCode).toBe(200);
    const wrong: string[] = [];
    for (const route of apiRoutes().filter((r) => r.policy?.access === 'partner')) {
      const asReseller = await call(reseller, route);
      const asPartner = await call(partner, route);
      if (asReseller.statusCode !== 401)
        wrong.push(`reseller: ${route.url} -> ${asReseller.statusCode}`);
      if (asPartner.statusCode === 401) wrong.push(`partner: ${route.url} -> 401`);
    }
    expect(wrong).toEqual([]);
  });
});
