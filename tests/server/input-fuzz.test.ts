import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Input fuzzing over the server's own route table (issue 10): every field of every route's body
 * and query schema gets hostile values (injection shapes, oversized, control and unicode
 * characters, wrong types). The answer is never a 5xx, a refusal always carries the error
 * envelope, and a refused request adds or removes no row. A route added later is covered
 * without editing this file.
 */

/** Routes that end the caller's session or mint tokens: fuzzing them would sign the agent out. */
const SKIPPED = new Set([
  '/rpc-api/reseller/logout',
  '/rpc-api/partner/logout',
  '/rpc-api/reseller/auth/v1/refresh-token',
  '/rpc-api/partner/auth/v1/refresh-token',
  '/rpc-api/csrf',
]);

/**
 * Written on refusals by design: the audit trail, session bookkeeping, and the rate-limit
 * counters (in the database on PostgreSQL, where every instance shares them).
 */
const TABLES_THAT_RECORD_REFUSALS = new Set(['audit_log', 'sessions', 'rate_limit_counters']);

const hostile = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '"><script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\u202e\u0041\u200b',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 漢字 🙂',
    '{"$gt":""}',
    '-1',
    '1e309',
    'NaN',
    'true',
    '',
    ' ',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.nat({ max: 20_000 }).map((length) => 'A'.repeat(length)),
);

let t: TestApp;
const agents: Record<'reseller' | 'partner', Agent | undefined> = {
  reseller: undefined,
  partner: undefined,
};

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP: '10000', SIGNIN_LIMIT_PER_ACCOUNT: '10000' });
});
afterAll(() => t.close());

/** A signed-in agent of the account kind the route belongs to (signed in again if it lost it). */
async function agentFor(route: RouteEntry, renew = false): Promise<Agent> {
  const kind = route.url.startsWith('/rpc-api/partner/') ? 'partner' : 'reseller';
  const existing = agents[kind];
  if (existing && !renew) return existing;
  const agent = new Agent(t.app, kind === 'partner' ? '10.9.0.2' : '10.9.0.1');
  const login = kind === 'partner' ? 'demopartner' : 'reseller@example.com';
  expect((await agent.signIn(kind, login)).statusCode).toBe(200);
  agents[kind] = agent;
  return agent;
}

async function isSignedIn(route: RouteEntry): Promise<boolean> {
  const agent = await agentFor(route);
  const kind = route.url.startsWith('/rpc-api/partner/') ? 'partner' : 'reseller';
  return (await agent.get(`/rpc-api/${kind}/user_info`)).statusCode === 200;
}

let countQuery: string | undefined;

/** Row counts of every table, in one round trip (table names come from the schema itself). */
async function rowCounts(): Promise<string> {
  if (!countQuery) {
    const tables = (await t.db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !TABLES_THAT_RECORD_REFUSALS.has(name) && /^\w+$/.test(name));
    countQuery = tables
      .map((name) => `select '${name}' as name, count(*) as rows from ${name}`)
      .join(' union all ');
  }
  const result = await sql.raw<{ name: string; rows: number | string }>(countQuery).execute(t.db);
  return result.rows
    .map((row) => `${row.name}:${String(row.rows)}`)
    .sort()
    .join(',');
}

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x0').replace(/\*$/, '');

function fuzzedRoutes(): RouteEntry[] {
  return t.app.routeTable.filter(
    (route) =>
      (route.method === 'GET' || route.method === 'POST') &&
      (route.url.startsWith('/rpc-api/') || route.url.startsWith('/reseller-api/')) &&
      !route.url.startsWith('/rpc-api/docs') &&
      !SKIPPED.has(route.url) &&
      route.fields.length > 0,
  );
}

describe('input fuzzing over every route schema', () => {
  it('finds routes with schemas to fuzz (the suite is really looking at routes)', () => {
    expect(fuzzedRoutes().length).toBeGreaterThan(20);
  });

  it('hostile values never give a 5xx, always the envelope, and change no rows when refused', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes()) {
      const values = fc.record(Object.fromEntries(route.fields.map((field) => [field, hostile])));
      await fc.assert(
        fc.asyncProperty(values, async (input) => {
          // A fuzzed call that ended the session (a sign-in attempt with junk) is not retried;
          // the next call signs in again first, outside the measured window.
          const agent = await agentFor(route, !(await isSignedIn(route)));
          const before = await rowCounts();
          const response = await agent.request({
            method: route.method as 'GET' | 'POST',
            url: concrete(route.url),
            ...(route.method === 'POST' ? { form: input } : { query: input }),
          });
          const label = `${route.method} ${route.url} ${JSON.stringify(input).slice(0, 200)}`;
          if (response.statusCode >= 500) {
            failures.push(`${label} -> ${String(response.statusCode)}`);
            return;
          }
          if (response.statusCode >= 400) {
            const isJson = String(response.headers['content-type'] ?? '').includes('json');
            const body = isJson ? response.json<{ status?: string }>() : {};
            if (body.status !== 'ERROR') failures.push(`${label}: no error envelope`);
            const after = await rowCounts();
            if (after !== before) {
              failures.push(`${label}: refused (${String(response.statusCode)}) but rows changed`);
            }
          }
        }),
        { numRuns: 10, seed: 20_261_122, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
