import type { Executor } from '../../db/database';
import { compileOnce } from '../../db/compile-once';

/** The signed-in reseller user with the account fields the account area needs. */
/** Read by most account routes on every call: compiled once (see compile-once.ts). */
const accountUserRow = compileOnce((db, userId) =>
  db
    .selectFrom('users')
    .innerJoin('reseller_accounts as a', 'a.id', 'users.account_id')
    .select([
      'users.id',
      'users.account_id',
      'users.email',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.role',
      'users.status',
      'users.password_hash',
      'users.proxy_topic',
      'a.company_name',
      'a.account_status',
    ])
    .where('users.id', '=', userId),
);

export async function findAccountUser(db: Executor, userId: string) {
  const [row] = await accountUserRow(db, userId);
  return row;
}

export type AccountUser = NonNullable<Awaited<ReturnType<typeof findAccountUser>>>;
