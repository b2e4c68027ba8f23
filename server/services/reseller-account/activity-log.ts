import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { compileByShape, compileOnce } from '../../db/compile-once';
import { listTotal, matchesColumn } from '../../db/list-total';
import { searchPattern } from '../../db/search-pattern';
import { userMatchesPattern } from '../reseller-users/users-repository';
import {
  activityActionLabel,
  activityActionLabels,
  legacyActivityActions,
} from '../../../src/domain/api/activity-actions';
import {
  ACTIVITY_FILTER_USERS,
  activityCategories,
  categoryOfAction,
  type ActivityCategory,
  type ActivityEntry,
  type ActivitySortField,
} from '../../../src/domain/api/reseller-account';

const DAY_MS = 86_400_000;
const MDY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** UTC instant of local midnight of an mm-dd-yyyy day, for a browser `tz` minutes behind UTC. */
export function localDayStartUtc(mdy: string, tzOffsetMinutes: number): Date | null {
  const match = MDY.exec(mdy);
  if (!match) return null;
  const [, mm = '', dd = '', yyyy = ''] = match;
  const utc = Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd));
  const date = new Date(utc);
  if (date.getUTCDate() !== Number(dd) || date.getUTCMonth() !== Number(mm) - 1) return null;
  return new Date(utc + tzOffsetMinutes * 60_000);
}

/**
 * Sorting by action sorts by what the log shows, the label: each known code gets its label's
 * place (a number, so both databases order it alike), unknown codes come last.
 */
const labelOrder = [...Object.keys(activityActionLabels), ...Object.keys(legacyActivityActions)]
  .map((code) => ({ code, label: activityActionLabel(code) }))
  .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
const byLabel = sql<number>`case ${sql.ref('l.action')} ${sql.join(
  labelOrder.map(({ code }, place) => sql`when ${code} then ${sql.lit(place)}`),
  sql` `,
)} else ${sql.lit(labelOrder.length)} end`;

export interface ActivityFilter {
  accountId: string;
  /** Only this user's own entries (a sub-user's view); null for the whole account. */
  onlyUserId: string | null;
  from?: string;
  to?: string;
  tz: number;
  user: string;
  category?: ActivityCategory;
  page: number;
  pageSize: number;
  sort: ActivitySortField;
  order: 'asc' | 'desc';
}

/** What decides the SQL of a log page (the cache key of compileByShape: enums and flags). */
interface ActivityShape {
  onlyUser: boolean;
  user: boolean;
  category: ActivityCategory | null;
  sort: ActivitySortField;
  order: 'asc' | 'desc';
}

/** The values a page compares with; the users' only when their filter is set. */
interface ActivityValues {
  accountId: string;
  from: string;
  to: string;
  onlyUserId?: string;
  user?: string;
}

function activityFiltered(db: Executor, shape: ActivityShape, values: ActivityValues) {
  let query = db
    .selectFrom('audit_log as l')
    .where('l.account_id', '=', values.accountId)
    .where('l.created_at', '>=', values.from)
    .where('l.created_at', '<', values.to);
  if (shape.onlyUser) query = query.where('l.subject_id', '=', values.onlyUserId ?? '');
  if (shape.user) query = query.where('l.subject_id', '=', values.user ?? '');
  if (shape.category) {
    const prefixes: readonly string[] = activityCategories[shape.category].prefixes;
    query = query.where((eb) =>
      eb.or(
        prefixes.flatMap((prefix) => [
          eb('l.action', '=', prefix),
          eb('l.action', 'like', `${prefix}.%`),
        ]),
      ),
    );
  }
  return query;
}

/** How many entries match: counted on its own, or carried by a page (see list-total.ts). */
const countQuery = (db: Executor, shape: ActivityShape, values: ActivityValues) =>
  activityFiltered(db, shape, values).select((eb) =>
    eb.fn.countAll<string | number | bigint>().as('n'),
  );

const activityCount = compileByShape(countQuery);

const activityPage = compileByShape(
  (db, shape: ActivityShape, values: ActivityValues & { limit: number; offset: number }) => {
    const sortColumn = {
      created_at: sql.ref('l.created_at'),
      action: byLabel,
      user: sql.ref('u.email'),
      ip: sql.ref('l.ip'),
    } as const;
    let page = activityFiltered(db, shape, values)
      .leftJoin('users as u', 'u.id', 'l.subject_id')
      .select([
        // The total: with the page on PostgreSQL, on its own on SQLite (see list-total.ts).
        matchesColumn(db, countQuery(db, shape, values)).as('matches'),
        'l.id',
        'l.created_at',
        'l.action',
        'l.subject_id',
        'l.ip',
        'l.user_agent',
        'l.target',
        'l.details',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .orderBy(sortColumn[shape.sort], shape.order);
    // Ties read newest first; sorted by time, that tie-break would repeat the sort column, and
    // SQLite then sorted the page's last two terms itself (demo account: 240 → 131 µs a page).
    // Sorted by time, the id breaks ties in the same direction, so the index on (account, time,
    // id) gives the page in order (2026-11-27-0100).
    if (shape.sort !== 'created_at') page = page.orderBy('l.created_at', 'desc');
    const tieBreak = shape.sort === 'created_at' ? shape.order : 'asc';
    return page.orderBy('l.id', tieBreak).limit(values.limit).offset(values.offset);
  },
);

export async function listActivity(
  db: Executor,
  filter: ActivityFilter,
  now: Date = new Date(),
): Promise<{ entries: ActivityEntry[]; total: number }> {
  // The default range is the last 7 days up to today (the caller's local days).
  const todayStart = (() => {
    const local = new Date(now.getTime() - filter.tz * 60_000);
    const utcMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    return new Date(utcMidnight + filter.tz * 60_000);
  })();
  const fromDate =
    (filter.from ? localDayStartUtc(filter.from, filter.tz) : null) ??
    new Date(todayStart.getTime() - 6 * DAY_MS);
  const toDay = (filter.to ? localDayStartUtc(filter.to, filter.tz) : null) ?? todayStart;
  const toExclusive = new Date(toDay.getTime() + DAY_MS);

  const shape: ActivityShape = {
    onlyUser: filter.onlyUserId !== null,
    user: filter.user !== '',
    category: filter.category ?? null,
    sort: filter.sort,
    order: filter.order,
  };
  const values: ActivityValues = {
    accountId: filter.accountId,
    from: fromDate.toISOString(),
    to: toExclusive.toISOString(),
    ...(filter.onlyUserId !== null ? { onlyUserId: filter.onlyUserId } : {}),
    ...(filter.user !== '' ? { user: filter.user } : {}),
  };
  const rows = await activityPage(db, shape, {
    ...values,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  const total = await listTotal(rows, async () => {
    const [row] = await activityCount(db, shape, values);
    return row?.n;
  });

  return {
    total,
    entries: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      action: row.action,
      action_label: activityActionLabel(row.action),
      category: categoryOfAction(row.action),
      user_id: row.subject_id ?? '',
      user_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      user_email: row.email ?? '',
      ip: row.ip,
      user_agent: row.user_agent,
      target: row.target || targetFromDetails(row.details),
    })),
  };
}

/**
 * Entries written before they named a target kept it in their details (an e-mail, a team's
 * name): the log shows that instead of nothing.
 */
function targetFromDetails(details: string): string {
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed !== 'object' || parsed === null) return '';
    const { email, name } = parsed as { email?: unknown; name?: unknown };
    if (typeof email === 'string') return email;
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

const activityUser = compileOnce((db, accountId, userId) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('account_id', '=', accountId)
    .where('id', '=', userId),
);

/** The account's users whose e-mail or name matches the filter's search, if it has one. */
function filterUsersMatching(
  db: Executor,
  shape: { search: boolean },
  values: { accountId: string; pattern?: string },
) {
  const inAccount = db.selectFrom('users').where('account_id', '=', values.accountId);
  return shape.search ? inAccount.where(userMatchesPattern(values.pattern ?? '')) : inAccount;
}

const filterUsers = compileByShape(
  (db, shape: { search: boolean }, values: { accountId: string; pattern?: string }) =>
    filterUsersMatching(db, shape, values)
      .select(['id', 'first_name', 'last_name', 'email'])
      .orderBy(sql`lower(email)`)
      .orderBy('id')
      .limit(ACTIVITY_FILTER_USERS),
);

const filterUsersCount = compileByShape(
  (db, shape: { search: boolean }, values: { accountId: string; pattern?: string }) =>
    filterUsersMatching(db, shape, values).select((eb) =>
      eb.fn.countAll<string | number | bigint>().as('n'),
    ),
);

/**
 * The users the log's user filter offers: a sub-user only itself; an administrator the first
 * ACTIVITY_FILTER_USERS of the account's users matching `search` (by e-mail), plus the one the
 * log is filtered by (`user`). A large account does not send each of its users (10,000 users
 * made an answer 1 MB); the filter searches instead. Their own call: the log's pages do not
 * carry them again.
 */
export async function activityUsers(
  db: Executor,
  accountId: string,
  onlyUserId: string | null,
  { search, user }: { search: string; user: string },
): Promise<{ users: ActivityUser[]; usersTotal: number }> {
  if (onlyUserId) {
    const rows = await activityUser(db, accountId, onlyUserId);
    return { users: rows.map(toActivityUser), usersTotal: rows.length };
  }
  const shape = { search: search.trim() !== '' };
  const values = { accountId, ...(shape.search ? { pattern: searchPattern(search) } : {}) };
  const [rows, chosen] = await Promise.all([
    filterUsers(db, shape, values),
    user === '' ? Promise.resolve([]) : activityUser(db, accountId, user),
  ]);
  // Fewer than a full list: those are all there are, and counting them again is a query saved.
  const usersTotal =
    rows.length < ACTIVITY_FILTER_USERS
      ? rows.length
      : Number((await filterUsersCount(db, shape, values))[0]?.n ?? 0);
  const users = rows.map(toActivityUser);
  for (const row of chosen) {
    if (!users.some((user) => user.id === row.id)) users.push(toActivityUser(row));
  }
  return { users, usersTotal };
}

interface ActivityUser {
  id: string;
  name: string;
  email: string;
}

function toActivityUser(row: {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}): ActivityUser {
  return { id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email };
}
