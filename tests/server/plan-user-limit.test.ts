import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSeats, userMessages } from '../../src/domain/api/reseller-users';
import { planLimits, usersInPlan } from '../../server/services/reseller-users/plan-limit';
import { allottedTotal } from '../../server/services/reseller-users/users-repository';
import { accountIdOfUser } from './helpers/accounts';
import { Agent, errorOf } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The plan's user count caps an account on every path that adds a user who holds a place: add,
 * invite, CSV invitation, the reseller API, and restoring cancelled users. The administrator,
 * active users and pending invitations count; cancelled users do not. Exactly at the cap is
 * allowed, and the refusal says how many are used.
 */

let t: TestApp;
let admin: Agent;
let accountId: string;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app, '198.51.100.121');
  expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  accountId = await accountIdOfUser(t.db, 'reseller@example.com');
  apiKey = await resellerApiKey(t.app, 'reseller@example.com');
});
afterAll(() => t.close());

/** Sets the account's plan's user count to what is used now plus `room`. */
async function leaveRoom(room: number): Promise<number> {
  const billing = await t.db
    .selectFrom('billing_accounts')
    .select('plan_id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const users = (await usersInPlan(t.db, accountId)) + room;
  await t.db
    .updateTable('plans')
    .set({ users })
    .where('id', '=', billing.plan_id ?? '')
    .execute();
  return users;
}

let n = 0;
const email = () => {
  n += 1;
  return `seat.${String(n)}@example.com`;
};
const newUser = () => ({
  firstName: 'Seat',
  lastName: 'Tested',
  email: email(),
  password: 'Secret@12',
  role: 'sub_user',
  allotedComputers: '0',
});
const full = (limit: number) => userMessages.usersOverPlan({ limit, used: limit, asked: 1 });

describe('the message', () => {
  it('says what the plan holds, what is used and what is left', () => {
    expect(userMessages.usersOverPlan({ limit: 25, used: 25, asked: 1 })).toBe(
      'Your plan includes 25 users and 25 are in use. Upgrade your plan or delete a user to add another.',
    );
    expect(userMessages.usersOverPlan({ limit: 25, used: 23, asked: 5 })).toBe(
      'Your plan includes 25 users and 23 are in use: 2 more can be added, not 5. Upgrade your plan or add fewer users.',
    );
    expect(planSeats({ active: 20, invited: 3 }, 25)).toEqual({
      used: 23,
      limit: 25,
      available: 2,
    });
    expect(planSeats({ active: 30, invited: 0 }, 25).available).toBe(0);
  });
});

describe('the demo data obeys its own plans', () => {
  it('no account holds more users or computers, or allots more computers, than its plan', async () => {
    const accounts = await t.db.selectFrom('reseller_accounts').select('id').execute();
    expect(accounts.length).toBeGreaterThan(5);
    for (const { id } of accounts) {
      const limits = await planLimits(t.db, id);
      const computers = await t.db
        .selectFrom('computers')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await usersInPlan(t.db, id), id).toBeLessThanOrEqual(limits.users);
      expect(Number(computers.n), id).toBeLessThanOrEqual(limits.computers);
      expect(await allottedTotal(t.db, id), id).toBeLessThanOrEqual(limits.computers);
    }
  });
});

describe('adding users', () => {
  it('the users list and home carry the plan count, the used count and what is left', async () => {
    const list = await admin.get('/rpc-api/reseller/user/get');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{
      message: { planUsers: number; counts: { active: number; invited: number } };
    }>().message;
    expect(body.planUsers).toBe((await planLimits(t.db, accountId)).users);
    const home = await admin.get('/rpc-api/reseller/home/summary');
    expect(home.json<{ message: { users: { used: number } } }>().message.users.used).toBe(
      body.counts.active + body.counts.invited,
    );
  });

  it("the list's plan counts are the plan's, for a paid account and for a trial (entry plan)", async () => {
    const trial = new Agent(t.app, '198.51.100.122');
    expect((await trial.signIn('reseller', 'trial@example.com')).statusCode).toBe(200);
    for (const [agent, email] of [
      [admin, 'reseller@example.com'],
      [trial, 'trial@example.com'],
    ] as const) {
      const list = await agent.get('/rpc-api/reseller/user/get');
      const body = list.json<{ message: { planUsers: number; planComputers: number } }>().message;
      const limits = await planLimits(t.db, await accountIdOfUser(t.db, email));
      expect({ users: body.planUsers, computers: body.planComputers }, email).toEqual(limits);
    }
  });

  it('add, invite, the reseller API and CSV refuse a user past the cap; exactly at it is allowed', async () => {
    const limit = await leaveRoom(1);
    const fits = await admin.post('/rpc-api/reseller/user/add', newUser());
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await usersInPlan(t.db, accountId)).toBe(limit);

    const add = await admin.post('/rpc-api/reseller/user/add', newUser());
    expect(add.statusCode).toBe(409);
    expect(errorOf(add)).toMatchObject({ description: 'PLAN_USER_LIMIT', message: full(limit) });

    const invite = await admin.post('/rpc-api/reseller/user/invite', {
      email: email(),
      allotedComputers: '0',
    });
    expect(invite.statusCode).toBe(409);
    expect(errorOf(invite)?.message).toBe(full(limit));

    const api = await t.app.inject({
      method: 'POST',
      url: '/reseller-api/v1/users/invite',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      payload: { email: email(), role: 'sub_user', allotedComputers: 0 },
    });
    expect(api.statusCode, api.body).toBe(409);
    expect(errorOf(api)?.message).toBe(full(limit));

    const csv = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: `email,first_name,last_name,allotted_computers\n${email()},Seat,Csv,0`,
    });
    expect(csv.statusCode).toBe(409);
    expect(errorOf(csv)?.message).toBe(full(limit));
    expect(await usersInPlan(t.db, accountId)).toBe(limit);
  });

  it('a CSV file is all or nothing: more rows than places refuses the file, naming both', async () => {
    const limit = await leaveRoom(2);
    const rows = [email(), email(), email()].map((address) => `${address},Seat,Csv,0`);
    const before = await usersInPlan(t.db, accountId);
    const csv = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: ['email,first_name,last_name,allotted_computers', ...rows].join('\n'),
    });
    expect(csv.statusCode).toBe(409);
    expect(errorOf(csv)?.message).toBe(
      `Your plan includes ${String(limit)} users and ${String(limit - 2)} are in use: 2 more can be added, not 3. Upgrade your plan or add fewer users.`,
    );
    expect(await usersInPlan(t.db, accountId)).toBe(before);
    const two = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: ['email,first_name,last_name,allotted_computers', ...rows.slice(0, 2)].join('\n'),
    });
    expect(two.statusCode, two.body).toBe(200);
    expect(await usersInPlan(t.db, accountId)).toBe(limit);
  });

  it('deleting a pending invitation frees its place; restoring a cancelled user needs one', async () => {
    const limit = await leaveRoom(0);
    const cancelled = await t.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    const restore = await admin.post('/rpc-api/reseller/user/restore', {
      userIds: cancelled.id,
    });
    expect(restore.statusCode, restore.body).toBe(409);
    expect(errorOf(restore)?.message).toBe(full(limit));

    const invited = await t.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'invited')
      .executeTakeFirstOrThrow();
    const remove = await admin.post('/rpc-api/reseller/user/delete', { userIds: invited.id });
    expect(remove.statusCode, remove.body).toBe(200);
    const again = await admin.post('/rpc-api/reseller/user/restore', { userIds: cancelled.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await usersInPlan(t.db, accountId)).toBe(limit);
  });

  it('two requests at once cannot both take the last place', async () => {
    const limit = await leaveRoom(1);
    const answers = await Promise.all([
      admin.post('/rpc-api/reseller/user/add', newUser()),
      admin.post('/rpc-api/reseller/user/add', newUser()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await usersInPlan(t.db, accountId)).toBe(limit);
  });

  it("another account's plan is its own: a full Acme does not stop the EU reseller", async () => {
    await leaveRoom(0);
    const eu = new Agent(t.app, '198.51.100.122');
    expect((await eu.signIn('reseller', 'eu@example.com')).statusCode).toBe(200);
    const invite = await eu.post('/rpc-api/reseller/user/invite', {
      email: email(),
      allotedComputers: '0',
    });
    expect(invite.statusCode, invite.body).toBe(200);
  });
});
