import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial';
import * as supportOtp from './2026-11-22-0002-support-otp';
import * as billing from './2026-11-22-0100-billing';
import * as partnerCommissions from './2026-11-22-0200-partner-commissions';
import * as partnerPasswords from './2026-11-22-0201-partner-passwords';
import * as resellerAccount from './2026-11-22-0300-reseller-account';
import * as twoFactor from './2026-11-22-0301-two-factor';
import * as emailChanges from './2026-11-22-0302-email-changes';
import * as resellerUsers from './2026-11-22-0400-reseller-users';
import * as teams from './2026-11-22-0401-teams';
import * as computers from './2026-11-22-0500-computers';
import * as signup from './2026-11-22-0600-signup';
import * as usersListIndexes from './2026-11-23-0100-users-list-indexes';
import * as auditLogDuplicateIndex from './2026-11-24-0100-audit-log-duplicate-index';
import * as paymentAttempts from './2026-11-24-0200-payment-attempts';
import * as usersListCoveringIndexes from './2026-11-24-0300-users-list-covering-indexes';
import * as partnerEmailChanges from './2026-11-25-0100-partner-email-changes';
import * as severalInstances from './2026-11-25-0200-several-instances';
import * as serverSettings from './2026-11-25-0500-server-settings';
import * as largePlan from './2026-11-25-0600-large-plan';
import * as idempotencyKeys from './2026-11-25-0700-idempotency-keys';
import * as apiKeyLastUsed from './2026-11-25-0800-api-key-last-used';
import * as ssoAndSessions from './2026-11-25-0900-sso-and-sessions';
import * as computersListIndex from './2026-11-26-0100-computers-list-index';
import * as listTieBreakIndexes from './2026-11-27-0100-list-tie-break-indexes';
import * as ssoSignOutCarried from './2026-11-27-0200-sso-sign-out-carried';
import * as trustedBrowsers from './2026-11-25-0410-trusted-browsers';
import * as marketingConsent from './2026-11-25-0411-marketing-consent';

/**
 * Every migration, by name. Listed in code rather than read from the folder so the bundled
 * server and the tests run exactly the same set. Names are date-prefixed and never change.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-support-otp': supportOtp,
  '2026-11-22-0100-billing': billing,
  '2026-11-22-0200-partner-commissions': partnerCommissions,
  '2026-11-22-0201-partner-passwords': partnerPasswords,
  '2026-11-22-0300-reseller-account': resellerAccount,
  '2026-11-22-0301-two-factor': twoFactor,
  '2026-11-22-0302-email-changes': emailChanges,
  '2026-11-22-0400-reseller-users': resellerUsers,
  '2026-11-22-0401-teams': teams,
  '2026-11-22-0500-computers': computers,
  '2026-11-22-0600-signup': signup,
  '2026-11-23-0100-users-list-indexes': usersListIndexes,
  '2026-11-24-0100-audit-log-duplicate-index': auditLogDuplicateIndex,
  '2026-11-24-0200-payment-attempts': paymentAttempts,
  '2026-11-24-0300-users-list-covering-indexes': usersListCoveringIndexes,
  '2026-11-25-0100-partner-email-changes': partnerEmailChanges,
  '2026-11-25-0200-several-instances': severalInstances,
  '2026-11-25-0410-trusted-browsers': trustedBrowsers,
  '2026-11-25-0411-marketing-consent': marketingConsent,
  '2026-11-25-0500-server-settings': serverSettings,
  '2026-11-25-0600-large-plan': largePlan,
  '2026-11-25-0700-idempotency-keys': idempotencyKeys,
  '2026-11-25-0800-api-key-last-used': apiKeyLastUsed,
  '2026-11-25-0900-sso-and-sessions': ssoAndSessions,
  '2026-11-26-0100-computers-list-index': computersListIndex,
  '2026-11-27-0100-list-tie-break-indexes': listTieBreakIndexes,
  '2026-11-27-0200-sso-sign-out-carried': ssoSignOutCarried,
};
