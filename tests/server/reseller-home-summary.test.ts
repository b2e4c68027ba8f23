import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { accountIdOfUser } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Summary {
  computers: { used: number; limit: number | null };
  users: { used: number; limit: number | null };
  onlineComputers: number;
}

const URL = '/rpc-api/reseller/home/summary';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summaryOf = (response: LightMyRequestResponse) =>
  response.json<{ message: Summary }>().message;

const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email);

/** What the database says for the account: the figures the summary must show. */
async function expected(email: string): Promise<Summary> {
  const accountId = await accountIdOfUser(t.db, email);
  const computers = await t.db
    .selectFrom('computers')
    .select(['status'])
    .where('account_id', '=', accountId)
    .execute();
  const users = await t.db
    .selectFrom('users')
    .select('status')
    .where('account_id', '=', accountId)
    .execute();
  const plan = await t.db
    .selectFrom('billing_accounts as b')
    .innerJoin('plans as p', 'p.id', 'b.plan_id')
    .select(['p.computers', 'p.users'])
    .where('b.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    computers: { used: computers.length, limit: plan.computers },
    users: { used: users.filter((u) => u.status !== 'cancelled').length, limit: plan.users },
    onlineComputers: computers.filter((c) => c.status === 'online').length,
  };
}

describe('GET /reseller/home/summary', () => {
  it("shows the account's computers and users against its plan, and computers online", async () => {
    const admin = await signedIn('reseller@example.com');
    const response = await admin.get(URL);
    expect(response.statusCode, response.body).toBe(200);
    const summary = summaryOf(response);
    expect(summary).toEqual(await expected('reseller@example.com'));
    expect(summary.computers.used).toBeGreaterThan(0);
    expect(summary.onlineComputers).toBeGreaterThan(0);
    expect(summary.onlineComputers).toBeLessThanOrEqual(summary.computers.used);
  });

  it("counts only the caller's own account", async () => {
    const other = await signedIn('eu@example.com');
    const mine = summaryOf(await other.get(URL));
    expect(mine).toEqual(await expected('eu@example.com'));
    expect(mine).not.toEqual(await expected('reseller@example.com'));
  });

  it('refuses a plain user (403) and an anonymous caller (401)', async () => {
    const subUser = await signedIn('subuser@example.com');
    const refused = await subUser.get(URL);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.message).toBe('You do not have permission to perform this action');
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});
