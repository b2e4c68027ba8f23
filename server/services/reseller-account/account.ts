import type { Executor } from '../../db/database';

/** The signed-in reseller user with the account fields the account area needs. */
export async function findAccountUser(db: Executor, userId: string) {
  return db
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
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type AccountUser = NonNullable<Awaited<ReturnType<typeof findAccountUser>>>;

export const isAccountAdmin = (user: AccountUser): boolean =>
  user.role === 'admin' || user.role === 'sub_admin';
