import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';
import { statementsOf } from './helpers/statements';

/**
 * Lists read their total with the page on PostgreSQL (a count subquery, one statement), on its own
 * on SQLite. A page past the end brings no row and so no total: it is counted on its own then.
 * Every page of a list, the one past the end included, must give the same total as reading the
 * whole list at once.
 */

let t: TestApp;
let acme: Agent;

beforeAll(async () => {
  t = await createTestApp();
  acme = await signedInAgent(t.app, 'reseller', 'reseller@example.com');
});
afterAll(() => t.close());

const lists = [
  { name: 'computers', url: '/rpc-api/reseller/computer/get', items: 'computers' },
  { name: 'activity log', url: '/rpc-api/reseller/log/activity/get', items: 'entries' },
  { name: 'invoices', url: '/rpc-api/reseller/ecom/invoices', items: 'items' },
] as const;

async function page(url: string, items: string, query: Record<string, string>) {
  const response = await acme.get(url, query);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ message: Record<string, unknown> & { total: number } }>().message;
  return { total: body.total, count: (body[items] as unknown[]).length };
}

describe('list totals come with the page, and past the end too', () => {
  it.each(lists)('$name', async ({ url, items }) => {
    const whole = await page(url, items, { pageSize: '100' });
    expect(whole.total).toBe(whole.count);
    expect(whole.total).toBeGreaterThan(5);
    const second = await page(url, items, { pageSize: '5', page: '2' });
    expect(second).toEqual({ total: whole.total, count: Math.min(5, whole.total - 5) });
    const past = await page(url, items, { pageSize: '5', page: '999' });
    expect(past).toEqual({ total: whole.total, count: 0 });
  });
});

// PostgreSQL only: SQLite counts in a statement of its own (list-total.ts).
describe.runIf(process.env.TEST_DATABASE_URL)('a page counts its matches once', () => {
  const searched = [
    ...lists,
    { name: 'users, searched', url: '/rpc-api/reseller/user/get?q=example.com', items: 'users' },
  ] as const;
  // A window (`count(*) over ()`) built every match, joins and all, before the page's limit: a
  // page of 1,000 computers cost the database seven times the CPU of a count subquery.
  it.each(searched)('$name: one statement, and no count over a window', async ({ url }) => {
    await acme.get(url); // the session's activity mark, if due, is written here
    const statements = await statementsOf(t.db, () => acme.get(url));
    expect(statements, statements.join('\n')).toHaveLength(2);
    for (const statement of statements) expect(statement).not.toMatch(/count\(\*\)\s*over/i);
  });
});
