import { Dexie, type EntityTable } from 'dexie';

/** What kind of report a stored answer is (shown nowhere; used to wipe or count by kind). */
export type SnapshotKind =
  | 'invoices'
  | 'invoice-detail'
  | 'transactions'
  | 'activity-log'
  | 'commission-report'
  | 'dashboard'
  | 'other';

/**
 * One answer of a read-only report call, for one account: `key` is the query key (JSON), so every
 * page, filter and sort that was seen online reads the same offline.
 */
export interface Snapshot {
  account: string;
  key: string;
  kind: SnapshotKind;
  data: unknown;
  /** When this answer came from the server (ms since epoch). */
  syncedAt: number;
}

/**
 * One activity-log entry kept for browsing offline. The fields beside `data` are what the
 * offline screen filters and pages by, so IndexedDB answers a page without reading every entry.
 */
export interface ActivityEntry {
  account: string;
  id: string;
  /** ISO time of the event, as the server sent it. */
  time: string;
  /** The same time in ms since epoch (0 if unreadable): the indexes sort and range on it. */
  at: number;
  /** The id of the user who acted ('' for none). */
  user: string;
  /** The activity category ('' for none). */
  category: string;
  data: unknown;
  syncedAt: number;
}

/** A user seen in the stored activity log, offered by the offline screen's user filter. */
export interface ActivityUser {
  account: string;
  id: string;
  name: string;
  email: string;
}

export const OFFLINE_DB_NAME = 'rpc-offline';

/**
 * The console's one offline database. Every row carries `account` ("reseller:<id>" or
 * "partner:<id>") so one account never reads another's, and a logout deletes by account.
 *
 * Versions are never edited once released: a change adds a version with its upgrade.
 * - 1: `snapshots` with `savedAt` (ISO text).
 * - 2: `syncedAt` (ms) replaces `savedAt`; `activityLog` entries; index by account and kind.
 * - 3: activity entries carry `at`, `user` and `category`, indexed with the account and time so
 *   a filtered page is a key range; `activityUsers` holds the users seen (for the user filter);
 *   `[account+syncedAt]` answers "when was this last synced" with one row.
 */
export class OfflineDatabase extends Dexie {
  snapshots!: EntityTable<Snapshot>;
  activityLog!: EntityTable<ActivityEntry>;
  activityUsers!: EntityTable<ActivityUser>;

  constructor(name = OFFLINE_DB_NAME) {
    super(name);
    this.version(1).stores({ snapshots: '[account+key], account, kind' });
    this.version(2)
      .stores({
        snapshots: '[account+key], account, kind, [account+kind]',
        activityLog: '[account+id], account, [account+time]',
      })
      .upgrade(async (transaction) => {
        await transaction
          .table('snapshots')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            const savedAt = typeof row.savedAt === 'string' ? Date.parse(row.savedAt) : NaN;
            row.syncedAt = Number.isFinite(savedAt) ? savedAt : 0;
            delete row.savedAt;
          });
      });
    this.version(3)
      .stores({
        activityLog:
          '[account+id], [account+at], [account+user+at], [account+category+at], [account+syncedAt]',
        activityUsers: '[account+id]',
      })
      .upgrade(async (transaction) => {
        const users = new Map<string, ActivityUser>();
        await transaction
          .table('activityLog')
          .toCollection()
          .modify((row: ActivityEntry) => {
            const fields = activityFields(row.time, row.data);
            Object.assign(row, fields.entry);
            if (fields.user) {
              const user = { account: row.account, ...fields.user };
              users.set(JSON.stringify([row.account, user.id]), user);
            }
          });
        await transaction.table('activityUsers').bulkPut([...users.values()]);
      });
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The indexed fields of an activity entry and the user it names, from the server's entry
 * (`user_id`, `user_name`, `user_email`, `category`); anything missing reads as ''.
 */
export function activityFields(
  time: string,
  data: unknown,
): {
  entry: Pick<ActivityEntry, 'at' | 'user' | 'category'>;
  user?: Omit<ActivityUser, 'account'>;
} {
  const fields = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const at = Date.parse(time);
  const user = text(fields.user_id);
  return {
    entry: { at: Number.isFinite(at) ? at : 0, user, category: text(fields.category) },
    user: user
      ? { id: user, name: text(fields.user_name), email: text(fields.user_email) }
      : undefined,
  };
}

let instance: OfflineDatabase | undefined;

/** The shared database, opened on first use. */
export function offlineDb(): OfflineDatabase {
  instance ??= new OfflineDatabase();
  return instance;
}

/** Tests start from a fresh database. */
export function resetOfflineDbForTests(): void {
  instance?.close();
  instance = undefined;
}
