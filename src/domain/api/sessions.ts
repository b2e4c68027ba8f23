import { z } from 'zod';

/*
 * "Where you're signed in" (account settings): the signed-in reseller user's own live sessions,
 * each signed out on its own or all but the current one at once. The words of the screen are
 * here so the console and the server tests read the same ones.
 */

export const SESSIONS_TITLE = "Where you're signed in";
export const SESSIONS_INTRO =
  'The browsers and devices signed in to your account. Sign out any you do not recognise.';
export const SESSIONS_EMPTY = 'You are signed in only on this browser.';
export const THIS_BROWSER = 'This browser';
export const UNKNOWN_PLACE = 'Unknown';
export const SIGN_OUT_OTHERS = 'Sign out all other sessions';
export const SESSION_SIGNED_OUT = 'The session was signed out.';
export const OTHERS_SIGNED_OUT = 'Your other sessions were signed out.';
export const SESSION_NOT_FOUND = 'The session was not found. It may have ended already.';
export const CURRENT_SESSION_REFUSED =
  'This is the session you are using. Use Logout to sign out of it.';

/** How a session was opened (the sessions table's `sign_in_method`) and the words shown for it. */
export const signInMethodLabels = {
  password: 'Password',
  sso_saml: 'SSO (SAML)',
  sso_oidc: 'SSO (OpenID Connect)',
} as const satisfies Record<string, string>;

/** The words for a stored method; a code this table does not know reads as a password sign-in. */
export function signInMethodLabel(method: string): string {
  return Object.prototype.hasOwnProperty.call(signInMethodLabels, method)
    ? signInMethodLabels[method as keyof typeof signInMethodLabels]
    : signInMethodLabels.password;
}

/** GET /rpc-api/reseller/sessions */
export const signedInSessionSchema = z.object({
  id: z.string(),
  /** Browser and operating system read from the User-Agent ("Chrome on Windows"). */
  device: z.string(),
  /** The country of the address the session signed in from, or "Unknown". */
  place: z.string(),
  /** The sign-in method's label ("Password", "SSO (SAML)", "SSO (OpenID Connect)"). */
  method: z.string(),
  createdAt: z.string(),
  /** When the session last made a call, to the minute. */
  lastActiveAt: z.string(),
  /** The session making this request ("This browser"). */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export const signedInSessionsSchema = z.object({ items: z.array(signedInSessionSchema) });
export type SignedInSessions = z.infer<typeof signedInSessionsSchema>;

/** POST /rpc-api/reseller/sessions/signOut */
export const signOutSessionSchema = z.object({ sessionId: z.string().trim().min(1).max(64) });
export type SignOutSessionRequest = z.infer<typeof signOutSessionSchema>;
export const signOutSessionResponseSchema = z.object({ ok: z.literal(true) });

/** POST /rpc-api/reseller/sessions/signOutOthers: how many sessions were signed out. */
export const signOutOthersResponseSchema = z.object({ count: z.number().int().nonnegative() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;
