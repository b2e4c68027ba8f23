import dayjs from 'dayjs';
import type {
  ActivityEntry,
  ActivityLogQuery,
  ActivityLogResponse,
} from '../../../domain/api/reseller-account';
import { defaultReportRange, parseMmDdYyyy } from '../../../domain/dates';
import type { StoredAnswer } from '../../../offline/store';

/** Dexie loads when first needed, not before the page's first screen (see offline-query.ts). */
const loadStore = () => import('../../../offline/store');

/**
 * Offline, the activity log is browsed from every entry this device has seen, not only from the
 * exact pages loaded online: each fresh page is kept entry by entry in Dexie's activity-log table,
 * and a filter, sort or page never loaded online is answered here with the server's own rules
 * (local days from-to inclusive, user, category, sort then newest first).
 */
export async function keepActivityEntries(
  account: string,
  answer: ActivityLogResponse,
): Promise<void> {
  const { saveActivityEntries } = await loadStore();
  await saveActivityEntries(
    account,
    answer.entries.map((entry) => ({ id: entry.id, time: entry.created_at, data: entry })),
  );
}

type SortKey = (entry: ActivityEntry) => string;
const sortKeys: Record<NonNullable<ActivityLogQuery['sort']>, SortKey> = {
  created_at: (entry) => entry.created_at,
  action: (entry) => entry.action,
  user: (entry) => entry.user_email.toLowerCase(),
  ip: (entry) => entry.ip,
};

/** One page of the stored entries, filtered and sorted like the server; pure, for tests. */
export function answerFromEntries(
  entries: readonly ActivityEntry[],
  query: ActivityLogQuery,
): ActivityLogResponse {
  const range = defaultReportRange();
  const from = parseMmDdYyyy(query.from ?? range.from) ?? parseMmDdYyyy(range.from);
  const to = parseMmDdYyyy(query.to ?? range.to) ?? parseMmDdYyyy(range.to);
  const start = from?.getTime() ?? 0;
  const end = to ? dayjs(to).add(1, 'day').valueOf() : Number.POSITIVE_INFINITY;
  const matching = entries.filter((entry) => {
    const time = Date.parse(entry.created_at);
    return (
      time >= start &&
      time < end &&
      (!query.user || entry.user_id === query.user) &&
      (!query.category || entry.category === query.category)
    );
  });
  const key = sortKeys[query.sort ?? 'created_at'];
  const direction = query.order === 'asc' ? 1 : -1;
  matching.sort(
    (a, b) => direction * key(a).localeCompare(key(b)) || b.created_at.localeCompare(a.created_at),
  );
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  // The users of the stored entries, narrowed by the filter's search like the server does.
  const search = (query.userSearch ?? '').trim().toLowerCase();
  const users = new Map<string, ActivityLogResponse['users'][number]>();
  for (const entry of entries) {
    const found =
      entry.user_email.toLowerCase().includes(search) ||
      entry.user_name.toLowerCase().includes(search);
    if (entry.user_id && found && !users.has(entry.user_id)) {
      users.set(entry.user_id, {
        id: entry.user_id,
        name: entry.user_name,
        email: entry.user_email,
      });
    }
  }
  return {
    entries: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
    users: [...users.values()].sort((a, b) => a.email.localeCompare(b.email)),
    usersTotal: users.size,
  };
}

/** The stored answer for `query`, if this device has kept any entry of `account`. */
export async function storedActivityAnswer(
  account: string,
  query: ActivityLogQuery,
): Promise<StoredAnswer<ActivityLogResponse> | undefined> {
  const { readAllActivityEntries } = await loadStore();
  const rows = await readAllActivityEntries(account);
  if (rows.length === 0) return undefined;
  // Entries never change once logged: the latest sync is when this copy was last brought up to date.
  const syncedAt = rows.reduce((latest, row) => Math.max(latest, row.syncedAt), 0);
  return {
    data: answerFromEntries(
      rows.map((row) => row.data as ActivityEntry),
      query,
    ),
    syncedAt,
  };
}
