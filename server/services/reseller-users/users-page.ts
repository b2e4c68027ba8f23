/**
 * One page of an account's users (the users list, its CSV export, the reseller API's cursor
 * pages), compiled once per shape: the sort, the order and which filters are set (see
 * compile-once.ts). The values (the account, a search, a team, the page) fill the compiled SQL.
 */
import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { listTotal, matchesColumn } from '../../db/list-total';
import type { Executor } from '../../db/database';
import type { DB } from '../../db/schema';
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

/**
 * How many users a search matches: counted on its own (SQLite, a page past its end), or carried
 * by a page (list-total.ts).
 */
const countQuery = (db: Executor, shape: FilterShape, values: FilterValues) =>
  filtered(db, shape, values).select((eb) => eb.fn.countAll<string | number>().as('n'));

const countMatches = compileByShape(countQuery);

interface PageShape extends FilterShape {
  sort: SubUserSortField;
  order: 'asc' | 'desc';
  /** Keyset paging past a cursor, instead of an offset. */
  keyset: boolean;
  /** The total is already known (no search, no filter): no count. */
  knownTotal: boolean;
  /** The list's header (counts by status, plan caps) rides on the page (PostgreSQL). */
  summary: boolean;
  /** Past an offset: the page's ids first, then their rows (see `pageRows`). */
  deferred: boolean;
}

type PageValues = FilterValues & PageParams;

/**
 * `value` on one row of the page, null on the others. Every row used to carry the header, and
 * each copy cost both ends time (PostgreSQL, the demo's page of 18 rows in a loop: the database's
 * CPU 157 → 120 µs a page, the server's 138 → 90). Which row it is depends on the plan, so the
 * reader looks at them all (`listUsersPageWithSummary`).
 */
const onOneRow = (value: RawBuilder<string | null>) =>
  sql<string | null>`case when row_number() over () = 1 then ${value} end`;

/** The columns of a page's rows, read from `users` (see `pageRows`). */
function rowColumns(db: Executor, shape: PageShape, values: PageValues) {
  return (eb: ExpressionBuilder<DB, 'users'>) => [
    'users.id' as const,
    'users.first_name' as const,
    'users.last_name' as const,
    'users.username' as const,
    'users.email' as const,
    'users.role' as const,
    'users.status' as const,
    'users.created_at' as const,
    'users.alloted_computers' as const,
    'users.cancelled_at' as const,
    shape.summary
      ? onOneRow(statusRowsJson(db, values.accountId)).as('summary')
      : sql<null>`null`.as('summary'),
    // Looked up for the invited only, the rows that show it: a join read every user's
    // invitations. A new link revokes the open one, so there is one at most; max() takes the
    // newest all the same without a sort (an ORDER BY here sorted once per invited row).
    eb
      .case()
      .when('users.status', '=', sql.lit('invited'))
      .then(
        eb
          .selectFrom('invitations')
          .select((inner) => inner.fn.max('invitations.expires_at').as('expires_at'))
          .whereRef('invitations.user_id', '=', 'users.id')
          .where('invitations.used_at', 'is', null)
          .where('invitations.revoked_at', 'is', null),
      )
      .end()
      .as('expires_at'),
  ];
}

/**
 * A page of users. The first page, and a page past a cursor, read their rows straight from the
 * index walk. A page past an offset finds its ids first, from an index that holds the sort key
 * and the status (2026-11-24-0300), and only then reads and joins those rows: a deep page skips
 * index entries, not whole rows. On the first page that detour cost a fifth of the statement
 * (SQLite, 18 rows: 155 → 201 µs, median of 30 rounds).
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
  // Sorted by username, the name's tie-break would repeat the sort column (the cursor keeps its
  // three parts): SQLite then sorts the repeated terms itself instead of reading the index.
  const sortedBy = shape.sort === 'username' ? order.filter((_, index) => index !== 1) : order;
  // The total: with the page on PostgreSQL, on its own on SQLite (see list-total.ts).
  const matches = shape.knownTotal
    ? sql<null>`null`
    : matchesColumn(db, countQuery(db, shape, values), shape.keyset);
  const walk = <Q extends SelectQueryBuilder<DB, 'users', object>>(query: Q): Q => {
    let walked = query;
    if (shape.keyset) {
      // A username is compared as the order reads it: lower() on both sides.
      const lowered = (name: string | number) => sql`lower(${name})`;
      const isName = [shape.sort === 'username', true, false];
      const parts = order.map((expr, index) =>
        isName[index] ? { expr, direction, value: lowered } : { expr, direction },
      );
      walked = walked.where(keysetAfter(parts, cursorOf(values))) as Q;
    }
    for (const key of sortedBy) walked = walked.orderBy(key, direction) as Q;
    walked = walked.limit(values.limit) as Q;
    return (shape.keyset ? walked : walked.offset(values.offset ?? 0)) as Q;
  };
  const columns = rowColumns(db, shape, values);
  if (!shape.deferred) {
    return walk(
      filtered(db, shape, values).select((eb) => [matches.as('matches'), ...columns(eb)]),
    );
  }
  const pageIds = walk(filtered(db, shape, values).select(['users.id', matches.as('matches')]));
  let page = db
    .selectFrom(pageIds.as('page'))
    .innerJoin('users', 'users.id', 'page.id')
    .select((eb) => ['page.matches', ...columns(eb as unknown as ExpressionBuilder<DB, 'users'>)]);
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
    deferred: after === undefined && options.page > 1,
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
 * two for every page; the caller checks `countsWithPage`). Undefined when no row carries it (an
 * empty page, or a plan that numbered first a row the page then left out): the caller then reads
 * them the usual way.
 */
export async function listUsersPageWithSummary(
  db: Executor,
  accountId: string,
  options: ListOptions,
): Promise<{ users: SubUser[]; total: number; summary: StatusSummary } | undefined> {
  // An unsearched, unfiltered list's total is its statuses' counts, which the header has.
  const unfiltered = options.q.trim() === '' && !isFiltered(options);
  const page = await readPage(db, accountId, options, { known: unfiltered, summary: true });
  const carried = page.rows.find((row) => row.summary !== null)?.summary;
  if (!carried) return undefined;
  const summary = await summaryOfRows(db, accountId, parseStatusRows(carried));
  const total = unfiltered
    ? options.statuses.reduce((sum, status) => sum + summary.counts[status], 0)
    : await listTotal(page.rows, page.countAlone);
  return { users: page.users, total, summary };
}
