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
