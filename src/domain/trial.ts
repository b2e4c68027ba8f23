/** Spec section 4, "Reseller trial expired". */
import { accountValues, PLAN_BULK_RESELLER, SUBSCRIPTION_TYPE_FREE_TRIAL } from './constants';

/** The part of the reseller user-info the rule reads. */
export interface TrialInfo {
  readonly account_status: string;
  readonly subscription_info: {
    readonly type: string;
    /** The spec compares it with the string "0"; a number from an older server is accepted too. */
    readonly trialDaysLeft: string | number;
    readonly plan_name: string;
  };
}

/**
 * A Bulk Reseller trial is expired when the account is "S" on FREE_TRIAL, or no trial days are
 * left. Other plans never count as an expired trial.
 */
export function isTrialExpired({ account_status, subscription_info }: TrialInfo): boolean {
  if (subscription_info.plan_name !== PLAN_BULK_RESELLER) return false;
  const isSuspendedTrial =
    account_status === accountValues.STATUS_S &&
    subscription_info.type === SUBSCRIPTION_TYPE_FREE_TRIAL;
  return isSuspendedTrial || String(subscription_info.trialDaysLeft) === '0';
}
