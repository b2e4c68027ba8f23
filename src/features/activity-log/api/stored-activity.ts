import dayjs from 'dayjs';
import type {
  ActivityEntry,
  ActivityLogQuery,
  ActivityLogResponse,
  ActivityUsersResponse,
} from '../../../domain/api/reseller-account';
import { defaultReportRange, parseMmDdYyyy } from '../../../domain/dates';
import type { StoredAnswer } from '../../../offline/store';

/** Dexie loads when first needed, not before the page's first screen (see offline-query.ts). */
const loadStore = () => import('../../../offline/store');

/**
 * Offline, the activity log is browsed from every entry this device has seen, not only from the
 * exact pages loaded online: each fresh page is kept entry by entry in Dexie's activity-log table,
 * and a filter, sort or page never loaded online is answered here with the server's own rules
 * (local days from-to inclusive, user, category, sort then newest first). IndexedDB filters and
 * pages (see storedActivityAnswer), so the first rows do not wait for every stored entry.
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

/** The query's local days as times in ms: `start` included, `end` excluded. */
function timeRange(query: ActivityLogQuery): { start: number; end: number } {
  const range = defaultReportRange();
  const from = parseMmDdYyyy(query.from ?? range.from) ?? parseMmDdYyyy(range.from);
  const to = parseMmDdYyyy(query.to ?? range.to) ?? parseMmDdYyyy(range.to);
  return {
    start: from?.getTime() ?? 0,
    end: to ? dayjs(to).add(1, 'day').valueOf() : Number.POSITIVE_INFINITY,
  };
}

type FilterUser = ActivityUsersResponse['users'][number];

/** The users offered by the filter: those whose e-mail or name has `search`, by e-mail. */
function searchedUsers(users: Iterable<FilterUser>, search: string): ActivityUsersResponse {
  const needle = search.trim().toLowerCase();
  const offered = [...users]
    .filter(
      (user) =>
        user.email.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.email.localeCompare(b.email));
  return { users: offered, usersTotal: offered.length };
}

/** The users the stored entries name (the first seen wins), narrowed by `search`. */
export function usersFromEntries(
  entries: readonly ActivityEntry[],
  search: string,
): ActivityUsersResponse {
  const users = new Map<string, FilterUser>();
  for (const entry of entries) {
    if (entry.user_id && !users.has(entry.user_id)) {
      users.set(entry.user_id, {
        id: entry.user_id,
        name: entry.user_name,
        email: entry.user_email,
      });
    }
  }
  return searchedUsers(users.values(), search);
}

/**
 * One page of `entries`, filtered and sorted like the server, in memory: the reference the
 * IndexedDB reads are tested against, and how a sort by another column than the date orders the
 * entries IndexedDB found.
 */
export function answerFromEntries(
  entries: readonly ActivityEntry[],
  query: ActivityLogQuery,
): ActivityLogResponse {
  const { start, end } = timeRange(query);
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
  return {
    entries: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
  };
}

/**
 * The stored answer for `query`, if this device has kept any entry of `account`. The date range,
 * user and category are key ranges of IndexedDB indexes; sorted by date (the default), IndexedDB
 * also pages, so only the page's entries are read. Sorted by another column, the matching entries
 * are read and ordered here.
 */
export async function storedActivityAnswer(
  account: string,
  query: ActivityLogQuery,
): Promise<StoredAnswer<ActivityLogResponse> | undefined> {
  const store = await loadStore();
  // Entries never change once logged: the latest sync is when this copy was last brought up to date.
  const syncedAt = await store.activitySyncedAt(account);
  if (syncedAt === undefined) return undefined;
  const { start, end } = timeRange(query);
  const filter = { from: start, to: end, user: query.user, category: query.category };
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const found =
    (query.sort ?? 'created_at') === 'created_at'
      ? await store
          .readActivityPage(account, filter, {
            offset: (page - 1) * pageSize,
            limit: pageSize,
            order: query.order === 'asc' ? 'asc' : 'desc',
          })
          .then(({ rows, total }) => ({ entries: rows.map(entryOf), total }))
      : await store.readActivityMatching(account, filter).then((rows) => {
          const answer = answerFromEntries(rows.map(entryOf), query);
          return { entries: answer.entries, total: answer.total };
        });
  return { data: { ...found, page, pageSize }, syncedAt };
}

/**
 * The filter's users offline: those the stored entries name (kept beside them, see
 * saveActivityEntries), narrowed by `search`; undefined when no entry of `account` is stored.
 */
export async function storedActivityUsers(
  account: string,
  search: string,
): Promise<StoredAnswer<ActivityUsersResponse> | undefined> {
  const store = await loadStore();
  const syncedAt = await store.activitySyncedAt(account);
  if (syncedAt === undefined) return undefined;
  const users = await store.readActivityUsers(account);
  const offered = searchedUsers(
    users.map(({ id, name, email }) => ({ id, name, email })),
    search,
  );
  return { data: offered, syncedAt };
}

const entryOf = (row: { data: unknown }) => row.data as ActivityEntry;
