import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subUserSortFields } from '../../src/domain/sorting';
import { computerSortFields } from '../../src/domain/api/computers';
import { invoiceSortFields } from '../../src/domain/api/invoices';
import { activitySortFields } from '../../src/domain/api/reseller-account';
import { Agent } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { queriesOf, statementsOf } from './helpers/statements';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every sorted list, with its sorts. A list whose ORDER BY repeats a term (the sort column again
 * as its own tie-break) made SQLite sort the repeated terms itself instead of reading the page
 * from its index: the activity log's page took 240 µs instead of 131. The walk below fails on a
 * repeated term, and the first test on a sorted list it does not know.
 */
const SORTED_LISTS: Record<string, readonly string[]> = {
  '/rpc-api/reseller/user/get': subUserSortFields,
  '/rpc-api/reseller/account/get/cancelusers': subUserSortFields,
  '/rpc-api/reseller/user/export': subUserSortFields,
  '/rpc-api/reseller/computer/get': computerSortFields,
  '/rpc-api/reseller/log/activity/get': activitySortFields,
  '/rpc-api/reseller/ecom/invoices': invoiceSortFields,
  '/reseller-api/v1/users': subUserSortFields,
  '/reseller-api/v1/computers': computerSortFields,
};

/**
 * The sorts an index serves (and the default, no sort asked): their pages must be read in index
 * order both ways. A tie-break against the sort's direction, or an index without it, made SQLite
 * sort each run of equal keys in a temporary B-tree (an activity page took 98 µs, 74 without).
 */
const INDEXED_SORTS: Record<string, readonly string[]> = {
  '/rpc-api/reseller/user/get': ['created_date', 'username'],
  '/rpc-api/reseller/computer/get': ['name'],
  '/rpc-api/reseller/log/activity/get': ['created_at'],
  '/rpc-api/reseller/ecom/invoices': ['issuedAt'],
  '/reseller-api/v1/users': ['created_date', 'username'],
  '/reseller-api/v1/computers': ['name'],
};

let t: TestApp;
let admin: Agent;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
  apiKey = await resellerApiKey(t.app, 'reseller@example.com');
});
afterAll(() => t.close());

/** The terms of each ORDER BY in a statement (outside parentheses' own commas). */
function orderTerms(statement: string): string[][] {
  const lists: string[][] = [];
  const pattern = /\border by\b/gi;
  for (let match = pattern.exec(statement); match; match = pattern.exec(statement)) {
    const terms: string[] = [];
    let depth = 0;
    let term = '';
    for (const char of statement.slice(match.index + match[0].length)) {
      if (char === '(') depth += 1;
      if (char === ')' && (depth -= 1) < 0) break;
      if (char === ',' && depth === 0) {
        terms.push(term);
        term = '';
        continue;
      }
      term += char;
    }
    terms.push(term.split(/\b(?:limit|offset)\b/i)[0] ?? '');
    lists.push(terms.map((each) => each.replace(/\s+(asc|desc)\s*$/i, '').trim()));
  }
  return lists;
}

describe('sorted lists', () => {
  it('knows every sorted list the server has', () => {
    const sorted = t.app.routeTable
      .filter((route) => route.method === 'GET' && route.fields.includes('sort'))
      .map((route) => route.url);
    expect(sorted.sort()).toEqual(Object.keys(SORTED_LISTS).sort());
  });

  it('reads the ORDER BY terms of a statement', () => {
    expect(
      orderTerms('select a from t order by lower(a) desc, b, f(c, d) limit ? offset ?'),
    ).toEqual([['lower(a)', 'b', 'f(c, d)']]);
    expect(orderTerms('select * from (select id from t order by x limit 5) p order by x')).toEqual([
      ['x'],
      ['x'],
    ]);
  });

  /** The list's answer to `query`, as the console or an API client asks for it. */
  const list = (url: string, query: Record<string, string>) =>
    url.startsWith('/reseller-api/')
      ? t.app.inject({ method: 'GET', url, query, headers: { 'x-api-key': apiKey } })
      : admin.get(url, query);

  for (const [url, sorts] of Object.entries(SORTED_LISTS)) {
    it(`${url} never repeats an ORDER BY term, under any sort and order`, async () => {
      for (const sort of sorts) {
        for (const order of ['asc', 'desc']) {
          const query = { sort, order };
          const statements = await statementsOf(t.db, async () => {
            const response = await list(url, query);
            expect(response.statusCode, `${url} ${sort} ${order}: ${response.body}`).toBe(200);
          });
          const lists = statements.flatMap(orderTerms);
          expect(lists.length, `${url} ${sort}: no ORDER BY`).toBeGreaterThan(0);
          for (const terms of lists) {
            expect(new Set(terms).size, `${url} ${sort} ${order}: ${terms.join(', ')}`).toBe(
              terms.length,
            );
          }
        }
      }
    });
  }

  // The plans are SQLite's; PostgreSQL's depend on its statistics and are not asserted here.
  for (const [url, sorts] of Object.entries(INDEXED_SORTS)) {
    it.runIf(!process.env.TEST_DATABASE_URL)(
      `${url} reads a page in index order under its indexed sorts, both ways (SQLite)`,
      async () => {
        const queries = [
          {},
          ...sorts.flatMap((sort) => ['asc', 'desc'].map((order) => ({ sort, order }))),
        ];
        for (const query of queries) {
          const run = await queriesOf(t.db, () => list(url, query));
          const pages = run.filter((each) => /\border by\b/i.test(each.sql));
          expect(pages.length, `${url} ${JSON.stringify(query)}: no page`).toBeGreaterThan(0);
          for (const page of pages) {
            const plan = await t.db.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${page.sql}`, [...page.parameters]),
            );
            const steps = plan.rows.map((row) => row.detail).join(' | ');
            expect(steps, `${url} ${JSON.stringify(query)}`).not.toMatch(/TEMP B-TREE/);
          }
        }
      },
    );
  }
});
