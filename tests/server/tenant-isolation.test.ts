import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/app';
import type { Agent } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import {
  IDENTIFIERS,
  fieldsOf,
  groupsOf,
  identifierFields,
  isPlural,
  kindOf,
  paramsOf,
  privateRoutes,
  LEFT_OUT,
  LIST_FILTERS,
  sampleOf,
  type Kind,
  type Owner,
} from './helpers/tenant-lookups';
import {
  changedTables,
  namedMarkers,
  partnerMarkers,
  partnerOf,
  resellerAccountOf,
  resellerMarkers,
  snapshot,
} from './helpers/tenant-markers';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Tenant isolation over the server's own route table (issue 10): every account-scoped route
 * refuses another account's identifiers (403/404), never returns that account's data and
 * changes nothing; a private read shows nothing of another account. A route added later is
 * covered without editing this file, unless it brings an identifier field or a field the walk
 * has no sample value for: then the suite fails and says what to add (IDENTIFIERS,
 * NOT_IDENTIFIERS or SAMPLES in helpers/tenant-lookups.ts). Public routes are the allow list of
 * helpers/public-routes.ts.
 *
 * The attackers are the trial reseller (Brightside IT) and a second approved partner; the
 * victims are the demo reseller (Acme) and the demo partner, who own the demo data.
 */

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

/** The account's API key, made the way the console's API Keys tab makes it (password first). */
async function apiKeyOf(agent: Agent): Promise<string> {
  const response = await agent.post('/rpc-api/reseller/config/token/generate', {
    password: 'Demo@1234',
  });
  expectOk(response, 'API key');
  return response.json<{ message: { token: string }[] }>().message[0]?.token ?? '';
}

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP: '1000', SIGNIN_LIMIT_PER_ACCOUNT: '1000' });

  // The trial reseller owns nothing yet: a group, a computer in it, a sub-user and a team,
  // created the way the console creates them, so "its own" records exist for mixed requests.
  const trial = await signedIn('reseller', 'trial@example.com', '10.7.0.1');
  expectOk(await trial.post('/rpc-api/reseller/group/create', { name: 'Brightside Lab' }), 'group');
  const trialAccount = await resellerAccountOf(t.db, 'trial@example.com');
  const [trialGroup] = await groupsOf(t.db, { kind: 'reseller', id: trialAccount });
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
    markers: await resellerMarkers(t.db, trialAccount),
  };
  const acme = await signedIn('reseller', 'reseller@example.com', '10.7.0.2');
  const acmeAccount = await resellerAccountOf(t.db, 'reseller@example.com');
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
    markers: await resellerMarkers(t.db, acmeAccount),
  };

  // A second approved partner: the demo's newpartner, approved (it waits for approval).
  await t.db
    .updateTable('partners')
    .set({ account_status: 'APPROVED' })
    .where('partner_id', '=', 'newpartner')
    .execute();
  const second = await partnerOf(t.db, 'newpartner');
  const demo = await partnerOf(t.db, 'demopartner');
  tenants.secondPartner = {
    owner: { kind: 'partner', id: second },
    agent: await signedIn('partner', 'newpartner', '10.7.0.3'),
    markers: await partnerMarkers(t.db, second),
  };
  tenants.demoPartner = {
    owner: { kind: 'partner', id: demo },
    agent: await signedIn('partner', 'demopartner', '10.7.0.4'),
    markers: await partnerMarkers(t.db, demo),
  };
}, 60_000);
afterAll(() => t.close());

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
    theirs[field] = await owned(t.db, victim.owner);
    own[field] = await owned(t.db, attacker.owner);
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
    const unknown = privateRoutes(t.app.routeTable)
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
    const routes = privateRoutes(t.app.routeTable, pair.attacker.owner.kind).filter(
      (route) => identifierFields(route).length > 0,
    );
    let current = await snapshot(t.db);
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
        const after = await snapshot(t.db);
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
    const routes = privateRoutes(t.app.routeTable, attacker.owner.kind).filter(
      (route) => route.method === 'GET',
    );
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
