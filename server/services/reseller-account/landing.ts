import type { Executor } from '../../db/database';
import { isTrialExpired } from '../../../src/domain/trial';
import { trialDaysLeft } from '../resellers';

/** Where a reseller lands after signing in: the upgrade page once the free trial is over. */
export async function resellerLanding(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .innerJoin('reseller_accounts as a', 'a.id', 'users.account_id')
    .select(['a.account_status', 'a.subscription_type', 'a.plan_name', 'a.end_date'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return '/home';
  const isTrial = row.subscription_type === 'FREE_TRIAL';
  const expired = isTrialExpired({
    account_status: row.account_status,
    subscription_info: {
      type: row.subscription_type,
      trialDaysLeft: isTrial ? trialDaysLeft(row.end_date) : '',
      plan_name: row.plan_name,
    },
  });
  return expired ? '/account/upgrade' : '/home';
}
