import { z } from 'zod';
import { checkboxField } from './checkbox-field';
import { validatePasscodeSchema } from './two-factor';

/*
 * "Trust this browser for 30 days" at the two-factor sign-in step, and the list of trusted
 * browsers in the two-factor settings (each can be revoked).
 */

export const TRUST_BROWSER_LABEL = 'Trust this browser for 30 days';

/** POST /rpc-api/reseller/twofa/login/validatePasscode, with the "trust this browser" box. */
export const validatePasscodeWithTrustSchema = validatePasscodeSchema.extend({
  trustBrowser: checkboxField,
});

/** GET /rpc-api/reseller/twofa/user/trustedBrowsers */
export const trustedBrowserSchema = z.object({
  id: z.string(),
  label: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** The browser making the request. */
  isCurrent: z.boolean(),
});
export type TrustedBrowser = z.infer<typeof trustedBrowserSchema>;
export const trustedBrowsersSchema = z.object({ items: z.array(trustedBrowserSchema) });

/** POST /rpc-api/reseller/twofa/user/trustedBrowsers/revoke */
export const revokeTrustedBrowserSchema = z.object({ id: z.string().trim().min(1).max(64) });
