/**
 * One page of an account's users (the users list, its CSV export, the reseller API's cursor
 * pages), compiled once per shape: the sort, the order and which filters are set (see
 * compile-once.ts). The values (the account, a search, a team, the page) fill the compiled SQL.
 */
import { sql } from 'kysely';
import { listTotal, matchesColumn } from '../../db/list-total';
import type { Executor } from '../../db/database';
import { compileByShape } from '../../db/compile-once';
import { cursorOf, keysetAfter, pageParams, type PageParams } from '../../db/keyset';
import type { ResellerRole, SubUser, UserStatus } from '../../../src/domain/api/reseller-users';
import type { SubUserSortField } from '../../../src/domain/sorting';
import { searchPattern } from '../../db/search-pattern';
import {
  parseStatusRows,
  statusRowsJson,
  summaryOfRows,
  toSubUser,
  userMatchesPattern,
  type StatusSummary,
} from './users-repository';

export interface ListOptions {
  q: string;
  page: number;
  pageSize: number;
  sort: SubUserSortField;
  order: 'asc' | 'desc';
  statuses: readonly UserStatus[];
  /** Filters of the users list (none: everyone of these statuses). */
  role?: 'all' | ResellerRole;
  team?: string;
  /** Pending invitations whose link has expired, only. */
  isExpiredOnly?: boolean;
  /**
   * Keyset paging (the reseller API's cursors): the rows after this sort key only, `[the sort
   * column's value, username, id]`, instead of skipping `page - 1` pages.
   */
  after?: readonly (string | number)[];
}

/** Whether the list is narrowed by more than its statuses and search. */
export const isFiltered = (options: Pick<ListOptions, 'role' | 'team' | 'isExpiredOnly'>) =>
  (options.role ?? 'all') !== 'all' ||
  (options.team ?? '') !== '' ||
  options.isExpiredOnly === true;

/** What decides the SQL of the list's filters (the cache key: enums and flags only). */
interface FilterShape {
  statuses: readonly UserStatus[];
  search: boolean;
  role: 'all' | ResellerRole;
  team: boolean;
  expiredOnly: boolean;
}

/** The values the filters compare with; each is there only when its filter is set. */
interface FilterValues {
  accountId: string;
  pattern?: string;
  team?: string;
  at?: string;
}

function filtersOf(accountId: string, options: ListOptions) {
  const search = options.q.trim() !== '';
  const team = options.team ?? '';
  const expiredOnly = options.isExpiredOnly === true;
  const shape: FilterShape = {
    statuses: options.statuses,
    search,
    role: options.role ?? 'all',
    team: team !== '',
    expiredOnly,
  };
  const values: FilterValues = {
    accountId,
    ...(search ? { pattern: searchPattern(options.q) } : {}),
    ...(team !== '' ? { team } : {}),
    ...(expiredOnly ? { at: new Date().toISOString() } : {}),
  };
  return { shape, values };
}

function filtered(db: Executor, shape: FilterShape, values: FilterValues) {
  let query = db
    .selectFrom('users')
    .where('users.account_id', '=', values.accountId)
    .where('users.status', 'in', [...shape.statuses]);
  if (shape.search) query = query.where(userMatchesPattern(values.pattern ?? ''));
  if (shape.role !== 'all') query = query.where('users.role', '=', shape.role);
  if (shape.team) {
    query = query.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('team_members')
        .select('team_members.user_id')
        .where('team_members.account_id', '=', values.accountId)
        .where('team_members.team_id', '=', values.team ?? ''),
    );
  }
  if (shape.expiredOnly) {
    // The same rule as toSubUser's isInvitationExpired: no open link, or one past its time.
    query = query.where('users.status', '=', 'invited').where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invitations')
            .select('invitations.id')
            .whereRef('invitations.user_id', '=', 'users.id')
            .where('invitations.used_at', 'is', null)
            .where('invitations.revoked_at', 'is', null)
            .where('invitations.expires_at', '>', values.at ?? ''),
        ),
      ),
    );
  }
  return query;
}

/** How many users a search matches, for a page past its end (which brings no count with it). */
const countMatches = compileByShape((db, shape: FilterShape, values: FilterValues) =>
  filtered(db, shape, values).select((eb) => eb.fn.countAll<string | number>().as('n')),
);

interface PageShape extends FilterShape {
  sort: SubUserSortField;
  order: 'asc' | 'desc';
  /** Keyset paging past a cursor, instead of an offset. */
  keyset: boolean;
  /** The total is already known (no search, no filter): no count. */
  knownTotal: boolean;
  /** The list's header (counts by status, plan caps) rides on the page (PostgreSQL). */
  summary: boolean;
}

type PageValues = FilterValues & PageParams;

/**
 * The page's ids are found first, from an index that holds the sort key and the status
 * (2026-11-24-0300), and only those rows are then read and joined: a deep page skips index
 * entries, not whole rows.
 */
const pageRows = compileByShape((db, shape: PageShape, values: PageValues) => {
  const direction = shape.order;
  const sortExpression = {
    isActive: sql`case when users.status = 'active' then 1 else 0 end`,
    created_date: sql`users.created_at`,
    username: sql`lower(users.username)`,
  }[shape.sort];
  // The id breaks ties in the same direction, so one index walk serves both orders.
  const order = [sortExpression, sql`lower(users.username)`, sql`users.id`];
  // The total: with the page on PostgreSQL, on its own on SQLite (see list-total.ts).
  const matches = shape.knownTotal ? sql<null>`null` : matchesColumn(db, shape.keyset);
  let pageIds = filtered(db, shape, values).select(['users.id', matches.as('matches')]);
  if (shape.keyset) {
    // A username is compared as the order reads it: lower() on both sides.
    const lowered = (name: string | number) => sql`lower(${name})`;
    const isName = [shape.sort === 'username', true, false];
    const parts = order.map((expr, index) =>
      isName[index] ? { expr, direction, value: lowered } : { expr, direction },
    );
    pageIds = pageIds.where(keysetAfter(parts, cursorOf(values)));
  }
  // Sorted by username, the name's tie-break would repeat the sort column (the cursor keeps its
  // three parts): SQLite then sorts the repeated terms itself instead of reading the index.
  const sortedBy = shape.sort === 'username' ? order.filter((_, index) => index !== 1) : order;
  for (const key of sortedBy) pageIds = pageIds.orderBy(key, direction);
  pageIds = pageIds.limit(values.limit);
  if (!shape.keyset) pageIds = pageIds.offset(values.offset ?? 0);
  let page = db
    .selectFrom(pageIds.as('page'))
    .innerJoin('users', 'users.id', 'page.id')
    .select((eb) => [
      'page.matches',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.email',
      'users.role',
      'users.status',
      'users.created_at',
      'users.alloted_computers',
      'users.cancelled_at',
      shape.summary
        ? statusRowsJson(db, values.accountId).as('summary')
        : sql<null>`null`.as('summary'),
      // Looked up for the invited only, the rows that show it: a join read every user's
      // invitations (SQLite, 18 rows: 190 → 142 µs a page). A new link revokes the open one, so
      // there is one at most; the newest is taken all the same.
      eb
        .case()
        .when('users.status', '=', sql.lit('invited'))
        .then(
          eb
            .selectFrom('invitations')
            .select('invitations.expires_at')
            .whereRef('invitations.user_id', '=', 'users.id')
            .where('invitations.used_at', 'is', null)
            .where('invitations.revoked_at', 'is', null)
            .orderBy('invitations.expires_at', 'desc')
            .limit(1),
        )
        .end()
        .as('expires_at'),
    ]);
  for (const key of sortedBy) page = page.orderBy(key, direction);
  return page;
});

/** A page's rows, and the header when the page carries it (see listUsersPageWithSummary). */
async function readPage(
  db: Executor,
  accountId: string,
  options: ListOptions,
  total: { known: boolean; summary: boolean },
) {
  const filters = filtersOf(accountId, options);
  const { after } = options;
  const shape: PageShape = {
    ...filters.shape,
    sort: options.sort,
    order: options.order,
    keyset: after !== undefined,
    knownTotal: total.known,
    summary: total.summary,
  };
  const values: PageValues = {
    ...filters.values,
    ...pageParams(options.pageSize, options.page, after),
  };
  const rows = await pageRows(db, shape, values);
  const at = new Date().toISOString();
  const users = rows.map((row) => toSubUser(row, row.expires_at, at));
  const countAlone = async () => {
    const [row] = await countMatches(db, filters.shape, filters.values);
    return row?.n;
  };
  return { rows, users, countAlone };
}

/**
 * One page of an account's users, sorted in SQL so pagination stays correct.
 * `knownTotal`: the caller already knows how many users match (no search), so none are counted;
 * otherwise the count comes with the page on PostgreSQL, or on its own on SQLite (list-total.ts).
 */
export async function listUsersPage(
  db: Executor,
  accountId: string,
  options: ListOptions,
  knownTotal?: number,
): Promise<{ users: SubUser[]; total: number }> {
  const known = knownTotal !== undefined;
  const { rows, users, countAlone } = await readPage(db, accountId, options, {
    known,
    summary: false,
  });
  return { users, total: knownTotal ?? (await listTotal(rows, countAlone)) };
}

/**
 * The users list's page with its header in one statement (PostgreSQL: one round trip instead of
 * two for every page; the caller checks `countsWithPage`). Undefined when the page is empty and
 * so carries nothing: the caller then reads them the usual way.
 */
export async function listUsersPageWithSummary(
  db: Executor,
  accountId: string,
  options: ListOptions,
): Promise<{ users: SubUser[]; total: number; summary: StatusSummary } | undefined> {
  // An unsearched, unfiltered list's total is its statuses' counts, which the header has.
  const unfiltered = options.q.trim() === '' && !isFiltered(options);
  const page = await readPage(db, accountId, options, { known: unfiltered, summary: true });
  const carried = page.rows[0]?.summary;
  if (!carried) return undefined;
  const summary = await summaryOfRows(db, accountId, parseStatusRows(carried));
  const total = unfiltered
    ? options.statuses.reduce((sum, status) => sum + summary.counts[status], 0)
    : await listTotal(page.rows, page.countAlone);
  return { users: page.users, total, summary };
}
