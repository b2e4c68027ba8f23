/*
 * The sign-in page's part of single sign-on, kept apart from the zod contracts (api/sso.ts) so
 * the sign-in page's bundle stays free of zod.
 */

/** "Sign in with SSO": the console page with the e-mail or SSO name form. */
export const SSO_SIGN_IN_PATH = '/reseller/sso';
/**
 * Where an SSO sign-in that has opened the session (the cookies are set) lands: the page marks
 * this browser signed in, as the password sign-in does, and goes on to the page in `next`.
 */
export const SSO_DONE_PATH = '/reseller/sso/done';
/** The query parameter that brings a refused SSO sign-in back to the sign-in page. */
export const SSO_ERROR_PARAM = 'ssoError';

/** Which catalogue message a refused sign-in shows on the sign-in page (messages.ts keys). */
export const ssoErrorMessageKeys = {
  saml: 'sso.saml.failed',
  login: 'sso.login.failed',
  auth: 'sso.auth.error',
  'not-enabled': 'sso.not.enabled',
} as const;
export type SsoErrorKind = keyof typeof ssoErrorMessageKeys;
