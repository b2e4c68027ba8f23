import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withinPlan } from '../../src/domain/api/reseller-users';
import { allottedTotal } from '../../server/services/reseller-users/users-repository';
import { planComputerLimit } from '../../server/services/reseller-users/plan-limit';
import { accountIdOfUser } from './helpers/accounts';
import { Agent, errorOf } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The plan's computer count caps an account on every path that adds computers or raises an
 * allotment: the console's add, invite, update and CSV calls, the reseller API, and adding a
 * computer. Exactly at the cap is allowed; lowering always is.
 */

const OVER = 'The computers allotted exceed the number of computers in your plan';
const NO_ROOM = 'Your plan has no room for another computer. Upgrade your plan to add more.';

let t: TestApp;
let admin: Agent;
let accountId: string;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp({ CSV_IMPORT_LIMIT_PER_USER: '100' });
  admin = new Agent(t.app, '198.51.100.101');
  expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  accountId = await accountIdOfUser(t.db, 'reseller@example.com');
  apiKey = await resellerApiKey(t.app, 'reseller@example.com');
});
afterAll(() => t.close());

/** Sets the account's plan's computer count, so the room left is known. */
async function setCap(computers: number) {
  const billing = await t.db
    .selectFrom('billing_accounts')
    .select('plan_id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('plans')
    .set({ computers })
    .where('id', '=', billing.plan_id ?? '')
    .execute();
}
const room = async () =>
  (await planComputerLimit(t.db, accountId)) - (await allottedTotal(t.db, accountId));

let n = 0;
const person = (allotted: number) => {
  n += 1;
  return {
    firstName: 'Cap',
    lastName: `Tested ${String.fromCharCode(96 + n)}`,
    email: `cap.tested.${String(n)}@example.com`,
    password: 'Secret@12',
    role: 'sub_user',
    allotedComputers: String(allotted),
  };
};

describe('the rule', () => {
  it.each([
    [90, 10, 100, true],
    [90, 11, 100, false],
    [120, -5, 100, true], // lowering is always allowed, even over the cap
    [120, 0, 100, true],
  ])('used %i + %i within %i: %s', (used, extra, limit, expected) => {
    expect(withinPlan(used, extra, limit)).toBe(expected);
  });
});

describe('allotments', () => {
  it('reads the cap from the account plan', async () => {
    const plan = await t.db
      .selectFrom('billing_accounts as b')
      .innerJoin('plans as p', 'p.id', 'b.plan_id')
      .select('p.computers')
      .where('b.account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(await planComputerLimit(t.db, accountId)).toBe(plan.computers);
  });

  it('add, invite, update, CSV and the reseller API refuse going over; exactly at the cap is allowed', async () => {
    await setCap((await allottedTotal(t.db, accountId)) + 5);
    const over = await admin.post('/rpc-api/reseller/user/add', person(6));
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({ message: OVER, field: 'allotedComputers' });

    const exact = await admin.post('/rpc-api/reseller/user/add', person(5));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await room()).toBe(0);
    const userId = exact.json<{ message: { id: string } }>().message.id;

    const invite = await admin.post('/rpc-api/reseller/user/invite', {
      email: 'cap.invite@example.com',
      allotedComputers: '1',
    });
    expect(errorOf(invite)?.message).toBe(OVER);

    const raise = await admin.post('/rpc-api/reseller/user/update', {
      userId,
      firstName: 'Cap',
      lastName: 'Raised',
      role: 'sub_user',
      allotedComputers: '6',
    });
    expect(errorOf(raise)?.message).toBe(OVER);

    const csv = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: 'email,first_name,last_name,allotted_computers\ncap.csv@example.com,Cap,Csv,1',
    });
    expect(csv.statusCode).toBe(422);
    expect(errorOf(csv)?.message).toBe(OVER);

    const api = await t.app.inject({
      method: 'POST',
      url: '/reseller-api/v1/users/invite',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      payload: { email: 'cap.api@example.com', role: 'sub_user', allotedComputers: 1 },
    });
    expect(api.statusCode, api.body).toBe(422);
    expect(errorOf(api)?.message).toBe(OVER);
    expect(await room()).toBe(0);

    // Lowering is always allowed, and frees room again.
    const lower = await admin.post('/rpc-api/reseller/user/update', {
      userId,
      firstName: 'Cap',
      lastName: 'Lowered',
      role: 'sub_user',
      allotedComputers: '3',
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await room()).toBe(2);
  });

  it('two requests at once cannot both take the last room', async () => {
    await setCap((await allottedTotal(t.db, accountId)) + 4);
    const answers = await Promise.all([
      admin.post('/rpc-api/reseller/user/add', person(3)),
      admin.post('/rpc-api/reseller/user/add', person(3)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await room()).toBe(1);
  });
});

describe('computers', () => {
  it('adding a computer past the plan count is refused; up to it is allowed', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('computers')
            .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const held = await count();
    await setCap(held + 1);
    const computer = (name: string) => ({
      name,
      description: 'Plan cap computer',
      personalKey: 'Secret-Key9',
      groupId: '',
    });
    const fits = await admin.post('/rpc-api/reseller/computer/add', computer('Cap-PC-1'));
    expect(fits.statusCode, fits.body).toBe(200);
    const over = await admin.post('/rpc-api/reseller/computer/add', computer('Cap-PC-2'));
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)?.message).toBe(NO_ROOM);
    expect(await count()).toBe(held + 1);
  });
});
