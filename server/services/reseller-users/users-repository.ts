import { sql } from 'kysely';
import { listTotal, matchesColumn } from '../../db/list-total';
import type { Executor } from '../../db/database';
import { compileOnce } from '../../db/compile-once';
import { keysetAfter } from '../../db/keyset';
import type { ResellerRole, SubUser, UserStatus } from '../../../src/domain/api/reseller-users';
import type { SubUserSortField } from '../../../src/domain/sorting';

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

/** "04-05-2025" from an ISO timestamp (UTC calendar day). */
export function mmDdYyyy(iso: string): string {
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Users whose e-mail or full name contains `search`, ignoring case; LIKE's wildcards in it are
 * taken literally. Shared by the users list and the activity log's user filter.
 */
export function userMatches(search: string) {
  const pattern = `%${escapeLike(search.trim().toLowerCase())}%`;
  return sql<boolean>`(lower(users.email) like ${pattern} escape '\\' or lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\')`;
}

const now = () => new Date().toISOString();

function baseQuery(db: Executor, accountId: string, options: ListOptions) {
  let query = db
    .selectFrom('users')
    .where('users.account_id', '=', accountId)
    .where('users.status', 'in', [...options.statuses]);
  if (options.q.trim() !== '') query = query.where(userMatches(options.q));
  if (options.role !== undefined && options.role !== 'all') {
    query = query.where('users.role', '=', options.role);
  }
  const team = options.team ?? '';
  if (team !== '') {
    query = query.where('users.id', 'in', (eb) =>
      eb
        .selectFrom('team_members')
        .select('team_members.user_id')
        .where('team_members.account_id', '=', accountId)
        .where('team_members.team_id', '=', team),
    );
  }
  if (options.isExpiredOnly === true) {
    // The same rule as isInvitationExpired below: no open link, or one past its time.
    const at = now();
    query = query
      .where('users.status', '=', 'invited')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invitations')
              .select('invitations.id')
              .whereRef('invitations.user_id', '=', 'users.id')
              .where('invitations.used_at', 'is', null)
              .where('invitations.revoked_at', 'is', null)
              .where('invitations.expires_at', '>', at),
          ),
        ),
      );
  }
  return query;
}

/** How many users a search matches, for a page past its end (which brings no count with it). */
async function countMatches(db: Executor, accountId: string, options: ListOptions) {
  const row = await baseQuery(db, accountId, options)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of an account's users, sorted in SQL so pagination stays correct. The page's ids are
 * found first, from an index that holds the sort key and the status (2026-11-24-0300), and only
 * those rows are then read and joined: a deep page skips index entries, not whole rows.
 * `knownTotal`: the caller already knows how many users match (no search), so none are counted;
 * otherwise the count comes with the page on PostgreSQL, or on its own on SQLite (list-total.ts).
 */
export async function listUsersPage(
  db: Executor,
  accountId: string,
  options: ListOptions,
  knownTotal?: number,
): Promise<{ users: SubUser[]; total: number }> {
  const direction = options.order;
  const sortExpression = {
    isActive: sql`case when users.status = 'active' then 1 else 0 end`,
    created_date: sql`users.created_at`,
    username: sql`lower(users.username)`,
  }[options.sort];
  // The id breaks ties in the same direction, so one index walk serves both orders.
  const order = [sortExpression, sql`lower(users.username)`, sql`users.id`];
  const after = options.after;
  // The total: with the page on PostgreSQL, on its own on SQLite (see list-total.ts).
  const matches = knownTotal === undefined ? matchesColumn(db, Boolean(after)) : sql<null>`null`;
  let pageIds = baseQuery(db, accountId, options).select(['users.id', matches.as('matches')]);
  if (after) {
    // A username is compared as the order reads it: lower() on both sides.
    const lowered = (name: string | number) => sql`lower(${name})`;
    const isName = [options.sort === 'username', true, false];
    const parts = order.map((expr, index) =>
      isName[index] ? { expr, direction, value: lowered } : { expr, direction },
    );
    pageIds = pageIds.where(keysetAfter(parts, after));
  }
  for (const key of order) pageIds = pageIds.orderBy(key, direction);
  pageIds = pageIds
    .limit(options.pageSize)
    .offset(after ? 0 : (options.page - 1) * options.pageSize);
  let page = db
    .selectFrom(pageIds.as('page'))
    .innerJoin('users', 'users.id', 'page.id')
    .leftJoin('invitations', (join) =>
      join
        .onRef('invitations.user_id', '=', 'users.id')
        .on('invitations.used_at', 'is', null)
        .on('invitations.revoked_at', 'is', null),
    )
    .select([
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
      'invitations.expires_at',
    ]);
  for (const key of order) page = page.orderBy(key, direction);
  const rows = await page.execute();
  const total = knownTotal ?? (await listTotal(rows, () => countMatches(db, accountId, options)));
  const at = now();
  return {
    total,
    users: rows.map((row) => toSubUser(row, row.expires_at, at)),
  };
}

/**
 * A users row as the console shows it; `expiresAt` is its open invitation's expiry (if any),
 * `at` the moment "expired" is judged against.
 */
export function toSubUser(
  row: {
    id: string;
    first_name: string;
    last_name: string;
    username: string;
    email: string;
    role: SubUser['role'];
    status: SubUser['status'];
    created_at: string;
    alloted_computers: number;
    cancelled_at: string | null;
  },
  expiresAt: string | null,
  at: string,
): SubUser {
  const pendingUntil = row.status === 'invited' ? expiresAt : null;
  return {
    id: row.id,
    firstname: row.first_name,
    lastname: row.last_name,
    username: row.username,
    email: row.email,
    role: row.role,
    status: row.status,
    isActive: row.status === 'active',
    created_date: mmDdYyyy(row.created_at),
    createdAt: row.created_at,
    allotedComputers: row.alloted_computers,
    invitationExpiresAt: pendingUntil,
    isInvitationExpired: row.status === 'invited' && (pendingUntil === null || pendingUntil <= at),
    cancelledAt: row.cancelled_at,
  };
}

/** Read by every list call: compiled once (see compile-once.ts). */
const statusCounts = compileOnce((db, accountId) =>
  db
    .selectFrom('users')
    .select([
      'status',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number | null>('alloted_computers').as('allotted'),
    ])
    .where('account_id', '=', accountId)
    .groupBy('status'),
);

/**
 * One pass over the account's users: how many there are of each status, and the computers
 * allotted to those who are not cancelled (what the list shows above its rows).
 */
export async function statusSummary(db: Executor, accountId: string) {
  const rows = await statusCounts(db, accountId);
  const counts = { active: 0, invited: 0, cancelled: 0 };
  let allotted = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    if (row.status !== 'cancelled') allotted += Number(row.allotted ?? 0);
  }
  return { counts, allotted };
}

/** Computers allotted to the account's users who are not cancelled, optionally leaving one out. */
export async function allottedTotal(
  db: Executor,
  accountId: string,
  exceptUserIds: readonly string[] = [],
): Promise<number> {
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.sum<string | number | null>('alloted_computers').as('n'))
    .where('account_id', '=', accountId)
    .where('status', '!=', 'cancelled');
  if (exceptUserIds.length > 0) query = query.where('id', 'not in', [...exceptUserIds]);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findUserInAccount(db: Executor, accountId: string, userId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findUsersInAccount(db: Executor, accountId: string, userIds: readonly string[]) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', [...userIds])
    .execute();
}

/** Whether an e-mail or username is taken by any user of any account. */
export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const value = email.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', value), eb('username', '=', value)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these e-mails are taken (CSV checks every row in one query). */
export async function takenEmails(db: Executor, emails: readonly string[]): Promise<Set<string>> {
  const values = emails.map((email) => email.trim().toLowerCase());
  const taken = new Set<string>();
  // Chunks keep the parameter count well under both databases' limits.
  for (let i = 0; i < values.length; i += 400) {
    const chunk = values.slice(i, i + 400);
    const rows = await db
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', 'in', chunk), eb('username', 'in', chunk)]))
      .execute();
    for (const row of rows) {
      taken.add(row.email.toLowerCase());
      taken.add(row.username.toLowerCase());
    }
  }
  return taken;
}
