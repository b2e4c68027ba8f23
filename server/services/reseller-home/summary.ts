import type { HomeSummary } from '../../../src/domain/api/reseller-home';
import type { Executor } from '../../db/database';

/**
 * The account's plan caps (its own plan, or for a free trial the entry plan it tries out, as
 * plan-limit.ts decides for computers): computers and users.
 */
async function planCaps(db: Executor, accountId: string) {
  const own = await db
    .selectFrom('billing_accounts as b')
    .innerJoin('plans as p', 'p.id', 'b.plan_id')
    .select(['p.computers', 'p.users'])
    .where('b.account_id', '=', accountId)
    .executeTakeFirst();
  if (own) return own;
  return db
    .selectFrom('plans')
    .select(['computers', 'users'])
    .where('is_active', '=', 1)
    .orderBy('rank')
    .limit(1)
    .executeTakeFirst();
}

/** What the home screen shows against the plan: computers, users and computers online now. */
export async function homeSummary(db: Executor, accountId: string): Promise<HomeSummary> {
  const [caps, computers, users] = await Promise.all([
    planCaps(db, accountId),
    db
      .selectFrom('computers')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('n'),
        eb.fn
          .sum<string | number | null>(
            eb.case().when('status', '=', 'online').then(1).else(0).end(),
          )
          .as('online'),
      ])
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst(),
  ]);
  return {
    computers: { used: Number(computers?.n ?? 0), limit: caps?.computers ?? null },
    users: { used: Number(users?.n ?? 0), limit: caps?.users ?? null },
    onlineComputers: Number(computers?.online ?? 0),
  };
}
