import type { HomeSummary } from '../../../src/domain/api/reseller-home';
import type { Executor } from '../../db/database';
import { planLimits, usersInPlan } from '../reseller-users/plan-limit';

/**
 * What the home screen shows against the plan (plan-limit.ts decides the caps and who counts):
 * computers, users and computers online now.
 */
export async function homeSummary(db: Executor, accountId: string): Promise<HomeSummary> {
  const [caps, computers, users] = await Promise.all([
    planLimits(db, accountId),
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
    usersInPlan(db, accountId),
  ]);
  return {
    computers: { used: Number(computers?.n ?? 0), limit: caps.computers },
    users: { used: users, limit: caps.users },
    onlineComputers: Number(computers?.online ?? 0),
  };
}
