import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subUserSortFields } from '../../src/domain/sorting';
import { computerSortFields } from '../../src/domain/api/computers';
import { invoiceSortFields } from '../../src/domain/api/invoices';
import { activitySortFields } from '../../src/domain/api/reseller-account';
import { Agent } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { statementsOf } from './helpers/statements';
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

  for (const [url, sorts] of Object.entries(SORTED_LISTS)) {
    it(`${url} never repeats an ORDER BY term, under any sort and order`, async () => {
      for (const sort of sorts) {
        for (const order of ['asc', 'desc']) {
          const query = { sort, order };
          const statements = await statementsOf(t.db, async () => {
            const response = url.startsWith('/reseller-api/')
              ? await t.app.inject({ method: 'GET', url, query, headers: { 'x-api-key': apiKey } })
              : await admin.get(url, query);
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
});
