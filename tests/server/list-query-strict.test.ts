import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from './helpers/agent';
import { errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The list calls refuse a query their published schema forbids (an unknown sort, a page size out
 * of bounds) with the error envelope, instead of silently answering with the defaults.
 */

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app, 'reseller', 'reseller@example.com');
});
afterAll(() => t.close());

const LISTS = [
  '/rpc-api/reseller/user/get',
  '/rpc-api/reseller/account/get/cancelusers',
  '/rpc-api/reseller/user/export',
  '/rpc-api/reseller/computer/get',
];

describe('list queries', () => {
  it.each(LISTS)('%s answers the defaults when nothing is asked', async (url) => {
    expect((await admin.get(url)).statusCode).toBe(200);
  });

  it.each([
    [{ sort: 'AAA' }, 'sort'],
    [{ order: 'sideways' }, 'order'],
    [{ pageSize: '1000' }, 'pageSize'],
    [{ pageSize: '1' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ q: 'x'.repeat(81) }, 'q'],
  ])('refuses %j, naming the field', async (query, field) => {
    for (const url of LISTS) {
      const response = await admin.get(url, query);
      expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(errorOf(response)?.field).toBe(field);
    }
  });

  it('says what a page size may be', async () => {
    const response = await admin.get('/rpc-api/reseller/user/get', { pageSize: '1000' });
    expect(errorOf(response)?.message).toBe('Page size must be a whole number from 5 to 100');
  });

  it('refuses a users filter that is not one of its values', async () => {
    const queries: Record<string, string>[] = [
      { status: 'gone' },
      { role: 'owner' },
      { team: 'a b' },
    ];
    for (const query of queries) {
      const response = await admin.get('/rpc-api/reseller/user/get', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
