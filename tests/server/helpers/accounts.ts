import type { Database } from '../../../server/db/database';

/** The reseller account a demo user (by e-mail) belongs to. */
export async function accountIdOfUser(db: Database, email: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('account_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.account_id;
}

/**
 * Sets the user count of the plan an account is on (the plan row is this test database's own),
 * for tests that invite more users than the demo plan leaves room for and are not about the cap.
 */
export async function setPlanUsers(db: Database, accountId: string, users: number): Promise<void> {
  const billing = await db
    .selectFrom('billing_accounts')
    .select('plan_id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('plans')
    .set({ users })
    .where('id', '=', billing.plan_id ?? '')
    .execute();
}
