import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in landing and activity', () => {
  it('sends a reseller whose free trial is over to /account/upgrade', async () => {
    await t.db
      .updateTable('reseller_accounts')
      .set({ end_date: '2000-01-01T00:00:00.000Z' })
      .where('subscription_type', '=', 'FREE_TRIAL')
      .execute();
    const response = await new Agent(t.app, '10.3.0.1').signIn('reseller', 'trial@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { next: string } }>().message.next).toBe('/account/upgrade');
    const paid = await new Agent(t.app, '10.3.0.2').signIn('reseller', 'reseller@example.com');
    expect(paid.json<{ message: { next: string } }>().message.next).toBe('/home');
  });

  it("records a failed sign-in in the targeted account's activity log", async () => {
    const failed = await new Agent(t.app, '10.3.0.3').signIn(
      'reseller',
      'subuser@example.com',
      'Wrong@1234',
    );
    expect(failed.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.subject_id')
      .select(['audit_log.account_id', 'users.account_id as user_account'])
      .where('audit_log.action', '=', 'signin.failed')
      .where('users.email', '=', 'subuser@example.com')
      .where('audit_log.ip', '=', '10.3.0.3')
      .executeTakeFirst();
    expect(row?.account_id).toBe(row?.user_account);
  });
});
