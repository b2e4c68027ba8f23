import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginationMessages } from '../../src/domain/api/reseller-api-pagination';
import { errorOf, expectRefusal } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Cursor pagination on the reseller API's lists: `limit` rows, `next_cursor` until null, stable
 * while users come and go between pages; a cursor is refused when it is not one the list gave
 * out (malformed, edited, another account's, another sort's), never read as "from the start".
 */

interface Page<T> {
  rows: T[];
  total: number;
  page: number | null;
  pageSize: number;
  limit: number;
  next_cursor: string | null;
}
interface User {
  id: string;
  email: string;
  username: string;
  createdAt: string;
}

let t: TestApp;
let globexKey = '';
let acmeKey = '';
let ipCounter = 1;
// Each test calls from its own address: the API's limit (120 a minute) counts per address.
let ip = '10.40.0.1';

beforeAll(async () => {
  t = await createTestApp();
  globexKey = await resellerApiKey(t.app, 'globex@example.com');
  acmeKey = await resellerApiKey(t.app, 'reseller@example.com');
});
afterAll(() => t.close());

function get(url: string, key: string, query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url,
    query,
    headers: { 'x-api-key': key },
    remoteAddress: ip,
  });
}

function pageOf<T>(response: LightMyRequestResponse, rowsKey: string): Page<T> {
  expect(response.statusCode, response.body).toBe(200);
  const message = response.json<{ message: Record<string, unknown> }>().message;
  return { ...(message as unknown as Page<T>), rows: message[rowsKey] as T[] };
}

/** Every page of a list from the first, following next_cursor; `between` runs after each page. */
async function walk<T>(
  url: string,
  key: string,
  query: Record<string, string>,
  rowsKey: string,
  between?: (pageNumber: number) => Promise<void>,
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = pageOf<T>(
      await get(url, key, cursor ? { ...query, cursor } : query),
      rowsKey,
    );
    pages.push(page);
    cursor = page.next_cursor;
    await between?.(pages.length);
  } while (cursor !== null && pages.length < 50);
  return pages;
}

const users = (query: Record<string, string>, between?: (n: number) => Promise<void>) =>
  walk<User>('/reseller-api/v1/users', globexKey, query, 'users', between);

const firstCursor = async (key: string, url: string, query: Record<string, string>) => {
  const response = await get(url, key, query);
  expect(response.statusCode, response.body).toBe(200);
  const cursor = response.json<{ message: { next_cursor: string | null } }>().message.next_cursor;
  if (!cursor) throw new Error('no next page');
  return cursor;
};

const api = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-api-key': globexKey, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: ip,
  });

describe('GET /reseller-api/v1/users by cursor', () => {
  beforeAll(() => {
    ip = `10.40.1.${String(ipCounter++)}`;
  });

  it("walks Globex's 130 users in 3 pages of at most 50, each once, the last cursor null", async () => {
    const pages = await users({ limit: '50' });
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 30]);
    const ids = pages.flatMap((page) => page.rows.map((user) => user.id));
    expect(new Set(ids).size).toBe(130);
    expect(pages.map((page) => page.next_cursor === null)).toEqual([false, false, true]);
    expect(pages.map((page) => page.page)).toEqual([1, null, null]);
    expect(pages.every((page) => page.total === 130 && page.limit === 50)).toBe(true);
    // Newest first (the default sort), across the page boundaries too.
    const created = pages.flatMap((page) => page.rows.map((user) => user.createdAt));
    expect(created).toEqual([...created].sort().reverse());
  });

  it('without limit answers 25 a page', async () => {
    const [first] = await users({});
    expect(first?.rows).toHaveLength(25);
    expect(first?.limit).toBe(25);
  });

  it('follows every sort, both ways, without a repeat or a gap', async () => {
    for (const sort of ['username', 'isActive', 'created_date']) {
      for (const order of ['asc', 'desc']) {
        const pages = await users({ limit: '40', sort, order });
        const ids = pages.flatMap((page) => page.rows.map((user) => user.id));
        expect(ids, `${sort} ${order}`).toHaveLength(130);
        expect(new Set(ids).size, `${sort} ${order}`).toBe(130);
      }
    }
    const byName = await users({ limit: '40', sort: 'username', order: 'asc' });
    const names = byName.flatMap((page) => page.rows.map((user) => user.username));
    expect(names).toEqual([...names].sort());
  });

  it('a user invited and one removed between pages: no repeat, no skip', async () => {
    const before = await users({ limit: '50' });
    const everyone = before.flatMap((page) => page.rows.map((user) => user.id));
    const walked = await users({ limit: '50' }, async (pageNumber) => {
      if (pageNumber !== 1) return;
      // Newest of all (so before the cursor in the default order), and one already seen gone.
      const invited = await api('/reseller-api/v1/users/invite', {
        email: 'between.pages@globex.example.com',
        role: 'sub_user',
        allotedComputers: '0',
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const removed = await api('/reseller-api/v1/users/delete', { userIds: everyone[10] ?? '' });
      expect(removed.statusCode, removed.body).toBe(200);
    });
    const ids = walked.flatMap((page) => page.rows.map((user) => user.id));
    expect(new Set(ids).size).toBe(ids.length);
    // Every user the first page did not cover still comes, exactly once.
    expect(ids.slice(50).sort()).toEqual(everyone.slice(50).sort());
  });

  it('the deprecated page and pageSize still page by number, and hand a cursor on', async () => {
    const second = pageOf<User>(
      await get('/reseller-api/v1/users', globexKey, { page: '2', pageSize: '50' }),
      'users',
    );
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(50);
    expect(second.next_cursor).not.toBeNull();
    const third = pageOf<User>(
      await get('/reseller-api/v1/users', globexKey, {
        limit: '50',
        cursor: second.next_cursor ?? '',
      }),
      'users',
    );
    expect(third.rows.length).toBe(second.total - 100);
    expect(third.next_cursor).toBeNull();
  });
});

describe('GET /reseller-api/v1/users: refused paging, with the envelope', () => {
  beforeAll(() => {
    ip = `10.40.2.${String(ipCounter++)}`;
  });

  const refused = async (query: Record<string, string>, key = globexKey) => {
    const response = await get('/reseller-api/v1/users', key, query);
    expectRefusal(response, JSON.stringify(query));
    return errorOf(response);
  };

  it('a limit of 0, 101 or not a number', async () => {
    for (const limit of ['0', '101', 'ten', '2.5']) {
      expect(await refused({ limit })).toMatchObject({
        description: 'VALIDATION_FAILED',
        field: 'limit',
        message: paginationMessages.limit,
      });
    }
    for (const limit of ['1', '100']) {
      expect((await get('/reseller-api/v1/users', globexKey, { limit })).statusCode).toBe(200);
    }
  });

  it('a malformed or edited cursor', async () => {
    const cursor = await firstCursor(globexKey, '/reseller-api/v1/users', { limit: '5' });
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { k: unknown[] };
    const edited = Buffer.from(
      JSON.stringify({ ...decoded, k: ['2000-01-01T00:00:00.000Z', ...decoded.k.slice(1)] }),
    ).toString('base64url');
    // Outside the documented shape (a character base64url lacks, too long): 400; well formed
    // but not one this list gave out: 422 RULE_FAILED (refused() checks the code fits).
    for (const bad of ['not a cursor!', 'abc', cursor.slice(0, -4), edited, 'x'.repeat(2000)]) {
      expect(await refused({ cursor: bad })).toMatchObject({ field: 'cursor' });
    }
    expect((await refused({ cursor: edited }))?.description).toBe('RULE_FAILED');
    expect((await refused({ cursor: 'abc' }))?.message).toBe(paginationMessages.cursor);
  });

  it('a cursor sent with another sort, or with page and pageSize', async () => {
    const cursor = await firstCursor(globexKey, '/reseller-api/v1/users', { limit: '5' });
    expect(await refused({ cursor, sort: 'username' })).toMatchObject({
      field: 'cursor',
      message: paginationMessages.otherSort,
    });
    expect(await refused({ cursor, page: '2' })).toMatchObject({
      field: 'cursor',
      message: paginationMessages.mixed,
    });
    expect(await refused({ limit: '10', pageSize: '10' })).toMatchObject({ field: 'limit' });
  });

  it("another account's cursor is refused and shows nothing of either account", async () => {
    const globexCursor = await firstCursor(globexKey, '/reseller-api/v1/users', { limit: '5' });
    const response = await get('/reseller-api/v1/users', acmeKey, { cursor: globexCursor });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.message).toBe(paginationMessages.cursor);
    expect(response.body).not.toContain('globex.example.com');
    expect(response.body).not.toContain('acme-remote');
    // Nor does a users cursor work on another list.
    const onComputers = await get('/reseller-api/v1/computers', globexKey, {
      cursor: globexCursor,
    });
    expect(onComputers.statusCode).toBe(422);
  });

  it('no key: 401 before the paging is read', async () => {
    const response = await t.app.inject({
      url: '/reseller-api/v1/users?limit=0',
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /reseller-api/v1/computers by cursor', () => {
  beforeAll(() => {
    ip = `10.40.3.${String(ipCounter++)}`;
  });

  const computers = (query: Record<string, string>, key = acmeKey) =>
    walk<{ id: string; name: string }>('/reseller-api/v1/computers', key, query, 'computers');

  it("walks Acme's 40 computers A to Z, 15 at a time", async () => {
    const pages = await computers({ limit: '15' });
    expect(pages.map((page) => page.rows.length)).toEqual([15, 15, 10]);
    const names = pages.flatMap((page) => page.rows.map((computer) => computer.name));
    expect(new Set(names).size).toBe(40);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(pages.at(-1)?.next_cursor).toBeNull();
  });

  it('follows the other sorts, a filter, and refuses bad paging', async () => {
    for (const sort of ['last_seen', 'status']) {
      for (const order of ['asc', 'desc']) {
        const ids = (await computers({ limit: '7', sort, order })).flatMap((page) =>
          page.rows.map((computer) => computer.id),
        );
        expect(new Set(ids).size, `${sort} ${order}`).toBe(40);
      }
    }
    const kiosks = await computers({ limit: '3', q: 'kiosk' });
    expect(kiosks.flatMap((page) => page.rows)).toHaveLength(8);
    const bad: Record<string, string>[] = [{ limit: '0' }, { limit: '101' }, { cursor: 'abc' }];
    for (const query of bad) {
      const response = await get('/reseller-api/v1/computers', acmeKey, query);
      expectRefusal(response);
    }
  });

  it("another account's computers cursor is refused", async () => {
    const cursor = await firstCursor(acmeKey, '/reseller-api/v1/computers', { limit: '5' });
    const response = await get('/reseller-api/v1/computers', globexKey, { cursor });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.field).toBe('cursor');
  });
});

describe('GET /reseller-api/v1/groups: whole as in v1, or by cursor', () => {
  beforeAll(() => {
    ip = `10.40.4.${String(ipCounter++)}`;
  });

  it('without limit or cursor answers every group, as v1 always did', async () => {
    const all = pageOf<{ name: string }>(
      await get('/reseller-api/v1/groups', acmeKey, {}),
      'groups',
    );
    expect(all.rows.map((group) => group.name)).toEqual([
      'Head Office',
      'Kiosks',
      'Remote Staff',
      'Servers',
      'Warehouse',
    ]);
    expect(all.limit).toBeNull();
    expect(all.next_cursor).toBeNull();
  });

  it('with a limit walks them A to Z, and refuses bad paging', async () => {
    const pages = await walk<{ name: string }>(
      '/reseller-api/v1/groups',
      acmeKey,
      { limit: '2' },
      'groups',
    );
    expect(pages.map((page) => page.rows.map((group) => group.name))).toEqual([
      ['Head Office', 'Kiosks'],
      ['Remote Staff', 'Servers'],
      ['Warehouse'],
    ]);
    const cursor = pages[0]?.next_cursor ?? '';
    const bad: Record<string, string>[] = [{ limit: '0' }, { limit: '101' }, { cursor: 'abc' }];
    for (const query of bad) {
      expectRefusal(await get('/reseller-api/v1/groups', acmeKey, query));
    }
    const other = await get('/reseller-api/v1/groups', globexKey, { cursor });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)?.field).toBe('cursor');
  });
});
