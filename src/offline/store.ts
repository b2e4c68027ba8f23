import { Dexie, type Collection } from 'dexie';
import {
  activityFields,
  offlineDb,
  type ActivityEntry,
  type ActivityUser,
  type SnapshotKind,
} from './db';
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

/**
 * Keeps activity-log entries for browsing offline (same id: replaced), with the users they name
 * (the latest name and e-mail seen wins).
 */
export async function saveActivityEntries(
  account: string,
  entries: readonly { id: string; time: string; data: unknown }[],
  syncedAt = Date.now(),
): Promise<void> {
  const db = offlineDb();
  const rows: ActivityEntry[] = [];
  const users = new Map<string, ActivityUser>();
  for (const entry of entries) {
    const fields = activityFields(entry.time, entry.data);
    rows.push({
      account,
      id: entry.id,
      time: entry.time,
      ...fields.entry,
      data: entry.data,
      syncedAt,
    });
    if (fields.user) users.set(fields.user.id, { account, ...fields.user });
  }
  await db.transaction('rw', ['activityLog', 'activityUsers'], async () => {
    await db.activityLog.bulkPut(rows);
    await db.activityUsers.bulkPut([...users.values()]);
  });
}

/** Which stored activity entries a read takes: `at` from `from` (included) to `to` (excluded). */
export interface ActivityFilter {
  from: number;
  to: number;
  /** A user id; '' or undefined: every user. */
  user?: string;
  /** A category; '' or undefined: every category. */
  category?: string;
}

/**
 * The matching entries of `account` as a key range of the narrowest index, oldest first: by user
 * (then category on that user's entries), else by category, else by time alone. A new collection
 * each call: Dexie's reverse/offset/limit change the collection they are called on.
 */
function matchingEntries(account: string, filter: ActivityFilter): Collection<ActivityEntry> {
  const table = offlineDb().activityLog;
  const { from, to, user, category } = filter;
  if (user) {
    const byUser = table
      .where('[account+user+at]')
      .between([account, user, from], [account, user, to], true, false);
    return category ? byUser.and((entry) => entry.category === category) : byUser;
  }
  if (category) {
    return table
      .where('[account+category+at]')
      .between([account, category, from], [account, category, to], true, false);
  }
  return table.where('[account+at]').between([account, from], [account, to], true, false);
}

/**
 * One page of `account`'s stored activity entries that match `filter`, by time (`desc`: newest
 * first), and how many match: IndexedDB skips to the page and reads only its entries.
 */
export async function readActivityPage(
  account: string,
  filter: ActivityFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: ActivityEntry[]; total: number }> {
  const db = offlineDb();
  return db.transaction('r', ['activityLog'], async () => {
    const ordered = matchingEntries(account, filter);
    const [rows, total] = await Promise.all([
      (page.order === 'desc' ? ordered.reverse() : ordered)
        .offset(page.offset)
        .limit(page.limit)
        .toArray(),
      matchingEntries(account, filter).count(),
    ]);
    return { rows, total };
  });
}

/** Every stored activity entry of `account` that matches `filter`, newest first. */
export async function readActivityMatching(
  account: string,
  filter: ActivityFilter,
): Promise<ActivityEntry[]> {
  return matchingEntries(account, filter).reverse().toArray();
}

/** A page of every stored activity entry of `account`, newest first. */
export async function readActivityEntries(
  account: string,
  page: { offset: number; limit: number },
): Promise<ActivityEntry[]> {
  const all = { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  return (await readActivityPage(account, all, { ...page, order: 'desc' })).rows;
}

/** The users named by `account`'s stored activity entries. */
export async function readActivityUsers(account: string): Promise<ActivityUser[]> {
  return offlineDb()
    .activityUsers.where('[account+id]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .toArray();
}

/** When `account`'s activity entries were last synced; undefined: none is stored. */
export async function activitySyncedAt(account: string): Promise<number | undefined> {
  const latest = await offlineDb()
    .activityLog.where('[account+syncedAt]')
    .between([account, Dexie.minKey], [account, Dexie.maxKey])
    .last();
  return latest?.syncedAt;
}

/** Deletes everything stored for `account`. */
export async function wipeAccountData(account: string): Promise<void> {
  const db = offlineDb();
  const everything = [account, Dexie.minKey];
  const nothingMore = [account, Dexie.maxKey];
  await db.transaction('rw', ['snapshots', 'activityLog', 'activityUsers'], async () => {
    await db.snapshots.where('account').equals(account).delete();
    await db.activityLog.where('[account+id]').between(everything, nothingMore).delete();
    await db.activityUsers.where('[account+id]').between(everything, nothingMore).delete();
  });
}

/** Deletes every account's data (a logout whose account is not known any more). */
export async function wipeAllData(): Promise<void> {
  const db = offlineDb();
  await db.transaction('rw', ['snapshots', 'activityLog', 'activityUsers'], async () => {
    await db.snapshots.clear();
    await db.activityLog.clear();
    await db.activityUsers.clear();
  });
}
