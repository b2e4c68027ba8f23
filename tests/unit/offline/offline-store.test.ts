import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_DB_NAME, offlineDb, resetOfflineDbForTests } from '../../../src/offline/db';
import {
  lastSynced,
  readActivityEntries,
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
  it('keeps version 1 data through the upgrade to version 2', async () => {
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
    expect(offlineDb().verno).toBe(2);
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
    await saveActivityEntries(first, [{ id: 'a', time: '2026-11-01T00:00:00Z', data: {} }]);
    await saveSnapshot(second, 'invoices', ['invoices'], [2]);

    await wipeAccountData(first);

    expect(await readSnapshot(first, ['invoices'])).toBeUndefined();
    expect(await readActivityEntries(first, { offset: 0, limit: 10 })).toEqual([]);
    expect(await readSnapshot(second, ['invoices'])).toBeDefined();
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
