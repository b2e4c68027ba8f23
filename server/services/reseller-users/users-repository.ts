import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { compileOnce } from '../../db/compile-once';
import { matchesSearch } from '../../db/search-pattern';
import { entryPlanLimits, planLimits } from './plan-limit';
import type { SubUser, UserStatus } from '../../../src/domain/api/reseller-users';

/** "04-05-2025" from an ISO timestamp (UTC calendar day). */
export function mmDdYyyy(iso: string): string {
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

/**
 * Users whose e-mail or full name matches `pattern` (server/db/search-pattern.ts), ignoring case. Shared by
 * the users list and the activity log's user filter.
 */
export function userMatchesPattern(pattern: string) {
  const fullName = sql<string>`users.first_name || ' ' || users.last_name`;
  return sql<boolean>`(${matchesSearch(sql.ref('users.email'), pattern)} or ${matchesSearch(fullName, pattern)})`;
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

/**
 * The users of each status with their allotted computers, and beside them the caps of the
 * account's own plan (uncorrelated subqueries, run once per statement by both databases).
 */
function statusRowsQuery(db: Executor, accountId: string) {
  const ownPlan = db
    .selectFrom('billing_accounts as b')
    .innerJoin('plans as p', 'p.id', 'b.plan_id')
    .where('b.account_id', '=', accountId);
  return db
    .selectFrom('users')
    .select([
      'status',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number | null>('alloted_computers').as('allotted'),
      () => ownPlan.select('p.computers').as('plan_computers'),
      () => ownPlan.select('p.users').as('plan_users'),
    ])
    .where('account_id', '=', accountId)
    .groupBy('status');
}

/** One row of `statusRowsQuery`. */
export interface StatusRow {
  status: UserStatus;
  n: string | number;
  allotted: string | number | null;
  plan_computers: number | null;
  plan_users: number | null;
}

/**
 * Read by every list call, compiled once (see compile-once.ts). One statement for the counts and
 * the caps rather than two: on PostgreSQL, a round trip less for every page of the list.
 */
const statusCountsAndCaps = compileOnce(statusRowsQuery);

/**
 * `statusRowsQuery`'s rows as one JSON array, for a PostgreSQL page to carry (users-page.ts):
 * the list's header then costs no round trip of its own. One row of the page carries it, as
 * text, parsed by `parseStatusRows`.
 */
export const statusRowsJson = (db: Executor, accountId: string) =>
  sql<string | null>`(select json_agg(s)::text from (${statusRowsQuery(db, accountId)}) as s)`;

export const parseStatusRows = (text: string) => JSON.parse(text) as StatusRow[];

/**
 * One pass over the account's users: how many there are of each status, and the computers
 * allotted to those who are not cancelled (what the list shows above its rows); with the
 * account's plan caps (`planLimits`' answer).
 */
export async function statusSummary(db: Executor, accountId: string) {
  return summaryOfRows(db, accountId, await statusCountsAndCaps(db, accountId));
}

/** The summary from `statusRowsQuery`'s rows, read on their own or carried by a page. */
export async function summaryOfRows(db: Executor, accountId: string, rows: readonly StatusRow[]) {
  const counts = { active: 0, invited: 0, cancelled: 0 };
  let allotted = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    if (row.status !== 'cancelled') allotted += Number(row.allotted ?? 0);
  }
  // Every account has a user (its administrator), so the caps ride on the first row.
  const own = rows[0];
  const limits =
    own === undefined
      ? await planLimits(db, accountId)
      : own.plan_computers !== null && own.plan_users !== null
        ? { computers: own.plan_computers, users: own.plan_users }
        : await entryPlanLimits(db);
  return { counts, allotted, limits };
}

export type StatusSummary = Awaited<ReturnType<typeof summaryOfRows>>;

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
