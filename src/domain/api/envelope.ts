import { z } from 'zod';

/** One error of the failure envelope: `description` is the machine code the console branches on. */
// Built inside pure-marked functions so a bundle that needs only `errorCodes` (the console's HTTP
// client, loaded by the sign-in page) leaves zod out.
export const apiErrorItemSchema = /* @__PURE__ */ (() =>
  z.object({
    description: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }))();
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;

export const errorEnvelopeSchema = /* @__PURE__ */ (() =>
  z.object({
    code: z.number().int(),
    status: z.literal('ERROR'),
    errors: z.array(apiErrorItemSchema).min(1),
  }))();
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const successEnvelopeSchema = <T extends z.ZodType>(message: T) =>
  z.object({ code: z.literal(200), status: z.literal('OK'), message });

export interface SuccessEnvelope<T> {
  code: 200;
  status: 'OK';
  message: T;
}

/** Machine codes the spec names, plus the ones the server adds. */
export const errorCodes = {
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  NOT_AUTHORIZED: 'NOT_AUTHORIZED',
  REFRESH_TOKEN_EXPIRED: 'REFRESH_TOKEN_EXPIRED',
  INVALID_CAPTCHA: 'INVALID_CAPTCHA',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  ACCOUNT_CANCELLED_STATUS: 'ACCOUNT_CANCELLED_STATUS',
  CCFAILEDACC: 'CCFAILEDACC',
  EXPIRED_LINK: 'expired_link',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  CSRF_INVALID: 'CSRF_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  SSO_ENABLED: 'SSO_ENABLED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** A value another record already holds (a unique column), or an action already done. */
  CONFLICT: 'CONFLICT',
  /** Adding users (inviting, restoring) would take the account past its plan's users. */
  PLAN_USER_LIMIT: 'PLAN_USER_LIMIT',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
