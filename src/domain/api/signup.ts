/**
 * Reseller self-service signup (spec section 7, "Registration and signup") and the captcha that
 * guards it (section 8, "Captcha"). Request schemas are built from the rule book so the console's
 * form and the server check the same things. Texts the spec does not give are marked "chosen".
 */
import { z } from 'zod';
import { messages } from '../messages';
import { schemas } from '../validation';
import { billingAddressSchema, cardFieldsSchema, optionSchema, planSchema, terms } from './billing';
import { BEYOND_SCHEMA } from './envelope';

/** Days a free trial lasts (chosen: the spec names the trial but not its length). */
export const TRIAL_DAYS = 14;

export const signupMessages = {
  /** chosen */
  verificationSent: (email: string) =>
    `We sent a link to ${email}. Open it to verify your e-mail address.`,
  /** chosen */
  verified: 'Your e-mail address has been verified',
  /** chosen */
  linkExpired: 'This verification link has expired or has already been used',
  /** chosen */
  planRequired: 'Select a plan',
  /** chosen */
  chromebookVerified: 'Verification complete. You can return to the app.',
  /** chosen */
  chromebookSessionMissing: 'Open this page from the app to verify',
} as const;

/** The widget's hidden field: base64 JSON of the challenge and its solution. */
const captchaField = z
  .string()
  .trim()
  .max(4000)
  .prefault('')
  .refine((value) => value !== '', { error: messages['captcha.verify'], params: BEYOND_SCHEMA });

/** The account part shared by the trial and the paid signup. */
export const signupAccountSchema = z.object({
  firstName: schemas.firstName,
  lastName: schemas.lastName,
  companyName: schemas.companyName,
  email: schemas.email,
  password: schemas.password,
  confirmPassword: schemas.confirmPassword,
  altcha: captchaField,
});
export type SignupAccount = z.output<typeof signupAccountSchema>;

/** POST /reseller/freeRBSTrialSignup */
export const trialSignupRequestSchema = signupAccountSchema;
export type TrialSignupRequest = z.input<typeof trialSignupRequestSchema>;

/** POST /reseller/paidRBSSignup: the account, the plan and term, the card and billing address. */
export const paidSignupRequestSchema = signupAccountSchema
  .extend({
    planCode: z
      .string()
      .trim()
      .max(40)
      .prefault('')
      .refine((value) => value !== '', {
        error: signupMessages.planRequired,
        params: BEYOND_SCHEMA,
      }),
    term: z.enum(terms).prefault('year'),
  })
  .extend(cardFieldsSchema.shape)
  .extend(billingAddressSchema.shape);
export type PaidSignupRequest = z.input<typeof paidSignupRequestSchema>;
export type PaidSignup = z.output<typeof paidSignupRequestSchema>;

/** Both signups answer like a sign-in: the session cookies are set and `next` is the landing. */
export const signupResponseSchema = z.object({
  productType: z.literal('reseller'),
  next: z.string(),
  text: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** GET /reseller/signup: what the signup page offers. */
export const signupOptionsSchema = z.object({
  trialDays: z.number().int(),
  plans: z.array(planSchema),
  countries: z.array(optionSchema),
  usStates: z.array(optionSchema),
});
export type SignupOptions = z.infer<typeof signupOptionsSchema>;

/** POST /reseller/registration/process: the verification link's token. */
export const registrationProcessSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** The Chromebook app's own session id: long, random, chosen by the app. */
const chromebookSession = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: signupMessages.chromebookSessionMissing });

/** POST /chromebook/captcha/verify */
export const chromebookVerifySchema = z.object({
  session: chromebookSession,
  altcha: captchaField,
});
/** GET /chromebook/captcha/verify/response?session=… (polled by the app) */
export const chromebookResponseQuerySchema = z.object({ session: chromebookSession });
export const chromebookResponseSchema = z.object({ verified: z.boolean() });

/** Cross-field checks of the signup form: the field and the spec's message. */
export function signupProblems(form: {
  password: string;
  confirmPassword: string;
}): { field: string; message: string }[] {
  return form.password.trim() === form.confirmPassword.trim()
    ? []
    : [{ field: 'confirmPassword', message: messages['password.confirm.mismatch'] }];
}
