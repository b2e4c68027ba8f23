// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_DB_NAME, offlineDb, resetOfflineDbForTests } from '../../../src/offline/db';
import {
  activitySyncedAt,
  lastSynced,
  readActivityEntries,
  readActivityPage,
  readActivityUsers,
  readSnapshot,
  saveActivityEntries,
  saveSnapshot,
  wipeAccountData,
} from '../../../src/offline/store';
import { offlineAccount, rememberAccount } from '../../../src/offline/account';
import { wipeOfflineData } from '../../../src/offline/wipe';
import { PERSISTED_QUERIES_KEY } from '../../../src/offline/persisted-queries';

const first = 'reseller:topic-a';
const second = 'reseller:topic-b';

beforeEach(async () => {
  resetOfflineDbForTests();
  await Dexie.delete(OFFLINE_DB_NAME);
  window.localStorage.clear();
});

afterEach(() => {
  resetOfflineDbForTests();
});

describe('offline schema', () => {
  it('keeps version 1 data through the upgrades', async () => {
    const old = new Dexie(OFFLINE_DB_NAME);
    old.version(1).stores({ snapshots: '[account+key], account, kind' });
    await old.table('snapshots').put({
      account: first,
      key: '["invoices"]',
      kind: 'invoices',
      data: { list: [1, 2] },
      savedAt: '2026-11-20T10:00:00.000Z',
    });
    old.close();

    const stored = await readSnapshot<{ list: number[] }>(first, ['invoices']);
    expect(stored).toEqual({
      data: { list: [1, 2] },
      syncedAt: Date.parse('2026-11-20T10:00:00Z'),
    });
    expect(offlineDb().verno).toBe(3);
  });

  it('keeps version 2 activity entries through the upgrade to version 3, indexed, with their users', async () => {
    const old = new Dexie(OFFLINE_DB_NAME);
    old.version(1).stores({ snapshots: '[account+key], account, kind' });
    old.version(2).stores({
      snapshots: '[account+key], account, kind, [account+kind]',
      activityLog: '[account+id], account, [account+time]',
    });
    const data = {
      id: 'e1',
      created_at: '2026-11-20T10:00:00.000Z',
      category: 'users',
      user_id: 'u7',
      user_name: 'Ann Lee',
      user_email: 'ann@example.com',
    };
    await old.table('activityLog').bulkPut([
      { account: first, id: 'e1', time: data.created_at, data, syncedAt: 5 },
      { account: first, id: 'e2', time: 'not a time', data: {}, syncedAt: 6 },
    ]);
    old.close();

    const page = await readActivityPage(
      first,
      {
        from: Date.parse('2026-11-20T00:00:00Z'),
        to: Date.parse('2026-11-21T00:00:00Z'),
        user: 'u7',
        category: 'users',
      },
      { offset: 0, limit: 10, order: 'desc' },
    );
    expect(page.rows.map((row) => row.data)).toEqual([data]);
    expect(page.total).toBe(1);
    expect(await readActivityEntries(first, { offset: 0, limit: 10 })).toMatchObject([
      { id: 'e1', at: Date.parse(data.created_at) },
      { id: 'e2', at: 0, user: '', category: '' },
    ]);
    expect(await readActivityUsers(first)).toEqual([
      { account: first, id: 'u7', name: 'Ann Lee', email: 'ann@example.com' },
    ]);
    expect(await activitySyncedAt(first)).toBe(6);
  });
});

describe('offline sync per account', () => {
  it('reads back what was written, for that account only', async () => {
    await saveSnapshot(
      first,
      'invoice-detail',
      ['billing', 'invoice', 'INV-1'],
      { total: 10 },
      1000,
    );
    await saveSnapshot(
      second,
      'invoice-detail',
      ['billing', 'invoice', 'INV-1'],
      { total: 99 },
      2000,
    );

    expect(await readSnapshot(first, ['billing', 'invoice', 'INV-1'])).toEqual({
      data: { total: 10 },
      syncedAt: 1000,
    });
    expect(await readSnapshot(second, ['billing', 'invoice', 'INV-1'])).toEqual({
      data: { total: 99 },
      syncedAt: 2000,
    });
    expect(await readSnapshot(first, ['billing', 'invoice', 'INV-2'])).toBeUndefined();
    expect(await lastSynced(first, 'invoice-detail')).toBe(1000);
    expect(await lastSynced(first, 'dashboard')).toBeUndefined();
  });

  it('stores activity entries and pages them newest first', async () => {
    const entries = Array.from({ length: 30 }, (_, index) => ({
      id: `e${String(index)}`,
      time: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
      data: { index },
    }));
    await saveActivityEntries(first, entries);
    await saveActivityEntries(second, entries.slice(0, 3));

    const page = await readActivityEntries(first, { offset: 0, limit: 10 });
    expect(page.map((entry) => entry.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `e${String(29 - index)}`),
    );
    expect(await readActivityEntries(second, { offset: 0, limit: 50 })).toHaveLength(3);
  });
});

describe('wipe', () => {
  it('removes everything of the account and nothing of another', async () => {
    await saveSnapshot(first, 'invoices', ['invoices'], [1]);
    const named = { user_id: 'u1', user_name: 'Ann', user_email: 'ann@example.com' };
    await saveActivityEntries(first, [{ id: 'a', time: '2026-11-01T00:00:00Z', data: named }]);
    await saveSnapshot(second, 'invoices', ['invoices'], [2]);
    await saveActivityEntries(second, [{ id: 'a', time: '2026-11-01T00:00:00Z', data: named }]);

    await wipeAccountData(first);

    expect(await readSnapshot(first, ['invoices'])).toBeUndefined();
    expect(await readActivityEntries(first, { offset: 0, limit: 10 })).toEqual([]);
    expect(await readActivityUsers(first)).toEqual([]);
    expect(await activitySyncedAt(first)).toBeUndefined();
    expect(await readSnapshot(second, ['invoices'])).toBeDefined();
    expect(await readActivityEntries(second, { offset: 0, limit: 10 })).toHaveLength(1);
    expect(await readActivityUsers(second)).toHaveLength(1);
  });

  it('on logout forgets the account, its data and the persisted query cache', async () => {
    const account = rememberAccount('reseller', 'topic-a');
    window.localStorage.setItem(PERSISTED_QUERIES_KEY, '{"buster":"x"}');
    await saveSnapshot(account, 'invoices', ['invoices'], [1]);

    await wipeOfflineData('reseller');

    expect(offlineAccount('reseller')).toBeUndefined();
    expect(window.localStorage.getItem(PERSISTED_QUERIES_KEY)).toBeNull();
    expect(await readSnapshot(account, ['invoices'])).toBeUndefined();
  });

  it('wipes every account when the signed-in one is not known', async () => {
    await saveSnapshot(first, 'invoices', ['invoices'], [1]);
    await saveSnapshot(second, 'invoices', ['invoices'], [2]);

    await wipeOfflineData('reseller');

    expect(await offlineDb().snapshots.count()).toBe(0);
  });
});
