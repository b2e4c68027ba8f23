/**
 * The users list. Adding users is in users-add.ts, invitation links in users-invitations.ts, and
 * edit, delete and restore in users-lifecycle.ts; what they share is in users-common.ts.
 */
import type { Executor } from '../../db/database';
import {
  type UserList,
  type UserListStatus,
  type UserStatus,
  type ResellerRole,
  type SubUser,
} from '../../../src/domain/api/reseller-users';
import type { SubUserSortField } from '../../../src/domain/sorting';
import { assertCan, type Actor } from './actor';
import { countsWithPage } from '../../db/list-total';
import { statusSummary, type StatusSummary } from './users-repository';
import { isFiltered, listUsersPage, listUsersPageWithSummary } from './users-page';

export interface ListQuery {
  q: string;
  page: number;
  pageSize: number;
  sort: SubUserSortField;
  order: 'asc' | 'desc';
  role?: 'all' | ResellerRole;
  team?: string;
  /** Keyset paging (the reseller API): the rows after this sort key (see ListOptions). */
  after?: readonly (string | number)[];
}

export async function listUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery & { status: UserListStatus },
): Promise<UserList> {
  assertCan(actor, 'users.manage');
  return listPage(db, actor, query, listStatuses(query.status), query.status === 'expired');
}

/** The user statuses behind the list's status filter ('expired' is among the invited). */
export function listStatuses(status: UserListStatus): UserStatus[] {
  if (status === 'all') return ['active', 'invited'];
  return [status === 'expired' ? 'invited' : status];
}

export async function listCancelledUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery,
): Promise<UserList> {
  assertCan(actor, 'users.manage');
  return listPage(db, actor, query, ['cancelled']);
}

async function listPage(
  db: Executor,
  actor: Actor,
  query: ListQuery,
  statuses: UserStatus[],
  isExpiredOnly = false,
): Promise<UserList> {
  const options = { ...query, statuses, isExpiredOnly };
  // On PostgreSQL the header rides on the page's statement; an empty page carries none.
  const carried = countsWithPage(db)
    ? await listUsersPageWithSummary(db, actor.accountId, options)
    : undefined;
  if (carried) return answer(query, carried.summary, carried);
  // The counts by status give the total of an unsearched list: a large account is counted once.
  const summary = await statusSummary(db, actor.accountId);
  const knownTotal =
    query.q.trim() === '' && !isFiltered(options)
      ? statuses.reduce((sum, status) => sum + summary.counts[status], 0)
      : undefined;
  return answer(query, summary, await listUsersPage(db, actor.accountId, options, knownTotal));
}

function answer(
  query: ListQuery,
  { counts, allotted, limits }: StatusSummary,
  { users, total }: { users: SubUser[]; total: number },
): UserList {
  return {
    users,
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    allotted,
    planComputers: limits.computers,
    planUsers: limits.users,
  };
}
