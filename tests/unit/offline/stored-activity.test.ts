// @vitest-environment jsdom
// First: it installs fake-indexeddb before Dexie is loaded.
import { withFreshOfflineDb } from './fresh-offline-db';
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  activitySortFields,
  type ActivityEntry,
  type ActivityLogQuery,
  type ActivityLogResponse,
} from '../../../src/domain/api/reseller-account';
import {
  answerFromEntries,
  keepActivityEntries,
  storedActivityAnswer,
  storedActivityUsers,
  usersFromEntries,
} from '../../../src/features/activity-log/api/stored-activity';
import { rememberAccount } from '../../../src/offline/account';
import { withOfflineStore } from '../../../src/offline/offline-query';
import { offlineDb } from '../../../src/offline/db';
import { saveActivityEntries, wipeAccountData } from '../../../src/offline/store';

/** An entry at local noon of `day` (mm-dd-yyyy), so local-day filters are unambiguous. */
function entry(id: string, day: string, extra: Partial<ActivityEntry> = {}): ActivityEntry {
  const [mm, dd, yyyy] = day.split('-').map(Number);
  return {
    id,
    created_at: new Date(yyyy ?? 0, (mm ?? 1) - 1, dd, 12).toISOString(),
    action: 'user.signin',
    action_label: 'Signed in',
    category: 'login',
    user_id: 'u1',
    user_name: 'Ann Lee',
    user_email: 'ann@example.com',
    ip: '10.0.0.1',
    user_agent: 'Chrome',
    target: '',
    ...extra,
  };
}

const entries = [
  entry('1', '11-01-2026'),
  entry('2', '11-02-2026', { user_id: 'u2', user_email: 'bob@example.com', ip: '10.0.0.9' }),
  entry('3', '11-03-2026', { category: 'users', action: 'user.add' }),
  entry('4', '11-05-2026'),
];

const ids = (answer: ActivityLogResponse) => answer.entries.map((e) => e.id);

describe('answerFromEntries: the server rules, on the stored entries', () => {
  it('keeps the local days from and to, both included, newest first', () => {
    const answer = answerFromEntries(entries, { from: '11-02-2026', to: '11-03-2026' });
    expect(ids(answer)).toEqual(['3', '2']);
    expect(answer.total).toBe(2);
  });

  it('filters by user and by category', () => {
    const range = { from: '11-01-2026', to: '11-30-2026' };
    expect(ids(answerFromEntries(entries, { ...range, user: 'u2' }))).toEqual(['2']);
    expect(ids(answerFromEntries(entries, { ...range, category: 'users' }))).toEqual(['3']);
  });

  it('sorts by the chosen column, then newest first, and pages', () => {
    const range = { from: '11-01-2026', to: '11-30-2026' };
    const byIp = answerFromEntries(entries, { ...range, sort: 'ip', order: 'desc' });
    expect(ids(byIp)).toEqual(['2', '4', '3', '1']);
    const second = answerFromEntries(entries, { ...range, page: 2, pageSize: 3 });
    expect(ids(second)).toEqual(['1']);
    expect(second.total).toBe(4);
  });

  it("offers the filter the entries' users by e-mail, narrowed by the search", () => {
    const all = usersFromEntries(entries, '');
    expect(all.users.map((user) => user.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(all.usersTotal).toBe(2);
    const searched = usersFromEntries(entries, 'BOB');
    expect(searched.users.map((user) => user.email)).toEqual(['bob@example.com']);
    expect(searched.usersTotal).toBe(1);
  });
});

describe('the activity log offline', () => {
  withFreshOfflineDb();

  const page = (list: ActivityEntry[]): ActivityLogResponse => ({
    entries: list,
    total: list.length,
    page: 1,
    pageSize: 25,
  });

  it('answers a query never loaded online from the entries kept, per account', async () => {
    const account = rememberAccount('reseller', 'topic-a');
    await keepActivityEntries(account, page(entries));
    const query = { from: '11-05-2026', to: '11-05-2026' };
    const stored = await storedActivityAnswer(account, query);
    expect(stored && ids(stored.data)).toEqual(['4']);
    expect(await storedActivityAnswer('reseller:topic-b', query)).toBeUndefined();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const network = vi.fn(() => Promise.resolve(page([])));
    const answer = await client.query({
      queryKey: ['activity-log', 'never-seen', query],
      queryFn: withOfflineStore('activity-log', network, {
        fallback: (owner) => storedActivityAnswer(owner, query),
      }),
      networkMode: 'always',
    });
    expect(ids(answer)).toEqual(['4']);
    expect(network).not.toHaveBeenCalled();
  });

  it('keeps every fresh page entry by entry, and a logout wipes them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const account = rememberAccount('reseller', 'topic-a');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.query({
      queryKey: ['activity-log', 'first-page'],
      queryFn: withOfflineStore('activity-log', () => Promise.resolve(page(entries)), {
        keep: keepActivityEntries,
      }),
      networkMode: 'always',
    });
    const all = { from: '11-01-2026', to: '11-30-2026' };
    await vi.waitFor(async () => {
      expect((await storedActivityAnswer(account, all))?.data.total).toBe(4);
    });
    await wipeAccountData(account);
    expect(await storedActivityAnswer(account, all)).toBeUndefined();
  });
});

describe('the activity log offline, filtered and paged by IndexedDB', () => {
  withFreshOfflineDb();

  const day = (d: number) => `11-${String(d).padStart(2, '0')}-2026`;
  const person = (id: string) =>
    id ? { user_id: id, user_name: `Name ${id}`, user_email: `${id}@example.com` } : {};

  /** Entries with distinct times (minute `i` of day `d`), so every order is fully defined. */
  const entriesArbitrary = fc
    .array(
      fc.record({
        day: fc.integer({ min: 1, max: 12 }),
        user: fc.constantFrom('', 'u1', 'u2', 'u3'),
        category: fc.constantFrom('login', 'users', 'computers'),
        action: fc.constantFrom('user.signin', 'user.add', 'computer.add'),
        ip: fc.constantFrom('10.0.0.1', '10.0.0.9', '192.168.1.5'),
      }),
      { minLength: 1, maxLength: 60 },
    )
    .map((list) =>
      list.map((item, i) =>
        entry(String(i + 1), day(item.day), {
          created_at: new Date(2026, 10, item.day, 9, i).toISOString(),
          user_id: '',
          user_name: '',
          user_email: '',
          ...person(item.user),
          category: item.category,
          action: item.action,
          ip: item.ip,
        }),
      ),
    );

  const queryArbitrary: fc.Arbitrary<ActivityLogQuery> = fc
    .record({
      from: fc.integer({ min: 1, max: 12 }),
      days: fc.integer({ min: 0, max: 12 }),
      user: fc.constantFrom('', 'u1', 'u2', 'u9'),
      category: fc.constantFrom(undefined, 'login', 'users'),
      sort: fc.constantFrom(...activitySortFields),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      page: fc.integer({ min: 1, max: 4 }),
      pageSize: fc.integer({ min: 1, max: 10 }),
    })
    .map(({ from, days, category, ...rest }) => ({
      ...rest,
      from: day(from),
      to: day(Math.min(from + days, 28)),
      ...(category ? { category: category as ActivityLogQuery['category'] } : {}),
    }));

  const searchArbitrary = fc.constantFrom('', 'u1', 'NAME', 'nobody');

  it('answers every filter, sort and page exactly as the server rules over every entry', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        entriesArbitrary,
        queryArbitrary,
        searchArbitrary,
        async (list, query, search) => {
          run += 1;
          const account = `reseller:property-${String(run)}`;
          await saveActivityEntries(
            account,
            list.map((item) => ({ id: item.id, time: item.created_at, data: item })),
          );
          const stored = await storedActivityAnswer(account, query);
          expect(stored?.data).toEqual(answerFromEntries(list, query));
          const offered = await storedActivityUsers(account, search);
          expect(offered?.data).toEqual(usersFromEntries(list, search));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('reads only the page it shows when sorted by date, with a filter or without', async () => {
    const account = rememberAccount('reseller', 'topic-a');
    const many = Array.from({ length: 400 }, (_, i) =>
      entry(String(i + 1), day(1 + (i % 12)), {
        created_at: new Date(2026, 10, 1 + (i % 12), 8, 0, i).toISOString(),
        ...person(i % 2 === 0 ? 'u1' : 'u2'),
      }),
    );
    await keepActivityEntries(account, { ...page(many), total: many.length });
    let read = 0;
    offlineDb().activityLog.hook('reading', (row) => {
      read += 1;
      return row;
    });
    const range = { from: day(1), to: day(30) };

    const third = await storedActivityAnswer(account, { ...range, page: 3, pageSize: 25 });
    expect(third?.data.total).toBe(400);
    expect(third?.data.entries).toHaveLength(25);
    // The page and the one row of the last sync; the hook counts every row IndexedDB hands back.
    expect(read).toBeGreaterThanOrEqual(25);
    expect(read).toBeLessThanOrEqual(26);

    read = 0;
    const hers = await storedActivityAnswer(account, { ...range, user: 'u2', pageSize: 25 });
    expect(hers?.data.total).toBe(200);
    expect(hers?.data.entries.every((item) => item.user_id === 'u2')).toBe(true);
    // The page and the one row of the last sync; the hook counts every row IndexedDB hands back.
    expect(read).toBeGreaterThanOrEqual(25);
    expect(read).toBeLessThanOrEqual(26);
    const offered = await storedActivityUsers(account, '');
    expect(offered?.data.users.map((user) => user.id)).toEqual(['u1', 'u2']);
  });

  const page = (list: ActivityEntry[]): ActivityLogResponse => ({
    entries: list,
    total: list.length,
    page: 1,
    pageSize: 25,
  });
});
