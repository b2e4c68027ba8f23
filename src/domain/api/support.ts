import { z } from 'zod';
import { messages } from '../messages';

/**
 * Calls a support agent signed in with a one-time code (otpLogin) may not make: anything that
 * changes credentials, money or the account's existence. Paths are relative to the API base, as
 * the console's HTTP client names them. The server sends this list from
 * /api/private/support/otp/disabledUrls and enforces it itself too.
 */
export const supportDisabledUrls = [
  '/reseller/account/change/password',
  '/reseller/account/change/email',
  '/reseller/account/change/email/resend',
  '/reseller/account/change/email/cancel',
  '/reseller/config/token/generate',
  '/reseller/config/token/update',
  '/reseller/ecom/cancelAccount',
  '/reseller/twofa/user/enable',
  '/reseller/twofa/user/disable',
  '/reseller/twofa/user/generatePasscode',
  // Recovery codes sign in in place of the second factor: never shown to an agent.
  '/reseller/twofa/user/recoveryCode',
  '/reseller/v1_ecom/updateCCAndGetPendingStatus',
  '/reseller/v1_ecom/payPendingCharge',
  '/reseller/ecom/continueUpg',
  '/reseller/ecom/continueInvoiceUpg',
  '/reseller/autorenewal/enableAutoRenewal',
  '/reseller/autorenewal/updateRenewDetails',
  // Who may sign in, and where: a support agent signed in as the customer must not point the
  // account at another identity provider, end the customer's sessions or forget their browsers.
  '/reseller/sso/config',
  '/reseller/sso/enable',
  '/reseller/sso/test',
  '/reseller/sessions/signOut',
  '/reseller/sessions/signOutOthers',
  '/reseller/twofa/user/trustedBrowsers/revoke',
] as const;

/** POST /rpc-api/reseller/support/otp_signin, form-encoded. */
export const supportOtpSignInSchema = z.object({
  username: z.string().trim().min(1).max(80),
  otp: z
    .string()
    .trim()
    .regex(/^\d{8}$/, messages['otp.expired.or.incorrect']),
});
