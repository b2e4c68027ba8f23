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

/** One activity-log entry kept for browsing offline (bulk store, newest first by `time`). */
export interface ActivityEntry {
  account: string;
  id: string;
  /** ISO time of the event; sorts. */
  time: string;
  data: unknown;
  syncedAt: number;
}

export const OFFLINE_DB_NAME = 'rpc-offline';

/**
 * The console's one offline database. Every row carries `account` ("reseller:<id>" or
 * "partner:<id>") so one account never reads another's, and a logout deletes by account.
 *
 * Versions are never edited once released: a change adds a version with its upgrade.
 * - 1: `snapshots` with `savedAt` (ISO text).
 * - 2: `syncedAt` (ms) replaces `savedAt`; `activityLog` entries; index by account and kind.
 */
export class OfflineDatabase extends Dexie {
  snapshots!: EntityTable<Snapshot>;
  activityLog!: EntityTable<ActivityEntry>;

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
  }
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
