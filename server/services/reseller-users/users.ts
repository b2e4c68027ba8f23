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
} from '../../../src/domain/api/reseller-users';
import type { SubUserSortField } from '../../../src/domain/sorting';
import { assertCan, type Actor } from './actor';
import { statusSummary } from './users-repository';
import { isFiltered, listUsersPage } from './users-page';

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
  // The counts by status give the total of an unsearched list: a large account is counted once.
  const { counts, allotted, limits } = await statusSummary(db, actor.accountId);
  const options = { ...query, statuses, isExpiredOnly };
  const knownTotal =
    query.q.trim() === '' && !isFiltered(options)
      ? statuses.reduce((sum, status) => sum + counts[status], 0)
      : undefined;
  const { users, total } = await listUsersPage(db, actor.accountId, options, knownTotal);
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
