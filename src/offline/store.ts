import { Dexie } from 'dexie';
import { offlineDb, type ActivityEntry, type SnapshotKind } from './db';
import { snapshotKey } from './snapshot-key';

/** Keeps a fresh answer of a report for `account` (the screen just loaded it online). */
export async function saveSnapshot(
  account: string,
  kind: SnapshotKind,
  queryKey: readonly unknown[],
  data: unknown,
  syncedAt = Date.now(),
): Promise<void> {
  await offlineDb().snapshots.put({ account, key: snapshotKey(queryKey), kind, data, syncedAt });
}

export interface StoredAnswer<T> {
  data: T;
  syncedAt: number;
}

/** The stored answer of a report for `account`, if it was ever loaded online. */
export async function readSnapshot<T>(
  account: string,
  queryKey: readonly unknown[],
): Promise<StoredAnswer<T> | undefined> {
  const row = await offlineDb().snapshots.get({ account, key: snapshotKey(queryKey) });
  return row ? { data: row.data as T, syncedAt: row.syncedAt } : undefined;
}

/** When a kind of report was last synced for `account` (undefined: never). */
export async function lastSynced(account: string, kind: SnapshotKind): Promise<number | undefined> {
  const rows = await offlineDb().snapshots.where({ account, kind }).toArray();
  return rows.reduce<number | undefined>(
    (latest, row) => (latest === undefined || row.syncedAt > latest ? row.syncedAt : latest),
    undefined,
  );
}

/** Keeps activity-log entries for browsing offline (same id: replaced). */
export async function saveActivityEntries(
  account: string,
  entries: readonly { id: string; time: string; data: unknown }[],
  syncedAt = Date.now(),
): Promise<void> {
  await offlineDb().activityLog.bulkPut(
    entries.map((entry) => ({
      account,
      id: entry.id,
      time: entry.time,
      data: entry.data,
      syncedAt,
    })),
  );
}

/** A page of `account`'s stored activity-log entries, newest first. */
export async function readActivityEntries(
  account: string,
  page: { offset: number; limit: number },
): Promise<ActivityEntry[]> {
  return offlineDb()
    .activityLog.where('[account+time]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
    .offset(page.offset)
    .limit(page.limit)
    .toArray();
}

/** Every stored activity-log entry of `account`, newest first. */
export async function readAllActivityEntries(account: string): Promise<ActivityEntry[]> {
  return offlineDb()
    .activityLog.where('[account+time]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .reverse()
    .toArray();
}

/** Deletes everything stored for `account`. */
export async function wipeAccountData(account: string): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', ['snapshots', 'activityLog'], async () => {
    await db.snapshots.where('account').equals(account).delete();
    await db.activityLog.where('account').equals(account).delete();
  });
}

/** Deletes every account's data (a logout whose account is not known any more). */
export async function wipeAllData(): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', ['snapshots', 'activityLog'], async () => {
    await db.snapshots.clear();
    await db.activityLog.clear();
  });
}
