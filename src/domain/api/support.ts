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
  '/reseller/config/token/generate',
  '/reseller/config/token/update',
  '/reseller/ecom/cancelAccount',
  '/reseller/twofa/user/enable',
  '/reseller/twofa/user/disable',
  '/reseller/v1_ecom/updateCCAndGetPendingStatus',
  '/reseller/v1_ecom/payPendingCharge',
  '/reseller/ecom/continueUpg',
  '/reseller/ecom/continueInvoiceUpg',
  '/reseller/autorenewal/enableAutoRenewal',
  '/reseller/autorenewal/updateRenewDetails',
] as const;

/** POST /rpc-api/reseller/support/otp_signin, form-encoded. */
export const supportOtpSignInSchema = z.object({
  username: z.string().trim().min(1).max(80),
  otp: z
    .string()
    .trim()
    .regex(/^\d{8}$/, messages['otp.expired.or.incorrect']),
});
