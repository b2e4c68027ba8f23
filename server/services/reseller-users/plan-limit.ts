import type { Executor } from '../../db/database';

/**
 * The account's plan caps its computers: both the total allotted to its users and the computers
 * added to it (`plans.computers`). An account with no paid plan (a free trial) has the entry
 * plan's count, the plan a trial tries out.
 *
 * A downgrade can never leave an account over its cap: the spec refuses downgrades ("plan cannot
 * be downgraded"). An account over it all the same (data from before the cap) keeps what it has;
 * nothing can be added or raised until it is back under, and lowering is always allowed.
 */
export async function planComputerLimit(db: Executor, accountId: string): Promise<number> {
  const own = await db
    .selectFrom('billing_accounts as b')
    .innerJoin('plans as p', 'p.id', 'b.plan_id')
    .select('p.computers')
    .where('b.account_id', '=', accountId)
    .executeTakeFirst();
  if (own) return own.computers;
  const entry = await db
    .selectFrom('plans')
    .select('computers')
    .where('is_active', '=', 1)
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();
  return entry?.computers ?? 0;
}

/**
 * Inside a write transaction: takes the account's row lock (a no-op update: PostgreSQL holds the
 * row lock to commit, SQLite its write lock), so two requests cannot both pass the check and
 * together exceed the plan; then answers the cap.
 */
export async function lockPlanComputerLimit(tx: Executor, accountId: string): Promise<number> {
  await tx
    .updateTable('reseller_accounts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', accountId)
    .execute();
  return planComputerLimit(tx, accountId);
}
