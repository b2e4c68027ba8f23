import { z } from 'zod';
import { messages } from '../messages';
import { schemas } from '../validation';

/*
 * Two-factor authentication: the second step of the reseller sign-in and the /2fa settings.
 * A phone code is 6 digits and lasts 10 minutes; a TOTP code is RFC 6238 (SHA-1, 30 s, 6 digits).
 */

export const twofaMethods = ['totp', 'phone'] as const;
export type TwofaMethod = (typeof twofaMethods)[number];

export { TWOFA_LOGIN_STEP } from './two-factor-step';

const otp = z
  .string()
  .trim()
  .min(1, messages['otp.required'])
  .regex(/^\d{6}$/, messages['otp.incorrect']);

/** GET /rpc-api/reseller/twofa/login/state: which factor the pending sign-in needs. */
export const twofaLoginStateSchema = z.object({
  method: z.enum(twofaMethods),
  phone: z.string(),
});
export type TwofaLoginState = z.infer<typeof twofaLoginStateSchema>;

/** POST /rpc-api/reseller/twofa/login/validatePasscode */
export const validatePasscodeSchema = z.object({ otp });

/** POST /rpc-api/reseller/twofa/login/deactivateTwoFA: a recovery code instead of the factor. */
export const deactivateTwoFaSchema = z.object({
  recoveryCode: z
    .string()
    .trim()
    .min(1, 'Recovery code cannot be blank')
    .max(20, 'Recovery code is invalid'),
});
export const RECOVERY_CODE_INVALID = 'Recovery code is invalid';

/** GET /rpc-api/reseller/twofa/user/securityinfo */
export const securityInfoSchema = z.object({
  enabled: z.boolean(),
  method: z.enum(['', ...twofaMethods]),
  phone: z.string(),
  recoveryCodesLeft: z.number().int(),
});
export type SecurityInfo = z.infer<typeof securityInfoSchema>;

/** POST /rpc-api/reseller/twofa/user/generatePasscode: starts a setup. */
export const generateSetupSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp') }),
  z.object({
    method: z.literal('phone'),
    /** The spec's phone rule, stored without spaces, dashes, dots and parentheses. */
    phone: schemas.phone,
  }),
]);
export const generateSetupResponseSchema = z.object({
  method: z.enum(twofaMethods),
  /** TOTP only: the secret for manual entry, the otpauth URI and its QR code (data URL). */
  secret: z.string(),
  uri: z.string(),
  qr: z.string(),
  phone: z.string(),
});
export type GenerateSetupResponse = z.infer<typeof generateSetupResponseSchema>;

/** POST /rpc-api/reseller/twofa/user/enable: password and the first code of the new factor. */
export const enableTwofaSchema = z.object({
  password: z.string().trim().min(1, messages['password.required']).max(128),
  otp,
});
export const enableTwofaResponseSchema = z.object({
  text: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** POST /rpc-api/reseller/twofa/user/disable and /recoveryCode: the password again. */
export const passwordOnlySchema = z.object({
  password: z.string().trim().min(1, messages['password.required']).max(128),
});
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
