import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityActionLabel } from '../../src/domain/api/activity-actions';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Every state-changing reseller API call is in the account's activity log as made through the
 * API: by the account's administrator (whom the key acts as), from the caller's address, with
 * "Reseller API key" leading the user agent. This walks the route table: a new state-changing
 * API-key route fails here until it has a step below.
 */

const EMAIL = 'activity.api@example.com';
const ADMIN = 'reseller@example.com';

let t: TestApp;
let apiKey = '';

beforeAll(async () => {
  t = await createTestApp();
  apiKey = await resellerApiKey(t.app, ADMIN);
});
afterAll(() => t.close());

const post = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'acme-sync/2.1',
    },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: '10.41.0.7',
  });

const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

/** Each state-changing API call, in an order that works (invite, then update and delete). */
const steps: Record<string, { action: string; run: () => Promise<LightMyRequestResponse> }> = {
  'POST /reseller-api/v1/users/invite': {
    action: 'user.invite',
    run: () =>
      post('/reseller-api/v1/users/invite', {
        email: EMAIL,
        role: 'sub_user',
        allotedComputers: '1',
      }),
  },
  'POST /reseller-api/v1/users/update': {
    action: 'user.update',
    run: async () =>
      post('/reseller-api/v1/users/update', {
        userId: await userId(EMAIL),
        firstName: 'Api',
        lastName: 'Activity',
        role: 'sub_user',
        allotedComputers: '2',
      }),
  },
  'POST /reseller-api/v1/users/delete': {
    action: 'user.delete',
    run: async () => post('/reseller-api/v1/users/delete', { userIds: await userId(EMAIL) }),
  },
};

const entryIds = async () =>
  new Set((await t.db.selectFrom('audit_log').select('id').execute()).map((row) => row.id));

describe('the activity log records every state-changing reseller API call as made through it', () => {
  it('the walk covers every such route of the route table', () => {
    const routes = t.app.routeTable
      .filter((route) => route.policy?.access === 'api-key')
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.sort()).toEqual(Object.keys(steps).sort());
  });

  it('each call leaves its entry: by the administrator, through the API key, from the caller', async () => {
    const [admin] = await t.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('email', '=', ADMIN)
      .execute();
    for (const [name, step] of Object.entries(steps)) {
      const before = await entryIds();
      const response = await step.run();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const entries = (
        await t.db
          .selectFrom('audit_log')
          .select(['id', 'action', 'subject_id', 'account_id', 'ip', 'user_agent', 'target'])
          .execute()
      )
        .filter((row) => !before.has(row.id))
        .map(({ id: _id, ...entry }) => entry);
      expect(entries, name).toEqual([
        {
          action: step.action,
          subject_id: admin?.id,
          account_id: admin?.account_id,
          ip: '10.41.0.7',
          user_agent: 'Reseller API key · acme-sync/2.1',
          target: EMAIL,
        },
      ]);
      // A label of the activity log's table, as the Activity tab shows it.
      expect(activityActionLabel(step.action)).not.toBe(step.action);
    }
  });

  it('a refused call changes nothing and records nothing', async () => {
    const before = await entryIds();
    const refused = await post('/reseller-api/v1/users/invite', {
      email: 'not an email',
      role: 'sub_user',
    });
    expect(refused.statusCode).toBe(400);
    expect(await entryIds()).toEqual(before);
  });
});
