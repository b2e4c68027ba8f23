import type { RouteEntry } from '../../../server/app';
import { IDENTITY_PROVIDER_POSTS, isPublicRoute } from './public-routes';
import type { Database } from '../../../server/db/database';

/*
 * The tenant-isolation walk's tables (tests/server/tenant-isolation.test.ts): which fields name
 * an account's records and how to read some of them, and sample values for the other fields. A
 * route that brings a field unknown here fails the walk, which says what to add.
 */

export type Kind = 'reseller' | 'partner';

/** An account: a reseller account's id, or a partner's row id. */
export interface Owner {
  kind: Kind;
  id: string;
}

/** The ids of some records the owner holds, the first one the most ordinary (an active user). */
export type OwnedIds = (db: Database, owner: Owner) => Promise<string[]>;

/**
 * The fields of a GET list that only narrow it: another account's record there may filter the
 * list down to nothing (200 with none of its data) instead of a refusal. The activity log's
 * tests already expect that of its `user` filter; a stale filter in the console (a group deleted
 * in another tab) then shows an empty list, not an error.
 */
export const LIST_FILTERS: ReadonlySet<string> = new Set(['group', 'user']);

/** What looks like an identifier: a name ending in id/ids, or a list filter. */
export const looksLikeIdentifier = (field: string) =>
  /id$|ids$/i.test(field) || LIST_FILTERS.has(field);

/** Fields whose name ends in "id" but which name no record of an account. */
export const NOT_IDENTIFIERS: ReadonlySet<string> = new Set([
  'oidcClientId', // the client id the account's own identity provider gave it (SSO settings)
  'vatid', // the account's own VAT registration number, typed in by the reseller
  'emailId', // a partner's e-mail address (the spec's field name)
  'paypalEmailId', // the partner's PayPal e-mail address for payouts
]);

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Users of each state the user calls act on: active sub-user, invited, cancelled, the admin. */
async function usersOf(db: Database, owner: Owner): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'status'])
    .where('account_id', '=', owner.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const picks = [
    rows.find((row) => row.role === 'sub_user' && row.status === 'active'),
    rows.find((row) => row.status === 'invited'),
    rows.find((row) => row.status === 'cancelled'),
    rows.find((row) => row.role === 'admin'),
  ];
  return picks.filter((row) => row !== undefined).map((row) => row.id);
}

/** The first two records of a table the account holds, in a stable order. */
const firstTwoOf =
  (
    table: 'computers' | 'computer_groups' | 'teams' | 'invoices',
    order: 'name' | 'issued_at',
  ): OwnedIds =>
  async (db, owner) =>
    ids(
      await db
        .selectFrom(table)
        .select('id')
        .where('account_id', '=', owner.id)
        .orderBy(order)
        .limit(2)
        .execute(),
    );

const computersOf = firstTwoOf('computers', 'name');
export const groupsOf = firstTwoOf('computer_groups', 'name');

/**
 * Every identifier field of a private route, by account kind: how to read records of a given
 * account from the database. A new identifier field must be added here (or to NOT_IDENTIFIERS).
 */
export const IDENTIFIERS: Record<string, Partial<Record<Kind, OwnedIds>>> = {
  invoiceID: { reseller: firstTwoOf('invoices', 'issued_at') },
  userId: { reseller: usersOf },
  userIds: { reseller: usersOf },
  user: { reseller: usersOf },
  teamId: { reseller: firstTwoOf('teams', 'name') },
  computerId: { reseller: computersOf },
  computerIds: { reseller: computersOf },
  groupId: { reseller: groupsOf },
  group: { reseller: groupsOf },
  // The sessions of the account's users ("Where you're signed in"): each user may sign out only
  // their own, so another account's session must answer 404 and end nothing.
  sessionId: {
    reseller: async (db, owner) =>
      ids(
        await db
          .selectFrom('sessions as s')
          .innerJoin('users as u', 'u.id', 's.subject_id')
          .select('s.id')
          .where('s.subject_kind', '=', 'reseller')
          .where('u.account_id', '=', owner.id)
          .where('s.revoked_at', 'is', null)
          .orderBy('s.created_at')
          .execute(),
      ),
  },
  // A reseller's trusted browser (two-factor settings' revoke), or a partner's referred customer
  // (the unconfirmed-users reminder: one unconfirmed customer of each product first, then a
  // confirmed one).
  id: {
    reseller: async (db, owner) =>
      ids(
        await db
          .selectFrom('trusted_browsers as b')
          .innerJoin('users as u', 'u.id', 'b.user_id')
          .select('b.id')
          .where('u.account_id', '=', owner.id)
          .orderBy('b.id')
          .execute(),
      ),
    partner: async (db, owner) => {
      const rows = await db
        .selectFrom('partner_referrals')
        .select(['id', 'program', 'is_confirmed'])
        .where('partner_id', '=', owner.id)
        .orderBy('signup_at', 'desc')
        .execute();
      const picks = [
        rows.find((row) => row.is_confirmed === 0 && row.program === 'rpc'),
        rows.find((row) => row.is_confirmed === 0 && row.program === 'hd'),
        rows.find((row) => row.is_confirmed === 1),
      ];
      return picks.filter((row) => row !== undefined).map((row) => row.id);
    },
  },
};

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const mdy = (daysAgo: number) => {
  const day = isoDay(daysAgo);
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
};

/**
 * Valid values for the other fields of a route that takes identifiers, so its request passes
 * validation and reaches the ownership check (the private reads use them too, for wide ranges).
 * Keyed by field name, or by "<url> <field>" where a route reads a field differently. A route
 * that takes identifiers and has a field missing here fails the suite.
 */
export const SAMPLES: Record<string, string> = {
  q: '',
  search: '',
  page: '1',
  pageSize: '25',
  order: 'desc',
  sort: 'name',
  '/rpc-api/reseller/log/activity/get sort': 'created_at',
  '/rpc-api/reseller/ecom/invoices sort': 'issuedAt',
  // SSO (issue 20): an OIDC save without an issuer is refused; 'off' only touches the caller's own.
  '/rpc-api/reseller/sso/config protocol': 'oidc',
  '/rpc-api/reseller/sso/enable scope': 'off',
  from: mdy(365), // a wide range: a year of reports and activity
  to: mdy(0),
  '/rpc-api/reseller/ecom/transactions from': isoDay(365),
  '/rpc-api/reseller/ecom/transactions to': isoDay(0),
  '/rpc-api/reseller/ecom/transactions/export from': isoDay(365),
  '/rpc-api/reseller/ecom/transactions/export to': isoDay(0),
  tz: '0',
  category: 'users',
  firstName: 'Pat',
  lastName: 'Lee',
  role: 'sub_user',
  allotedComputers: '0',
  name: 'Probe 7', // fits a computer, group and team name
  description: 'Probe description',
  personalKey: 'Probe-Key-7',
  comment: 'A probe comment',
  message: 'A probe message',
};

/**
 * Fields left out of a route's call: the reseller API's lists refuse their deprecated page and
 * pageSize beside limit (the cursor would be one of the list's own), so they page by limit.
 */
export const LEFT_OUT: ReadonlySet<string> = new Set(
  ['users', 'computers', 'groups'].flatMap((list) =>
    ['page', 'pageSize', 'cursor'].map((field) => `/reseller-api/v1/${list} ${field}`),
  ),
);
for (const list of ['users', 'computers', 'groups'])
  SAMPLES[`/reseller-api/v1/${list} limit`] = '100';

export const sampleOf = (route: RouteEntry, field: string): string | undefined =>
  LEFT_OUT.has(`${route.url} ${field}`)
    ? undefined
    : (SAMPLES[`${route.url} ${field}`] ?? SAMPLES[field]);

/**
 * Written on refusals by design: the audit trail, sessions, and the rate-limit counters (in the
 * database on PostgreSQL, where every instance shares them; in memory on SQLite).
 */
export const TABLES_THAT_RECORD_REFUSALS: ReadonlySet<string> = new Set([
  'audit_log',
  'sessions',
  'refresh_tokens',
  'rate_limit_counters',
]);

/** Columns that record use rather than data: the caller's own API key's last-used minute. */
export const COLUMNS_THAT_RECORD_USE: Readonly<Record<string, readonly string[]>> = {
  api_keys: ['last_used_at'],
  sessions: ['last_active_at'],
};

/** The route table's private API routes, and the fields of a route that name records. */
const isApi = (url: string) => url.startsWith('/rpc-api/') || url.startsWith('/reseller-api/');
const isDocs = (url: string) => url.startsWith('/rpc-api/docs');
export const kindOf = (url: string): Kind =>
  url.startsWith('/rpc-api/partner/') ? 'partner' : 'reseller';
export const paramsOf = (url: string) =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
/** Body and query fields, and the route's URL parameters. */
export const fieldsOf = (route: RouteEntry) => [...route.fields, ...paramsOf(route.url)];
export const isPlural = (field: string) => /ids$/i.test(field);

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

export function privateRoutes(routeTable: RouteEntry[], kind?: Kind): RouteEntry[] {
  return routeTable.filter(
    (route) =>
      METHODS.has(route.method) &&
      isApi(route.url) &&
      !isDocs(route.url) &&
      !isPublicRoute(route) &&
      // An IdP's signed answer, anonymous: the account is the one whose certificate signed it
      // (another account's ACS refusing it is tested in sso-saml.test.ts).
      !IDENTITY_PROVIDER_POSTS.has(route.url) &&
      (kind === undefined || kindOf(route.url) === kind),
  );
}

export const identifierFields = (route: RouteEntry) =>
  fieldsOf(route).filter((field) => looksLikeIdentifier(field) && !NOT_IDENTIFIERS.has(field));
