import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { IDENTITY_PROVIDER_POSTS, PUBLIC_READS, PUBLIC_WRITES } from './helpers/public-routes';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Generic checks over the server's own route table: a route added later is covered without
 * editing this file. Only the allow lists name routes, each with its reason (public routes in
 * helpers/public-routes.ts, shared with the tenant-isolation suite).
 */

const CSRF_EXEMPT = new Set(['/rpc-api/csrf', ...IDENTITY_PROVIDER_POSTS]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isApi = (url: string) => url.startsWith('/rpc-api/') || url.startsWith('/reseller-api/');
const isDocs = (url: string) => url.startsWith('/rpc-api/docs');
/** Fills route parameters with a syntactically valid value that names nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x0').replace(/\*$/, '');

const percent = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
/**
 * Spellings of a path that route to the same handler: the prefix's first letter encoded
 * (`/%72pc-api/...`), and a letter of the last segment encoded. Security decisions must read the
 * route that matched, so each must be refused exactly like the plain path.
 */
function encodedVariants(path: string): string[] {
  const prefix = `/${percent(path.charAt(1))}${path.slice(2)}`;
  const at = path.search(/[a-z](?=[^/]*$)/);
  const last =
    at > 0 ? `${path.slice(0, at)}${percent(path.charAt(at))}${path.slice(at + 1)}` : prefix;
  return [prefix, last];
}

function apiRoutes(methods: string[]) {
  return t.app.routeTable.filter(
    (r) => methods.includes(r.method) && isApi(r.url) && !isDocs(r.url),
  );
}

describe('every API route', () => {
  it("exempts from CSRF and sessions exactly the reviewed identity providers' posts", () => {
    const declared = t.app.routeTable
      .filter((r) => r.policy?.access === 'identity-provider')
      .map((r) => r.url);
    expect(new Set(declared)).toEqual(IDENTITY_PROVIDER_POSTS);
  });

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
      if (PUBLIC_WRITES.has(route.url) || IDENTITY_PROVIDER_POSTS.has(route.url)) continue;
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

  it('gives an encoded spelling of each path the same refusals (CSRF, 401, no-store)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])) {
      const isRead = route.method === 'GET';
      for (const url of encodedVariants(concrete(route.url))) {
        const agent = new Agent(t.app);
        await agent.csrf();
        const noToken = await agent.request({
          method: route.method as 'POST',
          url,
          form: {},
          csrf: false,
        });
        if (!isRead && !CSRF_EXEMPT.has(route.url) && noToken.statusCode !== 403) {
          failures.push(`${route.method} ${url} without CSRF -> ${noToken.statusCode}`);
        }
        const anonymous = isRead
          ? await t.app.inject({ method: 'GET', url })
          : await agent.request({ method: route.method as 'POST', url, form: {} });
        const isPublic = isRead
          ? PUBLIC_READS.has(route.url)
          : PUBLIC_WRITES.has(route.url) || IDENTITY_PROVIDER_POSTS.has(route.url);
        if (!isPublic && anonymous.statusCode !== 401) {
          failures.push(`${route.method} ${url} anonymous -> ${anonymous.statusCode}`);
        }
        if (anonymous.headers['cache-control'] !== 'no-store') {
          failures.push(
            `${route.method} ${url}: cache-control ${String(anonymous.headers['cache-control'])}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('marks an unknown API path no-store however it is spelled', async () => {
    for (const url of [
      '/rpc-api/no-such-call',
      '/%72pc-api/no-such-call',
      '/reseller-%61pi/v1/none',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks every API answer Cache-Control: no-store', async () => {
    for (const route of apiRoutes(['GET']).filter((r) => PUBLIC_READS.has(r.url))) {
      const response = await t.app.inject({ method: 'GET', url: concrete(route.url) });
      expect(response.headers['cache-control'], route.url).toBe('no-store');
    }
  });
});
