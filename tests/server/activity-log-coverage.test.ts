import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityActionLabel, activityActionLabels } from '../../src/domain/api/activity-actions';
import { accountIdOfUser } from './helpers/accounts';
import { message, Walk } from './helpers/activity-walk';
import { walkSteps } from './helpers/activity-walk-steps';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The activity log records every account action: this walks the server's own route table, and
 * each state-changing reseller route must either have a valid call in the walk (which must leave
 * readable entries: a label of the table, the target named) or be listed here with its reason.
 * A new state-changing route fails this suite until it does one or the other.
 */

/** State-changing routes that are not account actions, each with its reason. */
const NOT_ACCOUNT_ACTIONS: ReadonlyMap<string, string> = new Map([
  ['POST /rpc-api/csrf', 'issues the CSRF token of a visit: no account is involved'],
  [
    'POST /rpc-api/reseller/auth/v1/refresh-token',
    'renews the tokens of a session already signed in',
  ],
  ['POST /rpc-api/reseller/account/validateExistingPassword', 'checks a password; changes nothing'],
  [
    'POST /rpc-api/reseller/twofa/login/generatePasscode',
    'texts a sign-in code; the sign-in it leads to is recorded by validatePasscode',
  ],
  ['POST /rpc-api/chromebook/captcha/verify', 'proves a Chromebook visit is human; no account'],
  [
    'POST /rpc-api/reseller/sso/start',
    'sends the browser to the IdP; the sign-in or its refusal is recorded at the callback',
  ],
  [
    'POST /rpc-api/reseller/sso/test',
    "sends the admin to the IdP; the test's outcome is recorded when it comes back",
  ],
  ['POST /demo-idp/*', "the demo identity provider's own pages, not the console's"],
  [
    'POST /rpc-api/sso/saml/:accountId/acs',
    "the IdP's signed answer: its sign-in or refusal is recorded, checked in sso-saml.test.ts",
  ],
]);

/** Sign-out is a GET (the logout page), and it is recorded too. */
const STATE_CHANGING_GETS = new Set(['/rpc-api/reseller/logout']);

const isPartnerRoute = (route: { url: string; policy?: { access: string } }) =>
  route.url.startsWith('/rpc-api/partner/') || route.policy?.access === 'partner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditRows = () =>
  t.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'target', 'account_id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

describe('activity log: every state-changing reseller route leaves a readable entry', () => {
  it('every such route of the route table has a call in the walk or a stated reason', () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        !isPartnerRoute(route) &&
        (route.method === 'GET'
          ? STATE_CHANGING_GETS.has(route.url)
          : route.method !== 'HEAD' && route.method !== 'OPTIONS'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const walked = new Set(walkSteps.map((step) => `${step.method} ${step.url}`));
    const missing = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !walked.has(key) && !NOT_ACCOUNT_ACTIONS.has(key));
    expect(missing).toEqual([]);
    // And the walk names only routes that exist.
    const registered = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect([...walked].filter((key) => !registered.has(key))).toEqual([]);
  });

  it('each call leaves exactly its entries, labelled from the table, naming the target', async () => {
    const w = new Walk(t);
    w.admin = await w.signedIn('reseller@example.com');
    w.eu = await w.signedIn('eu@example.com');
    const failures: string[] = [];
    for (const step of walkSteps) {
      const name = `${step.method} ${step.url}`;
      await step.prepare?.(w);
      const before = new Set((await auditRows()).map((row) => row.id));
      const response = await step.run(w);
      if (response.statusCode !== 200 && response.statusCode !== 302) {
        failures.push(`${name}: ${String(response.statusCode)} ${response.body.slice(0, 300)}`);
        continue;
      }
      const added = (await auditRows()).filter((row) => !before.has(row.id));
      // Entries written in the same millisecond have no order between them.
      const labels = added.map((row) => activityActionLabel(row.action)).sort();
      if (JSON.stringify(labels) !== JSON.stringify([...step.labels].sort())) {
        failures.push(
          `${name}: left ${JSON.stringify(labels)}, expected ${JSON.stringify(step.labels)}`,
        );
        continue;
      }
      for (const row of added) {
        // A code of the table (not a fallback), in the account's own log.
        if (!Object.hasOwn(activityActionLabels, row.action))
          failures.push(`${name}: code ${row.action}`);
        if (!row.account_id) failures.push(`${name}: ${row.action} is in no account's log`);
      }
      const target = added.find((row) => row.target !== '')?.target ?? '';
      if (
        step.target === true ? target === '' : step.target !== undefined && target !== step.target
      ) {
        failures.push(`${name}: target ${JSON.stringify(target)}, expected ${String(step.target)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('activity log: entries stored before labels and targets', () => {
  it('read in words, with the target their details kept', async () => {
    const w = new Walk(t);
    const admin = await w.signedIn('reseller@example.com');
    const accountId = await accountIdOfUser(t.db, 'reseller@example.com');
    const subjectId = await w.userId('reseller@example.com');
    const stored = [
      ['user.invited', { email: 'old.invite@walk.example.com' }],
      ['user.invite', { target: 'u1', email: 'older.invite@walk.example.com' }],
      ['team.create', { target: 't1', name: 'Old Team' }],
      ['user.delete', { targets: ['u2'] }],
    ] as const;
    for (const [action, details] of stored) {
      await t.db
        .insertInto('audit_log')
        .values({
          id: crypto.randomUUID(),
          subject_kind: 'reseller',
          subject_id: subjectId,
          account_id: accountId,
          action,
          ip: '10.0.0.1',
          user_agent: 'old',
          details: JSON.stringify(details),
          created_at: new Date().toISOString(),
          target: '',
        })
        .execute();
    }
    const response = await admin.get('/rpc-api/reseller/log/activity/get', { pageSize: '500' });
    const entries = message<{
      entries: { action: string; action_label: string; target: string }[];
    }>(response).entries.filter((entry) => stored.some(([action]) => action === entry.action));
    const read = (action: string) =>
      entries
        .filter((entry) => entry.action === action)
        .map((entry) => [entry.action_label, entry.target]);
    expect(read('user.invited')).toContainEqual(['Invited user', 'old.invite@walk.example.com']);
    expect(read('user.invite')).toContainEqual(['Invited user', 'older.invite@walk.example.com']);
    expect(read('team.create')).toContainEqual(['Created team', 'Old Team']);
    expect(read('user.delete')).toContainEqual(['Deleted user', '']);
  });
});
