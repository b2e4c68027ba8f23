import { API_LIST_LIMIT } from '../../../src/domain/api/reseller-api-pagination';
import type {
  ApiComputerList,
  ApiGroupList,
  ApiListComputersQuery,
  ApiListGroupsQuery,
  ApiListUsersQuery,
  ApiUserList,
} from '../../../src/domain/api/reseller-api-lists';
import type { Computer } from '../../../src/domain/api/computers';
import type { SubUser } from '../../../src/domain/api/reseller-users';
import type { AppContext } from '../../context';
import { listComputersPage, listGroupsWithCounts } from '../computers/repository';
import type { Actor } from '../reseller-users/actor';
import { listUsers } from '../reseller-users/users';
import { decodeCursor, encodeCursor, type CursorScope, type KeyValue } from './cursor';

interface Paging {
  limit?: number | undefined;
  cursor?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** How a list call pages: by v1's deprecated page number, or after a cursor. */
type Plan =
  | { kind: 'offset'; page: number; pageSize: number }
  | { kind: 'cursor'; limit: number; after: KeyValue[] | undefined };

/** Paging is one rule for every list: the key's shape is each list's own. */
function planOf(
  ctx: AppContext,
  scope: CursorScope,
  query: Paging & { sort: string; order: 'asc' | 'desc' },
): Plan {
  if (query.page !== undefined || query.pageSize !== undefined) {
    return {
      kind: 'offset',
      page: query.page ?? 1,
      pageSize: query.pageSize ?? API_LIST_LIMIT.fallback,
    };
  }
  const after = query.cursor
    ? decodeCursor(ctx.secrets.token, scope, query.cursor, { ...query, keyLength: 3 })
    : undefined;
  return { kind: 'cursor', limit: query.limit ?? API_LIST_LIMIT.fallback, after };
}

/**
 * A page of rows fetched one past the limit (cursor paging: the extra row says whether there is
 * a next page) or as the page number asks, and the paging fields of its answer.
 */
function pageOf<T>(
  ctx: AppContext,
  scope: CursorScope,
  query: { sort: string; order: 'asc' | 'desc'; cursor?: string | undefined },
  plan: Plan,
  fetched: { rows: T[]; total: number },
  keyOf: (row: T) => KeyValue[],
) {
  const cursorAfter = (row: T | undefined) =>
    row === undefined
      ? null
      : encodeCursor(ctx.secrets.token, scope, { ...query, key: keyOf(row) });
  if (plan.kind === 'offset') {
    const hasMore = plan.page * plan.pageSize < fetched.total;
    return {
      rows: fetched.rows,
      paging: {
        page: plan.page,
        pageSize: plan.pageSize,
        limit: plan.pageSize,
        next_cursor: hasMore ? cursorAfter(fetched.rows.at(-1)) : null,
      },
    };
  }
  const rows = fetched.rows.slice(0, plan.limit);
  return {
    rows,
    paging: {
      page: query.cursor ? null : 1,
      pageSize: plan.limit,
      limit: plan.limit,
      next_cursor: fetched.rows.length > plan.limit ? cursorAfter(rows.at(-1)) : null,
    },
  };
}

/** What the database is asked for: a page number's rows, or one past the limit after a key. */
const fetchOf = (plan: Plan) =>
  plan.kind === 'offset'
    ? { page: plan.page, pageSize: plan.pageSize }
    : { page: 1, pageSize: plan.limit + 1, after: plan.after };

/** The users list of the reseller API (GET /reseller-api/v1/users). */
export async function listApiUsers(
  ctx: AppContext,
  actor: Actor,
  query: ApiListUsersQuery,
): Promise<ApiUserList> {
  const scope: CursorScope = { list: 'users', accountId: actor.accountId };
  const plan = planOf(ctx, scope, query);
  const list = await listUsers(ctx.db, actor, { ...query, ...fetchOf(plan) });
  // The sort key as users-repository.ts orders by it: the sort column, then username, then id.
  const keyOf = (user: SubUser): KeyValue[] => [
    { created_date: user.createdAt, username: user.username, isActive: user.isActive ? 1 : 0 }[
      query.sort
    ],
    user.username,
    user.id,
  ];
  const { rows, paging } = pageOf(
    ctx,
    scope,
    query,
    plan,
    { rows: list.users, total: list.total },
    keyOf,
  );
  return { ...list, users: rows, ...paging };
}

/** The computers list of the reseller API (GET /reseller-api/v1/computers). */
export async function listApiComputers(
  ctx: AppContext,
  accountId: string,
  query: ApiListComputersQuery,
): Promise<ApiComputerList> {
  const scope: CursorScope = { list: 'computers', accountId };
  const plan = planOf(ctx, scope, query);
  const { computers, total } = await listComputersPage(ctx.db, accountId, {
    ...query,
    allottedTo: null,
    ...fetchOf(plan),
  });
  // The sort key as computers/repository.ts orders by it: the sort column, then name, then id.
  const keyOf = (computer: Computer): KeyValue[] => [
    {
      name: computer.name,
      last_seen: computer.lastSeen ?? '',
      status: computer.status === 'online' ? 1 : 0,
    }[query.sort],
    computer.name,
    computer.id,
  ];
  const { rows, paging } = pageOf(ctx, scope, query, plan, { rows: computers, total }, keyOf);
  return { computers: rows, total, ...paging };
}

/** The groups list of the reseller API (GET /reseller-api/v1/groups): whole, or paged A to Z. */
export async function listApiGroups(
  ctx: AppContext,
  accountId: string,
  query: ApiListGroupsQuery,
): Promise<ApiGroupList> {
  if (query.limit === undefined && query.cursor === undefined) {
    return { ...(await listGroupsWithCounts(ctx.db, accountId)), limit: null, next_cursor: null };
  }
  const scope: CursorScope = { list: 'groups', accountId };
  const sort = { sort: 'name', order: 'asc' as const };
  const after = query.cursor
    ? decodeCursor(ctx.secrets.token, scope, query.cursor, { ...sort, keyLength: 2 })
    : undefined;
  const limit = query.limit ?? API_LIST_LIMIT.fallback;
  const list = await listGroupsWithCounts(ctx.db, accountId, { limit: limit + 1, after });
  const groups = list.groups.slice(0, limit);
  const last = groups.at(-1);
  const next_cursor =
    list.groups.length > limit && last
      ? encodeCursor(ctx.secrets.token, scope, { ...sort, key: [last.name, last.id] })
      : null;
  return { groups, ungrouped: list.ungrouped, limit, next_cursor };
}
