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
  /**
   * HTTP 422: the request has the documented shape but breaks a rule no schema can state: a check
   * across fields, against the account's records or against a lookup (a VAT register, the state
   * of a ZIP code). `message` says which rule, `field` where. VALIDATION_FAILED (400) is kept for
   * requests the document itself forbids.
   */
  RULE_FAILED: 'RULE_FAILED',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/**
 * The codes whose `field` names a form field the message belongs under: the request's shape, a
 * rule across fields or records, or a value another record holds.
 */
export const fieldErrorCodes: ReadonlySet<string> = new Set([
  errorCodes.VALIDATION_FAILED,
  errorCodes.RULE_FAILED,
  errorCodes.CONFLICT,
]);

/**
 * Marks a zod refinement no schema states (fields checked together, a proof the server checks,
 * a plan from its catalogue), not one field's shape: the server answers it as RULE_FAILED (422),
 * as a service's own rule check would be. Pass as the issue's `params`.
 */
export const BEYOND_SCHEMA = { rule: 'beyond-schema' } as const;
