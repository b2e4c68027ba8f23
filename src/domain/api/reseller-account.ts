import { z } from 'zod';
import { requiredInDocument } from '../rule-kit';
import { CONTROL } from '../rule-shapes';
import { messages } from '../messages';
import { schemas } from '../validation';

/*
 * Contracts of the reseller account area: API key, activity log, profile and passwords.
 * GET payloads are query parameters, POST bodies are form-encoded (ARCHITECTURE.md).
 */

// --- API key (spec sections 2, 4, 7, 8) ---

/** A password checked against the stored one: any text but a blank one (trimmed on the server). */
const NON_BLANK = { pattern: `^ *[^\\s${CONTROL}][^${CONTROL}]* *$` };
/**
 * POST reseller/config/token/generate = View (shows the key, creating the first one if the account
 * has none); POST reseller/config/token/update = Change (a new key replaces the old one at once).
 * Both take the signed-in user's password; a wrong one is 400 NOT_AUTHORIZED on field `password`.
 */
export const apiKeyRequestSchema = z.object({ password: schemas.apiKeyPassword });
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;

/** The answer is a one-element list: the console reads message[0].token. */
export const apiKeyResponseSchema = z.array(z.object({ token: z.string().min(1) })).length(1);

/** GET /reseller/config/token/usage: the key's dates for the API Keys tab (never the key). */
export const apiKeyUsageSchema = z.object({
  hasKey: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyUsage = z.infer<typeof apiKeyUsageSchema>;
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;

/** The header a /reseller-api/ call carries its key in. */
export const API_KEY_HEADER = 'x-api-key';

/** GET /reseller-api/v1/account: the account's plan and usage. */
export const apiAccountSchema = z.object({
  company_name: z.string(),
  plan_name: z.string(),
  subscription_type: z.string(),
  account_status: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  users: z.object({ total: z.number().int(), active: z.number().int(), invited: z.number().int() }),
});
export type ApiAccount = z.infer<typeof apiAccountSchema>;

// --- Activity log ---

/** The kinds of action the log filter offers; each covers the audit actions with its prefixes. */
export const activityCategories = {
  signin: { label: 'Sign-in', prefixes: ['signin', 'logout', 'support.otp', 'session'] },
  twofa: { label: 'Two-factor authentication', prefixes: ['twofa'] },
  password: { label: 'Password', prefixes: ['password'] },
  email: { label: 'E-mail', prefixes: ['email'] },
  apikey: { label: 'API key', prefixes: ['apikey'] },
  profile: { label: 'Profile', prefixes: ['profile'] },
  users: { label: 'Users', prefixes: ['user', 'invitation', 'team'] },
  computers: { label: 'Computers', prefixes: ['computer', 'group'] },
  billing: { label: 'Billing', prefixes: ['billing', 'payment', 'invoice', 'upgrade', 'tax'] },
  account: { label: 'Account', prefixes: ['account', 'signup'] },
} as const satisfies Record<string, { label: string; prefixes: readonly string[] }>;
export type ActivityCategory = keyof typeof activityCategories;
export const activityCategoryNames = Object.keys(activityCategories) as ActivityCategory[];

/** The category of one audit action ('' when none fits). */
export function categoryOfAction(action: string): ActivityCategory | '' {
  for (const name of activityCategoryNames) {
    const { prefixes } = activityCategories[name];
    if (prefixes.some((prefix) => action === prefix || action.startsWith(`${prefix}.`)))
      return name;
  }
  return '';
}

export const activitySortFields = ['created_at', 'action', 'user', 'ip'] as const;
export type ActivitySortField = (typeof activitySortFields)[number];

const MDY = /^\d{2}-\d{2}-\d{4}$/;

/** GET /rpc-api/reseller/log/activity/get */
export const activityLogQuerySchema = z.object({
  /** mm-dd-yyyy, first day included (the console's local day, with `tz`). */
  from: z.string().trim().regex(MDY, 'Enter a valid date').optional(),
  /** mm-dd-yyyy, last day included. */
  to: z.string().trim().regex(MDY, 'Enter a valid date').optional(),
  /** The browser's offset from UTC in minutes (Date#getTimezoneOffset), so days are local days. */
  tz: z.coerce.number().int().min(-840).max(840).default(0),
  user: z.string().trim().max(64).default(''),
  category: z.enum(activityCategoryNames as [ActivityCategory, ...ActivityCategory[]]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(5000).default(25),
  sort: z.enum(activitySortFields).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
/** The console's side of that query (every field optional; the server fills the defaults). */
export interface ActivityLogQuery {
  from?: string;
  to?: string;
  user?: string;
  category?: ActivityCategory;
  page?: number;
  pageSize?: number;
  sort?: ActivitySortField;
  order?: 'asc' | 'desc';
}

export const activityEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  action_label: z.string(),
  category: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  target: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityLogResponseSchema = z.object({
  entries: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityLogResponse = z.infer<typeof activityLogResponseSchema>;

/**
 * GET /rpc-api/reseller/log/activity/users: the users the log's filter offers. A call of its
 * own, so that a page of the log does not carry them again (they change with neither the page,
 * the sort nor the dates).
 */
export const activityUsersQuerySchema = z.object({
  /** Narrows the users offered to those whose e-mail or name has it. */
  search: z.string().trim().max(64).default(''),
  /** The user the log is filtered by (the log's `user`): offered in any case. */
  user: z.string().trim().max(64).default(''),
});
export type ActivityUsersQuery = Partial<z.input<typeof activityUsersQuerySchema>>;

export const activityUsersResponseSchema = z.object({
  /**
   * Users of the account the caller may filter by, by e-mail: at most ACTIVITY_FILTER_USERS of
   * those matching `search`, and the log's `user` in any case.
   */
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  /** How many users match `search`: more than `users` holds means the filter must search. */
  usersTotal: z.number().int(),
});
export type ActivityUsersResponse = z.infer<typeof activityUsersResponseSchema>;

/** The most users one answer offers to the activity log's user filter. */
export const ACTIVITY_FILTER_USERS = 100;

// --- Passwords ---

/** POST /rpc-api/forgot_password: the answer never tells whether the address is registered. */
export const forgotPasswordRequestSchema = z.object({ email: schemas.email });

/** POST /rpc-api/reset_password, with the single-use token from the e-mailed link. */
export const resetPasswordRequestSchema = z.object({
  token: z.string().trim().min(1, 'Password link expired').max(200),
  newPassword: z.string().max(200),
  confirmPassword: z.string().max(200),
});

/** GET /rpc-api/reset_password/check: whether a link can still be used (before the form shows). */
// A link without its token is an expired link (expired_link), as a wrong one is: required here.
export const resetLinkQuerySchema = z.object({
  token: requiredInDocument(z.string().trim().max(200).default('').meta({ minLength: 1 })),
});
export const resetLinkResponseSchema = z.object({ email: z.string() });

/** POST /rpc-api/reseller/account/validateExistingPassword */
export const validateExistingPasswordSchema = z.object({
  currentPassword: z.string().max(200).meta(NON_BLANK),
});

/** POST /rpc-api/reseller/account/change/password */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(200),
  newPassword: z.string().max(200),
  confirmPassword: z.string().max(200),
});

/** Success answers that carry only the spec's text. */
export const textResponseSchema = z.object({ text: z.string() });
export type TextResponse = z.infer<typeof textResponseSchema>;

// --- Profile (account/get, account/update) ---

/** The proxy topic: letters, digits, hyphen and underscore (it names the account's channel). */
export const PROXY_TOPIC = /^[A-Za-z0-9_-]{1,50}$/;
export const proxyTopicMessages = {
  required: 'Proxy topic cannot be blank',
  invalid: 'Proxy topic can contain A-Z, a-z, 0-9, - and _ (up to 50 characters)',
} as const;

export const accountProfileSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  username: z.string(),
  company_name: z.string(),
  proxy: z.string(),
  role: z.string(),
  /** The address an e-mail change waits to be confirmed at; null when none is pending. */
  pendingEmail: z.string().nullable().optional(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const accountUpdateRequestSchema = z.object({
  firstname: schemas.firstName,
  lastname: schemas.lastName,
  proxy: z
    .string()
    .trim()
    .min(1, proxyTopicMessages.required)
    .regex(PROXY_TOPIC, proxyTopicMessages.invalid),
});
export type AccountUpdateRequest = z.infer<typeof accountUpdateRequestSchema>;

// --- E-mail change (reseller/account/change/email, /resend, /cancel) ---

/** Texts the spec leaves open (chosen; the spec's own texts come from messages.ts). */
export const emailChangeMessages = {
  sent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes when you open it.`,
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  cancelled: 'Your e-mail change has been cancelled.',
  confirmed: (email: string) => `Your e-mail address is now ${email}.`,
  nothingPending: 'There is no e-mail change waiting for confirmation.',
  linkExpired: 'This e-mail confirmation link has expired or has already been used.',
} as const;

/** A password typed to confirm an action: only "not blank" is checked before the server compares. */
export const confirmPasswordField = z
  .string()
  .max(200)
  .refine((value) => value.trim() !== '', messages['password.required'])
  .meta(NON_BLANK);

/** POST /rpc-api/reseller/account/change/email */
export const emailChangeRequestSchema = z.object({
  email: schemas.email,
  password: confirmPasswordField,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** POST /rpc-api/reseller/account/change/email/confirm (public: the link may open anywhere). */
export const emailChangeConfirmSchema = z.object({ token: z.string().trim().min(1).max(200) });

// --- Cancellation (reseller/ecom/cancelAccount) ---

/** POST /rpc-api/reseller/ecom/cancelAccount */
export const cancelAccountRequestSchema = z.object({ password: confirmPasswordField });
export type CancelAccountRequest = z.infer<typeof cancelAccountRequestSchema>;

export const cancelAccountResponseSchema = z.object({
  text: z.string(),
  refundedMinor: z.number().int().nonnegative(),
  currency: z.string(),
});
export type CancelAccountResponse = z.infer<typeof cancelAccountResponseSchema>;
