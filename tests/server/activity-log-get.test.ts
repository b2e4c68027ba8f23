import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMmDdYyyy } from '../../src/domain/dates';
import { accountIdOfUser } from './helpers/accounts';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/rpc-api/reseller/log/activity/get';
const USERS_URL = '/rpc-api/reseller/log/activity/users';

interface Page {
  entries: {
    action: string;
    action_label: string;
    category: string;
    user_email: string;
    user_id: string;
    created_at: string;
    ip: string;
    user_agent: string;
  }[];
  total: number;
  page: number;
  pageSize: number;
}

interface FilterUsers {
  users: { id: string; name: string; email: string }[];
  usersTotal: number;
}

const signedIn = (login = 'reseller@example.com') => signedInAgent(t.app, 'reseller', login);

const pageOf = (response: LightMyRequestResponse) => response.json<{ message: Page }>().message;
const usersOf = (response: LightMyRequestResponse) =>
  response.json<{ message: FilterUsers }>().message;
const daysAgo = (n: number) => formatMmDdYyyy(Date.now() - n * 86_400_000);

describe('activity log: /reseller/log/activity/get', () => {
  it('defaults to the last 7 days, newest first, with who, what, when, IP and user agent', async () => {
    const agent = await signedIn();
    const page = pageOf(await agent.get(URL));
    expect(page.total).toBeGreaterThan(5);
    const oldest = Date.now() - 8 * 86_400_000;
    for (const entry of page.entries) expect(Date.parse(entry.created_at)).toBeGreaterThan(oldest);
    const times = page.entries.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const signIn = page.entries.find((e) => e.action === 'signin');
    expect(signIn).toMatchObject({ action_label: 'Signed in', category: 'signin' });
    expect(signIn?.ip).not.toBe('');
    expect(signIn?.user_agent).not.toBe('');
    // The filter's users come from their own call, not with every page.
    expect(page).not.toHaveProperty('users');
    const offered = usersOf(await agent.get(USERS_URL));
    expect(offered.users.map((u) => u.email)).toContain('subuser@example.com');
  });

  it('filters by date range, user and action type, with server-side pagination', async () => {
    const agent = await signedIn();
    const range = { from: daysAgo(40), to: daysAgo(0) };
    const all = pageOf(await agent.get(URL, { ...range, pageSize: '10' }));
    expect(all.total).toBeGreaterThan(50);
    expect(all.entries).toHaveLength(10);
    const second = pageOf(await agent.get(URL, { ...range, pageSize: '10', page: '2' }));
    expect(second.page).toBe(2);
    expect((second.entries[0]?.created_at ?? '') <= (all.entries[9]?.created_at ?? '')).toBe(true);

    const sub = usersOf(await agent.get(USERS_URL)).users.find(
      (u) => u.email === 'subuser@example.com',
    );
    const byUser = pageOf(await agent.get(URL, { ...range, user: sub?.id ?? '', pageSize: '500' }));
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.entries.every((e) => e.user_email === 'subuser@example.com')).toBe(true);

    const apiKey = pageOf(await agent.get(URL, { ...range, category: 'apikey', pageSize: '500' }));
    expect(apiKey.total).toBeGreaterThan(0);
    expect(apiKey.entries.every((e) => e.action.startsWith('apikey.'))).toBe(true);
  });

  it('sorts by action ascending: by the label it shows, not the stored code', async () => {
    const agent = await signedIn();
    const range = { from: daysAgo(40), to: daysAgo(0), pageSize: '500' };
    for (const order of ['asc', 'desc'] as const) {
      const page = pageOf(await agent.get(URL, { ...range, sort: 'action', order }));
      const labels = page.entries.map((e) => e.action_label);
      const sorted = [...labels].sort();
      expect(labels).toEqual(order === 'asc' ? sorted : sorted.reverse());
      // Sorted by code, "logout" (Signed out) would come before "signin" (Signed in).
      expect(new Set(labels).size).toBeGreaterThan(3);
    }
  });

  it('rejects a malformed date (400) and needs a session (401)', async () => {
    const agent = await signedIn();
    const bad = await agent.get(URL, { from: '2026/01/01' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)?.description).toBe('VALIDATION_FAILED');
    expect((await new Agent(t.app).get(URL)).statusCode).toBe(401);
  });

  it('offers the filter at most 100 users, searched on the server, and keeps the one chosen', async () => {
    const accountId = await accountIdOfUser(t.db, 'trial@example.com');
    const many = Array.from({ length: 130 }, (_, i) => {
      const email = `filter-${String(i).padStart(3, '0')}@bulk.example.com`;
      return {
        id: crypto.randomUUID(),
        account_id: accountId,
        username: email,
        email,
        password_hash: 'not-a-hash',
        first_name: 'Filter',
        last_name: i === 42 ? 'Zanzibar' : 'Person',
        role: 'sub_user' as const,
        status: 'invited' as const,
        proxy_topic: crypto.randomUUID(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      };
    });
    const agent = await signedIn('trial@example.com');
    const before = usersOf(await agent.get(USERS_URL)).usersTotal;
    await t.db.insertInto('users').values(many).execute();

    const first = usersOf(await agent.get(USERS_URL));
    expect(first.usersTotal).toBe(before + 130);
    expect(first.users).toHaveLength(100);
    const emails = first.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());

    const byName = usersOf(await agent.get(USERS_URL, { search: 'zanzi' }));
    expect(byName.usersTotal).toBe(1);
    expect(byName.users).toEqual([
      { id: many[42]?.id, name: 'Filter Zanzibar', email: 'filter-042@bulk.example.com' },
    ]);
    const byEmail = usersOf(await agent.get(USERS_URL, { search: 'FILTER-12' }));
    expect(byEmail.users.map((u) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `filter-12${String(i)}@bulk.example.com`),
    );
    // LIKE's wildcards are taken literally.
    expect(usersOf(await agent.get(USERS_URL, { search: '%' })).usersTotal).toBe(0);

    // The user the log is filtered by is offered even past the first 100.
    const last = many[129]?.id ?? '';
    expect(emails).not.toContain('filter-129@bulk.example.com');
    const chosen = usersOf(await agent.get(USERS_URL, { user: last }));
    expect(chosen.users.map((u) => u.id)).toContain(last);
    expect(chosen.users).toHaveLength(101);

    for (const field of ['search', 'user']) {
      const tooLong = { [field]: 'x'.repeat(65) };
      const refused = await agent.get(USERS_URL, tooLong);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)?.description).toBe('VALIDATION_FAILED');
    }
    expect((await new Agent(t.app).get(USERS_URL)).statusCode).toBe(401);
  });

  it("shows a sub-user its own entries only, and never another account's", async () => {
    const sub = await signedIn('subuser@example.com');
    const page = pageOf(await sub.get(URL, { from: daysAgo(40), to: daysAgo(0), pageSize: '500' }));
    expect(page.entries.every((e) => e.user_email === 'subuser@example.com')).toBe(true);
    const offered = usersOf(await sub.get(USERS_URL, { search: 'example' }));
    expect(offered).toEqual({
      users: [expect.objectContaining({ email: 'subuser@example.com' })],
      usersTotal: 1,
    });

    const trial = await signedIn('trial@example.com');
    const admin = usersOf(await (await signedIn()).get(USERS_URL));
    const acmeUser = admin.users[0]?.id ?? '';
    const other = pageOf(
      await trial.get(URL, { from: daysAgo(40), to: daysAgo(0), user: acmeUser, pageSize: '500' }),
    );
    expect(other.total).toBe(0);
    // Another account's user is not offered, even when named as the one filtered by.
    const offeredOther = usersOf(await trial.get(USERS_URL, { user: acmeUser }));
    expect(offeredOther.users.map((u) => u.id)).not.toContain(acmeUser);
    expect(offeredOther.users.length).toBeGreaterThan(0);
    const own = pageOf(
      await trial.get(URL, { from: daysAgo(40), to: daysAgo(0), pageSize: '500' }),
    );
    expect(own.entries.every((e) => e.user_email === 'trial@example.com')).toBe(true);
  });
});
