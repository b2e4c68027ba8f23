import type { Executor } from '../db/database';
import { SESSION_AND_CALLER_COLUMNS, sessionReadBy } from './sessions';
import type { ResellerUserInfo } from '../../src/domain/api/session';
import { supportDisabledUrls } from '../../src/domain/api/support';

const DAY_MS = 86_400_000;

export async function findUsersByLogin(db: Executor, login: string) {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .innerJoin('reseller_accounts', 'reseller_accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.username',
      'users.password_hash',
      'users.status',
      'users.account_id',
      'users.sso_flag',
      'users.user_sso_status',
      'reseller_accounts.account_status',
    ])
    .where((eb) => eb.or([eb('users.email', '=', value), eb('users.username', '=', value)]))
    .orderBy('users.username')
    .execute();
}

/** Days left in a trial, rounded up; the spec compares the result with the string "0". */
export function trialDaysLeft(endDate: string, now: Date = new Date()): string {
  const left = Math.ceil((Date.parse(endDate) - now.getTime()) / DAY_MS);
  return String(Math.max(0, left));
}

/**
 * user_info's row, read with the session check in one statement: the route declares it as its
 * session read (route-policy.ts), so the console's most frequent call costs one round trip, as a
 * bare session check does, and shares it with the checks of other calls arriving together on
 * PostgreSQL (`sessionReadBy`). Only the columns the answer uses.
 */
export const userInfoWithSession = sessionReadBy((db) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.subject_id')
    .innerJoin('reseller_accounts as a', 'a.id', 'users.account_id')
    .select([
      'sessions.id as key',
      ...SESSION_AND_CALLER_COLUMNS,
      'users.username',
      'users.proxy_topic',
      'users.sso_flag',
      'users.user_sso_status',
      'users.preferences',
      'a.company_name',
      'a.plan_name',
      'a.subscription_type',
      'a.account_status',
      'a.payment_mode',
      'a.start_date',
      'a.end_date',
      'a.yearly_fee_minor',
      'a.currency',
      'a.is_pending_charge',
      'a.attempted_for_pending_charges',
      'a.is_vat_account',
      'a.vat_id',
      'a.is_gst_account',
      'a.gstin',
      'a.ecom_flag',
      'a.proxy_topic as account_proxy_topic',
    ]),
);

type UserInfoRow = Awaited<ReturnType<typeof userInfoWithSession>>[number];

/** The answer of user_info, from the row its session read returned. */
export function resellerUserInfo(row: UserInfoRow, otpLogin: boolean): ResellerUserInfo {
  const isTrial = row.subscription_type === 'FREE_TRIAL';
  return {
    firstname: row.first_name,
    lastname: row.last_name,
    username: row.username,
    email: row.email,
    is_admin: row.role === 'admin',
    is_sub_admin: row.role === 'sub_admin',
    is_sub_user: row.role === 'sub_user',
    ecomflag: row.ecom_flag === 1,
    proxy_topic: row.proxy_topic,
    parent_proxy_topic: row.account_proxy_topic,
    subscription_info: {
      type: row.subscription_type,
      // Paid plans have no trial: an empty value keeps the spec's "0 days left" rule from firing.
      trialDaysLeft: isTrial ? trialDaysLeft(row.end_date) : '',
      plan_name: row.plan_name,
    },
    sso_flag: row.sso_flag === 1,
    user_sso_status: row.user_sso_status === 1,
    otpLogin,
    supportDisableUrls: otpLogin ? [...supportDisabledUrls] : [],
    isPendingCharge: row.is_pending_charge === 1,
    attemptedForPendingCharges: row.attempted_for_pending_charges === 1,
    paymentMode: row.payment_mode,
    startDate: row.start_date,
    endDate: row.end_date,
    preferences: JSON.parse(row.preferences) as Record<string, string>,
    account_status: row.account_status,
    yearlyfee: row.yearly_fee_minor / 100,
    currency: row.currency,
    company_name: row.company_name,
    isVATAccount: row.is_vat_account === 1,
    vatid: row.vat_id,
    isGSTAccount: row.is_gst_account === 1,
    gstin: row.gstin,
  };
}
