import { sql, type JoinBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { listTotal, matchesColumn } from '../../db/list-total';
import type { Executor } from '../../db/database';
import { compileByShape } from '../../db/compile-once';
import { cursorOf, keysetAfter, pageParams, type PageParams } from '../../db/keyset';
import { matchesSearch, searchPattern } from '../../db/search-pattern';
import {
  GROUP_FILTER_ALL,
  GROUP_FILTER_NONE,
  type Computer,
  type ComputerSortField,
} from '../../../src/domain/api/computers';

export interface ComputerListOptions {
  q: string;
  page: number;
  pageSize: number;
  sort: ComputerSortField;
  order: 'asc' | 'desc';
  /** "all", "none" (no group) or a group id. */
  group: string;
  /** Only computers allotted to this user (a sub-user's own view); null for the whole account. */
  allottedTo: string | null;
  /**
   * Keyset paging (the reseller API's cursors): the computers after this sort key only, `[the
   * sort column's value, name, id]`, instead of skipping `page - 1` pages.
   */
  after?: readonly (string | number)[];
}

/**
 * The user a computer is allotted to, unless that user is cancelled: a cancelled user cannot sign
 * in, so the computer shows as not allotted (and comes back if the user is restored).
 */
const allottedUser = (join: JoinBuilder<DB & { c: DB['computers']; u: DB['users'] }, 'c' | 'u'>) =>
  join.onRef('u.id', '=', 'c.allotted_user_id').on('u.status', '!=', 'cancelled');

/** What decides the SQL of a computers page (compileByShape's key: enums and flags). */
interface ComputerShape {
  allotted: boolean;
  group: 'all' | 'none' | 'one';
  search: boolean;
}

/** The values a page compares with; each only when its filter is set. */
interface ComputerValues {
  accountId: string;
  allottedTo?: string;
  groupId?: string;
  pattern?: string;
}

function filtersOf(accountId: string, options: ComputerListOptions) {
  const { allottedTo, group } = options;
  const search = options.q.trim() !== '';
  const shape: ComputerShape = {
    allotted: allottedTo !== null,
    group: group === GROUP_FILTER_ALL ? 'all' : group === GROUP_FILTER_NONE ? 'none' : 'one',
    search,
  };
  const values: ComputerValues = {
    accountId,
    ...(allottedTo !== null ? { allottedTo } : {}),
    ...(shape.group === 'one' ? { groupId: group } : {}),
    ...(search ? { pattern: searchPattern(options.q) } : {}),
  };
  return { shape, values };
}

/**
 * The account's computers that pass the filters. Every filter reads the computer's own columns,
 * so the count goes without the page's joins (SQLite, 40 computers: 18 → 6 µs).
 */
function filtered(db: Executor, shape: ComputerShape, values: ComputerValues) {
  let query = db.selectFrom('computers as c').where('c.account_id', '=', values.accountId);
  if (shape.allotted) query = query.where('c.allotted_user_id', '=', values.allottedTo ?? '');
  if (shape.group === 'none') query = query.where('c.group_id', 'is', null);
  if (shape.group === 'one') query = query.where('c.group_id', '=', values.groupId ?? '');
  if (shape.search) {
    const pattern = values.pattern ?? '';
    query = query.where(
      (eb) =>
        sql<boolean>`(${matchesSearch(eb.ref('c.name'), pattern)} or ${matchesSearch(eb.ref('c.description'), pattern)})`,
    );
  }
  return query;
}

/** The columns every computer answer is built from; the Personal Key hash is never selected. */
const columns = [
  'c.id',
  'c.name',
  'c.description',
  'c.group_id',
  'c.status',
  'c.last_seen_at',
  'c.created_at',
  'g.name as group_name',
  'u.id as user_id',
  'u.email as user_email',
  'u.first_name as user_first_name',
  'u.last_name as user_last_name',
] as const;

interface ComputerRow {
  id: string;
  name: string;
  description: string;
  group_id: string | null;
  status: 'online' | 'offline';
  last_seen_at: string | null;
  created_at: string;
  group_name: string | null;
  user_id: string | null;
  user_email: string | null;
  user_first_name: string | null;
  user_last_name: string | null;
}

function toComputer(row: ComputerRow): Computer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    groupId: row.group_id,
    groupName: row.group_name,
    allottedTo:
      row.user_id === null
        ? null
        : {
            id: row.user_id,
            email: row.user_email ?? '',
            name: `${row.user_first_name ?? ''} ${row.user_last_name ?? ''}`.trim(),
          },
    status: row.status,
    lastSeen: row.last_seen_at,
    createdAt: row.created_at,
  };
}

/** How many computers pass the filters: counted on its own, or carried by a page (list-total.ts). */
const countQuery = (db: Executor, shape: ComputerShape, values: ComputerValues) =>
  filtered(db, shape, values).select((eb) => eb.fn.countAll<string | number | bigint>().as('n'));

const matchCount = compileByShape(countQuery);

interface PageShape extends ComputerShape {
  sort: ComputerSortField;
  order: 'asc' | 'desc';
  /** Keyset paging past a cursor, instead of an offset. */
  keyset: boolean;
}

type PageValues = ComputerValues & PageParams;

const pageRows = compileByShape((db, shape: PageShape, values: PageValues) => {
  const direction = shape.order;
  // Never-seen computers sort as the oldest (first ascending, last descending).
  const sortExpression = {
    name: sql`lower(c.name)`,
    last_seen: sql`coalesce(c.last_seen_at, '')`,
    status: sql`case when c.status = 'online' then 1 else 0 end`,
  }[shape.sort];
  // Ties (same status, same time) read A to Z whichever way the main column goes.
  // A name is compared as the order reads it: lower() on both sides.
  const lowered = (name: string | number) => sql`lower(${name})`;
  const order = [
    { expr: sortExpression, direction, ...(shape.sort === 'name' ? { value: lowered } : {}) },
    {
      expr: sql`lower(c.name)`,
      direction: shape.sort === 'name' ? direction : ('asc' as const),
      value: lowered,
    },
    // Sorted by name, the id too follows the order: the name index then gives the page in order
    // both ways (descending, SQLite sorted each run of equal names in a temporary B-tree).
    { expr: sql`c.id`, direction: shape.sort === 'name' ? direction : ('asc' as const) },
  ];
  // The total: with the page on PostgreSQL, on its own on SQLite (see list-total.ts).
  let page = filtered(db, shape, values)
    .leftJoin('computer_groups as g', 'g.id', 'c.group_id')
    .leftJoin('users as u', allottedUser)
    .select([
      ...columns,
      matchesColumn(db, countQuery(db, shape, values), shape.keyset).as('matches'),
    ]);
  if (shape.keyset) {
    page = page.where(keysetAfter(order, cursorOf(values)));
  }
  // Sorted by name, the name's tie-break repeats the sort column: left out of the ORDER BY (the
  // cursor keeps its three parts), it lets the name index give the page in order.
  const sortedBy = shape.sort === 'name' ? order.filter((_, index) => index !== 1) : order;
  for (const part of sortedBy) page = page.orderBy(part.expr, part.direction);
  page = page.limit(values.limit);
  return shape.keyset ? page : page.offset(values.offset ?? 0);
});

/** One page of an account's computers, sorted in SQL so pagination stays correct. */
export async function listComputersPage(
  db: Executor,
  accountId: string,
  options: ComputerListOptions,
): Promise<{ computers: Computer[]; total: number }> {
  const filters = filtersOf(accountId, options);
  const { after } = options;
  const shape = { ...filters.shape, sort: options.sort, order: options.order, keyset: !!after };
  const paging = pageParams(options.pageSize, options.page, after);
  const rows = await pageRows(db, shape, { ...filters.values, ...paging });
  const total = await listTotal(rows, async () => {
    const [row] = await matchCount(db, filters.shape, filters.values);
    return row?.n;
  });
  return { total, computers: rows.map(toComputer) };
}

export async function findComputer(
  db: Executor,
  accountId: string,
  computerId: string,
): Promise<Computer | undefined> {
  const row = await db
    .selectFrom('computers as c')
    .leftJoin('computer_groups as g', 'g.id', 'c.group_id')
    .leftJoin('users as u', allottedUser)
    .select([...columns])
    .where('c.account_id', '=', accountId)
    .where('c.id', '=', computerId)
    .executeTakeFirst();
  return row ? toComputer(row) : undefined;
}

/**
 * The account's groups with how many computers each holds, A to Z; `page`: at most `limit` of
 * them, after the `[name, id]` of the last one seen (the reseller API's cursors).
 */
export async function listGroupsWithCounts(
  db: Executor,
  accountId: string,
  page?: { limit: number; after?: readonly (string | number)[] | undefined },
) {
  let query = db
    .selectFrom('computer_groups as g')
    .leftJoin('computers as c', 'c.group_id', 'g.id')
    .select(['g.id', 'g.name', (eb) => eb.fn.count<string | number | bigint>('c.id').as('n')])
    .where('g.account_id', '=', accountId)
    .groupBy(['g.id', 'g.name'])
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id');
  if (page?.after) {
    const lowered = (name: string | number) => sql`lower(${name})`;
    const order = [
      { expr: sql`lower(g.name)`, direction: 'asc' as const, value: lowered },
      { expr: sql`g.id`, direction: 'asc' as const },
    ];
    query = query.where(keysetAfter(order, page.after));
  }
  if (page) query = query.limit(page.limit);
  const groups = await query.execute();
  const ungrouped = await db
    .selectFrom('computers')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('account_id', '=', accountId)
    .where('group_id', 'is', null)
    .executeTakeFirst();
  return {
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      computerCount: Number(group.n),
    })),
    ungrouped: Number(ungrouped?.n ?? 0),
  };
}
