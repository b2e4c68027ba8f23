import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app';
import type { Agent } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { IDENTITY_PROVIDER_POSTS, isPublicRoute } from './helpers/public-routes';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Tenant isolation over the server's own route table (issue 10): every account-scoped route
 * refuses another account's identifiers (403/404), never returns that account's data and
 * changes nothing; a private read shows nothing of another account. A route added later is
 * covered without editing this file, unless it brings an identifier field or a field this file
 * has no sample value for: then the suite fails and says what to add (IDENTIFIERS,
 * NOT_IDENTIFIERS or SAMPLES below). Public routes are the allow list of helpers/public-routes.ts.
 *
 * The attackers are the trial reseller (Brightside IT) and a second approved partner; the
 * victims are the demo reseller (Acme) and the demo partner, who own the demo data.
 */

type Kind = 'reseller' | 'partner';

/** An account: a reseller account's id, or a partner's row id. */
interface Owner {
  kind: Kind;
  id: string;
}

/** The ids of some records the owner holds, the first one the most ordinary (an active user). */
type OwnedIds = (owner: Owner) => Promise<string[]>;

/**
 * The fields of a GET list that only narrow it: another account's record there may filter the
 * list down to nothing (200 with none of its data) instead of a refusal. The activity log's
 * tests already expect that of its `user` filter; a stale filter in the console (a group deleted
 * in another tab) then shows an empty list, not an error.
 */
const LIST_FILTERS: ReadonlySet<string> = new Set(['group', 'user']);

/** What looks like an identifier: a name ending in id/ids, or a list filter. */
const looksLikeIdentifier = (field: string) => /id$|ids$/i.test(field) || LIST_FILTERS.has(field);

/** Fields whose name ends in "id" but which name no record of an account. */
const NOT_IDENTIFIERS: ReadonlySet<string> = new Set([
  'oidcClientId', // the client id the account's own identity provider gave it (SSO settings)
  'vatid', // the account's own VAT registration number, typed in by the reseller
  'emailId', // a partner's e-mail address (the spec's field name)
  'paypalEmailId', // the partner's PayPal e-mail address for payouts
]);

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Users of each state the user calls act on: active sub-user, invited, cancelled, the admin. */
async function usersOf(owner: Owner): Promise<string[]> {
  const rows = await t.db
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

const computersOf: OwnedIds = async (owner) =>
  ids(
    await t.db
      .selectFrom('computers')
      .select('id')
      .where('account_id', '=', owner.id)
      .orderBy('name')
      .limit(2)
      .execute(),
  );

const groupsOf: OwnedIds = async (owner) =>
  ids(
    await t.db
      .selectFrom('computer_groups')
      .select('id')
      .where('account_id', '=', owner.id)
      .orderBy('name')
      .limit(2)
      .execute(),
  );

/**
 * Every identifier field of a private route, by account kind: how to read records of a given
 * account from the database. A new identifier field must be added here (or to NOT_IDENTIFIERS).
 */
const IDENTIFIERS: Record<string, Partial<Record<Kind, OwnedIds>>> = {
  invoiceID: {
    reseller: async (owner) =>
      ids(
        await t.db
          .selectFrom('invoices')
          .select('id')
          .where('account_id', '=', owner.id)
          .orderBy('issued_at')
          .limit(2)
          .execute(),
      ),
  },
  userId: { reseller: usersOf },
  userIds: { reseller: usersOf },
  user: { reseller: usersOf },
  teamId: {
    reseller: async (owner) =>
      ids(
        await t.db
          .selectFrom('teams')
          .select('id')
          .where('account_id', '=', owner.id)
          .orderBy('name')
          .limit(2)
          .execute(),
      ),
  },
  computerId: { reseller: computersOf },
  computerIds: { reseller: computersOf },
  groupId: { reseller: groupsOf },
  group: { reseller: groupsOf },
  // The sessions of the account's users ("Where you're signed in"): each user may sign out only
  // their own, so another account's session must answer 404 and end nothing.
  sessionId: {
    reseller: async (owner) =>
      ids(
        await t.db
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
    reseller: async (owner) =>
      ids(
        await t.db
          .selectFrom('trusted_browsers as b')
          .innerJoin('users as u', 'u.id', 'b.user_id')
          .select('b.id')
          .where('u.account_id', '=', owner.id)
          .orderBy('b.id')
          .execute(),
      ),
    partner: async (owner) => {
      const rows = await t.db
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
const SAMPLES: Record<string, string> = {
  q: '',
  userSearch: '',
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
const LEFT_OUT: ReadonlySet<string> = new Set(
  ['users', 'computers', 'groups'].flatMap((list) =>
    ['page', 'pageSize', 'cursor'].map((field) => `/reseller-api/v1/${list} ${field}`),
  ),
);
for (const list of ['users', 'computers', 'groups'])
  SAMPLES[`/reseller-api/v1/${list} limit`] = '100';

const sampleOf = (route: RouteEntry, field: string): string | undefined =>
  LEFT_OUT.has(`${route.url} ${field}`)
    ? undefined
    : (SAMPLES[`${route.url} ${field}`] ?? SAMPLES[field]);

/**
 * Written on refusals by design: the audit trail, sessions, and the rate-limit counters (in the
 * database on PostgreSQL, where every instance shares them; in memory on SQLite).
 */
const TABLES_THAT_RECORD_REFUSALS: ReadonlySet<string> = new Set([
  'audit_log',
  'sessions',
  'refresh_tokens',
  'rate_limit_counters',
]);

/** Columns that record use rather than data: the caller's own API key's last-used minute. */
const COLUMNS_THAT_RECORD_USE: Readonly<Record<string, readonly string[]>> = {
  api_keys: ['last_used_at'],
  sessions: ['last_active_at'],
};

interface Tenant {
  owner: Owner;
  /** Signed in to the console (or the partner pages). */
  agent: Agent;
  /** The reseller account's API key, for /reseller-api/. */
  apiKey?: string;
  /** Strings that name the account's data: ids, e-mail addresses, names. */
  markers: string[];
}

let t: TestApp;
const tenants = {} as Record<
  'trialReseller' | 'acmeReseller' | 'secondPartner' | 'demoPartner',
  Tenant
>;

const signedIn = (kind: Kind, login: string, ip: string) =>
  signedInAgent(t.app, kind, login, { ip });

function expectOk(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.body}`);
}

const resellerAccountOf = async (email: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).account_id;

const partnerOf = async (login: string) =>
  (
    await t.db
      .selectFrom('partners')
      .select('id')
      .where('partner_id', '=', login)
      .executeTakeFirstOrThrow()
  ).id;

/** The account's API key, made the way the console's API Keys tab makes it (password first). */
async function apiKeyOf(agent: Agent): Promise<string> {
  const response = await agent.post('/rpc-api/reseller/config/token/generate', {
    password: 'Demo@1234',
  });
  expectOk(response, 'API key');
  return response.json<{ message: { token: string }[] }>().message[0]?.token ?? '';
}

/** Everything that names a reseller account's data. */
async function resellerMarkers(accountId: string): Promise<string[]> {
  const [account, users, computers, groups, teams, invoices] = await Promise.all([
    t.db
      .selectFrom('reseller_accounts')
      .select('company_name')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow(),
    t.db.selectFrom('users').select(['id', 'email']).where('account_id', '=', accountId).execute(),
    t.db
      .selectFrom('computers')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute(),
    t.db
      .selectFrom('computer_groups')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute(),
    t.db.selectFrom('teams').select(['id', 'name']).where('account_id', '=', accountId).execute(),
    t.db.selectFrom('invoices').select('id').where('account_id', '=', accountId).execute(),
  ]);
  return [
    accountId,
    account.company_name,
    ...users.flatMap((row) => [row.id, row.email]),
    ...[...computers, ...groups, ...teams].flatMap((row) => [row.id, row.name]),
    ...invoices.map((row) => row.id),
  ];
}

/** Everything that names a partner's data: its referred customers and commission rows. */
async function partnerMarkers(partnerRowId: string): Promise<string[]> {
  const partner = await t.db
    .selectFrom('partners')
    .select(['id', 'email', 'paypal_email', 'company_name'])
    .where('id', '=', partnerRowId)
    .executeTakeFirstOrThrow();
  const referrals = await t.db
    .selectFrom('partner_referrals')
    .select(['id', 'customer_name', 'customer_email'])
    .where('partner_id', '=', partnerRowId)
    .execute();
  const commissions = await t.db
    .selectFrom('partner_commissions')
    .select('id')
    .where('partner_id', '=', partnerRowId)
    .execute();
  return [
    partner.id,
    partner.email,
    partner.paypal_email,
    partner.company_name,
    ...referrals.flatMap((row) => [row.id, row.customer_name, row.customer_email]),
    ...commissions.map((row) => row.id),
  ].filter((marker) => marker !== '');
}

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP: '1000', SIGNIN_LIMIT_PER_ACCOUNT: '1000' });

  // The trial reseller owns nothing yet: a group, a computer in it, a sub-user and a team,
  // created the way the console creates them, so "its own" records exist for mixed requests.
  const trial = await signedIn('reseller', 'trial@example.com', '10.7.0.1');
  expectOk(await trial.post('/rpc-api/reseller/group/create', { name: 'Brightside Lab' }), 'group');
  const trialAccount = await resellerAccountOf('trial@example.com');
  const [trialGroup] = await groupsOf({ kind: 'reseller', id: trialAccount });
  expectOk(
    await trial.post('/rpc-api/reseller/computer/add', {
      name: 'BS-LAPTOP-01',
      description: 'Brightside field laptop',
      personalKey: 'Probe-Key-7',
      groupId: trialGroup ?? '',
    }),
    'computer',
  );
  expectOk(
    await trial.post('/rpc-api/reseller/user/add', {
      firstName: 'Jo',
      lastName: 'Rivera',
      email: 'jo.rivera@brightside.example.com',
      password: 'Demo@1234',
      role: 'sub_user',
      allotedComputers: '1',
    }),
    'sub-user',
  );
  expectOk(await trial.post('/rpc-api/reseller/team/create', { name: 'Brightside Crew' }), 'team');
  tenants.trialReseller = {
    owner: { kind: 'reseller', id: trialAccount },
    agent: trial,
    apiKey: await apiKeyOf(trial),
    markers: await resellerMarkers(trialAccount),
  };
  const acme = await signedIn('reseller', 'reseller@example.com', '10.7.0.2');
  const acmeAccount = await resellerAccountOf('reseller@example.com');
  // Each administrator trusts one browser (the two-factor step's "Trust this browser").
  for (const email of ['trial@example.com', 'reseller@example.com']) {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db
      .insertInto('trusted_browsers')
      .values({
        id: crypto.randomUUID(),
        user_id: user.id,
        token_hash: crypto.randomUUID(),
        label: 'Chrome on Linux',
        ip: '10.7.0.9',
        created_at: now,
        last_used_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        revoked_at: null,
      })
      .execute();
  }
  tenants.acmeReseller = {
    owner: { kind: 'reseller', id: acmeAccount },
    agent: acme,
    apiKey: await apiKeyOf(acme),
    markers: await resellerMarkers(acmeAccount),
  };

  // A second approved partner: the demo's newpartner, approved (it waits for approval).
  await t.db
    .updateTable('partners')
    .set({ account_status: 'APPROVED' })
    .where('partner_id', '=', 'newpartner')
    .execute();
  const second = await partnerOf('newpartner');
  const demo = await partnerOf('demopartner');
  tenants.secondPartner = {
    owner: { kind: 'partner', id: second },
    agent: await signedIn('partner', 'newpartner', '10.7.0.3'),
    markers: await partnerMarkers(second),
  };
  tenants.demoPartner = {
    owner: { kind: 'partner', id: demo },
    agent: await signedIn('partner', 'demopartner', '10.7.0.4'),
    markers: await partnerMarkers(demo),
  };
}, 60_000);
afterAll(() => t.close());

const isApi = (url: string) => url.startsWith('/rpc-api/') || url.startsWith('/reseller-api/');
const isDocs = (url: string) => url.startsWith('/rpc-api/docs');
const kindOf = (url: string): Kind =>
  url.startsWith('/rpc-api/partner/') ? 'partner' : 'reseller';
const paramsOf = (url: string) =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
/** Body and query fields, and the route's URL parameters. */
const fieldsOf = (route: RouteEntry) => [...route.fields, ...paramsOf(route.url)];
const isPlural = (field: string) => /ids$/i.test(field);

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

function privateRoutes(kind?: Kind): RouteEntry[] {
  return t.app.routeTable.filter(
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

const identifierFields = (route: RouteEntry) =>
  fieldsOf(route).filter((field) => looksLikeIdentifier(field) && !NOT_IDENTIFIERS.has(field));

/** The call as the attacker makes it: the console session, or the API key for /reseller-api/. */
function send(
  attacker: Tenant,
  route: RouteEntry,
  input: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const params = paramsOf(route.url);
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !params.includes(key)));
  const url = params.reduce(
    (path, param) => path.replace(`:${param}`, encodeURIComponent(input[param] ?? '')),
    route.url,
  );
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const isRead = method === 'GET';
  if (route.url.startsWith('/reseller-api/')) {
    return t.app.inject({
      method,
      url,
      remoteAddress: '10.7.1.1',
      headers: {
        'x-api-key': attacker.apiKey ?? '',
        ...(isRead ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(isRead ? { query: rest } : { payload: new URLSearchParams(rest).toString() }),
    });
  }
  return attacker.agent.request({ method, url, ...(isRead ? { query: rest } : { form: rest }) });
}

/** A digest of every table's rows (but those that record refusals), to spot any change. */
async function snapshot(): Promise<Map<string, string>> {
  const tables = (await t.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !TABLES_THAT_RECORD_REFUSALS.has(name) && /^\w+$/.test(name));
  const digests = new Map<string, string>();
  for (const name of tables) {
    const { rows } = await sql.raw<Record<string, unknown>>(`select * from ${name}`).execute(t.db);
    const ignored = COLUMNS_THAT_RECORD_USE[name] ?? [];
    const text = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).filter(([k]) => !ignored.includes(k))),
        ),
      )
      .sort()
      .join('\n');
    digests.set(name, crypto.createHash('sha256').update(text).digest('hex'));
  }
  return digests;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);

/** A character that would make a match part of a longer name, address or id. */
const NAME_CHARACTER = /[\w.@+-]/;

/**
 * The markers the body names as a whole: "partner@example.com" inside the caller's own
 * "newpartner@example.com" is not a leak.
 */
const namedMarkers = (body: string, markers: string[]) =>
  markers.filter((marker) => {
    for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + 1)) {
      const before = body.charAt(at - 1);
      const after = body.charAt(at + marker.length);
      if (!NAME_CHARACTER.test(before) && !NAME_CHARACTER.test(after)) return true;
    }
    return false;
  });

interface Attack {
  attacker: Tenant;
  victim: Tenant;
}

/**
 * Every request an attacker makes to a route with identifier fields: all of them the victim's;
 * with several identifier fields, each in turn the victim's and the others the attacker's own;
 * a list field mixing the attacker's own records with the victim's. Problems of the suite
 * itself (a field with no sample, an account owning no such record) are failures too.
 */
async function requestsFor(
  route: RouteEntry,
  { attacker, victim }: Attack,
  failures: string[],
): Promise<{ input: Record<string, string>; victimFields: string[] }[]> {
  const idFields = identifierFields(route);
  const kind = kindOf(route.url);
  const base: Record<string, string> = {};
  for (const field of fieldsOf(route).filter((f) => !idFields.includes(f))) {
    if (LEFT_OUT.has(`${route.url} ${field}`)) continue;
    const sample = sampleOf(route, field);
    if (sample === undefined) {
      failures.push(
        `${route.method} ${route.url}: no sample value for "${field}"; add one to SAMPLES`,
      );
      return [];
    }
    base[field] = sample;
  }
  const theirs: Record<string, string[]> = {};
  const own: Record<string, string[]> = {};
  for (const field of idFields) {
    const owned = IDENTIFIERS[field]?.[kind];
    if (!owned) return []; // reported by the identifier-field test
    theirs[field] = await owned(victim.owner);
    own[field] = await owned(attacker.owner);
    if (theirs[field].length === 0) {
      failures.push(`${route.url}: the victim account owns no "${field}" record; seed one`);
      return [];
    }
  }
  const victimValue = (field: string, index: number) => {
    const values = theirs[field] ?? [];
    return isPlural(field) ? values.join(',') : (values[index % values.length] ?? '');
  };
  const ownValue = (field: string) => {
    const values = own[field] ?? [];
    if (values.length === 0) {
      failures.push(
        `${route.url}: the attacker owns no "${field}" record; create one in beforeAll`,
      );
    }
    return isPlural(field) ? values.join(',') : (values[0] ?? '');
  };
  const requests: { input: Record<string, string>; victimFields: string[] }[] = [];
  const rounds = Math.max(...idFields.map((field) => theirs[field]?.length ?? 1));
  for (let index = 0; index < rounds; index += 1) {
    const input = { ...base };
    for (const field of idFields) input[field] = victimValue(field, index);
    requests.push({ input, victimFields: idFields });
  }
  for (const field of idFields) {
    const others = idFields.filter((other) => other !== field);
    const ownOthers = Object.fromEntries(others.map((other) => [other, ownValue(other)]));
    if (others.length > 0) {
      for (let index = 0; index < (theirs[field]?.length ?? 0); index += 1) {
        requests.push({
          input: { ...base, ...ownOthers, [field]: victimValue(field, index) },
          victimFields: [field],
        });
        if (isPlural(field)) break;
      }
    }
    if (isPlural(field)) {
      const mixed = [ownValue(field), victimValue(field, 0)].filter(Boolean).join(',');
      requests.push({ input: { ...base, ...ownOthers, [field]: mixed }, victimFields: [field] });
    }
  }
  return requests;
}

describe('the identifier fields of private routes', () => {
  it('are all known: each one is in IDENTIFIERS for its account kind, or in NOT_IDENTIFIERS', () => {
    const unknown = privateRoutes()
      .flatMap((route) =>
        identifierFields(route)
          .filter((field) => !IDENTIFIERS[field]?.[kindOf(route.url)])
          .map((field) => `${route.method} ${route.url}: "${field}"`),
      )
      .map(
        (entry) =>
          `${entry} looks like an identifier: add how to read an account's records for it to ` +
          'IDENTIFIERS, or add it to NOT_IDENTIFIERS with the reason',
      );
    expect(unknown).toEqual([]);
  });
});

describe("a route that takes identifiers refuses another account's (403/404), shows none of its data and changes nothing", () => {
  async function attackAll(pair: Attack): Promise<{ routes: number; failures: string[] }> {
    const failures: string[] = [];
    const routes = privateRoutes(pair.attacker.owner.kind).filter(
      (route) => identifierFields(route).length > 0,
    );
    let current = await snapshot();
    for (const route of routes) {
      for (const { input, victimFields } of await requestsFor(route, pair, failures)) {
        const response = await send(pair.attacker, route, input);
        const label = `${route.method} ${route.url} ${JSON.stringify(input)}`;
        const isFilteredList =
          route.method === 'GET' && victimFields.every((field) => LIST_FILTERS.has(field));
        const isRefused = response.statusCode === 403 || response.statusCode === 404;
        if (!isRefused && !(isFilteredList && response.statusCode === 200)) {
          failures.push(
            `${label} -> ${String(response.statusCode)} ${response.body.slice(0, 300)}`,
          );
        }
        if (response.statusCode >= 400) {
          const isJson = String(response.headers['content-type'] ?? '').includes('json');
          const body = isJson ? response.json<{ status?: string }>() : {};
          if (body.status !== 'ERROR') failures.push(`${label}: no error envelope`);
        }
        const leaked = namedMarkers(response.body, pair.victim.markers);
        if (leaked.length > 0) failures.push(`${label}: the answer names ${leaked.join(', ')}`);
        const after = await snapshot();
        const changed = changedTables(current, after);
        if (changed.length > 0) failures.push(`${label}: changed ${changed.join(', ')}`);
        current = after;
      }
    }
    return { routes: routes.length, failures };
  }

  it('reseller routes, by console session and by API key', async () => {
    const { routes, failures } = await attackAll({
      attacker: tenants.trialReseller,
      victim: tenants.acmeReseller,
    });
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(20);
  }, 120_000);

  it('partner routes', async () => {
    const { routes, failures } = await attackAll({
      attacker: tenants.secondPartner,
      victim: tenants.demoPartner,
    });
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThanOrEqual(2);
  }, 60_000);
});

describe('a private read shows nothing of another account', () => {
  /** The read with no query (the defaults), and with every field that has a sample (wide ranges). */
  const queriesOf = (route: RouteEntry): Record<string, string>[] => {
    const fields = fieldsOf(route).filter((field) => !identifierFields(route).includes(field));
    const sampled = Object.fromEntries(
      fields.flatMap((field) => {
        const sample = sampleOf(route, field);
        return sample === undefined ? [] : [[field, sample]];
      }),
    );
    return Object.keys(sampled).length > 0 ? [{}, sampled] : [{}];
  };

  async function readAll({ attacker, victim }: Attack) {
    const failures: string[] = [];
    const routes = privateRoutes(attacker.owner.kind).filter((route) => route.method === 'GET');
    /** Routes whose same read by the victim names the victim's data: the markers are real. */
    let namedToOwner = 0;
    for (const route of routes) {
      let isNamedToOwner = false;
      for (const query of queriesOf(route)) {
        const response = await send(attacker, route, query);
        const label = `GET ${route.url} ${JSON.stringify(query)}`;
        if (response.statusCode >= 500) failures.push(`${label} -> ${String(response.statusCode)}`);
        const leaked = namedMarkers(response.body, victim.markers);
        if (leaked.length > 0) failures.push(`${label} names ${leaked.join(', ')}`);
        const own = await send(victim, route, query);
        if (namedMarkers(own.body, victim.markers).length > 0) isNamedToOwner = true;
      }
      if (isNamedToOwner) namedToOwner += 1;
    }
    return { routes: routes.length, namedToOwner, failures };
  }

  it("a reseller's reads (console and API key) name none of another reseller's users, computers, groups, teams or invoices", async () => {
    const { routes, namedToOwner, failures } = await readAll({
      attacker: tenants.trialReseller,
      victim: tenants.acmeReseller,
    });
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(20);
    expect(namedToOwner).toBeGreaterThan(5);
  }, 60_000);

  it("a partner's reads name none of another partner's referred customers or commissions", async () => {
    const { routes, namedToOwner, failures } = await readAll({
      attacker: tenants.secondPartner,
      victim: tenants.demoPartner,
    });
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(5);
    expect(namedToOwner).toBeGreaterThan(3);
  }, 60_000);
});
