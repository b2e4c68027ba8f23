/*
 * The API routes that need no session, each with its reason: the one allow list the
 * route-table suites (security-routes, tenant-isolation) share. Every other API route is private.
 */

/** API reads anyone may make. */
export const PUBLIC_READS: ReadonlySet<string> = new Set([
  '/rpc-api/config', // product name and support e-mail for the sign-in pages
  '/rpc-api/iplocation', // the visitor's country, before sign-in (data-centre choice)
  '/rpc-api/health', // load balancer probe
  '/rpc-api/health/live', // liveness probe: answers, nothing else
  '/rpc-api/health/ready', // readiness probe: database, migrations, draining (no data)
  '/rpc-api/metrics', // a bearer METRICS_TOKEN checked in the handler; 404 without it
  '/rpc-api/dc/probes', // data-centre test images, timed before sign-in (invited-user signup)
  '/rpc-api/dc/probe/:file', // the 1x1 test image itself, no data
  '/rpc-api/openapi.json', // the published API description
  '/reseller-api/openapi.json', // the reseller API's part of it, for integrators
  '/reseller-api/docs', // its docs page
  '/reseller-api/docs/init.js', // the docs page's script (no inline scripts)
  '/rpc-api/reseller/logout', // logout pages must work with an expired session
  '/rpc-api/partner/logout',
  '/rpc-api/reseller/redirect/reseller_login', // a redirect, no data
  '/rpc-api/reset_password/check', // the reset page checks its e-mailed link before sign-in
  '/rpc-api/partner/countries', // country list of the public partner signup form
  '/rpc-api/partner/states', // state list of the public partner signup form
  '/rpc-api/reseller/invite/check', // the invited user has no account yet; the link is the credential
  '/rpc-api/captcha/challenge', // a signed proof-of-work challenge, before signup
  '/rpc-api/reseller/signup', // the plans and countries of the public signup form
  '/rpc-api/chromebook/captcha/verify/response', // the Chromebook app polls its own session's pass
  '/rpc-api/sso/saml/:accountId/metadata.xml', // SAML SP metadata identity providers fetch: no secret
  '/rpc-api/sso/saml/:accountId/slo', // the IdP's way back after single logout: a redirect, no data
  '/rpc-api/reseller/sso/start', // "Sign in with SSO" as a link: a redirect to the IdP, no data
  '/rpc-api/reseller/sso/oidc/callback', // the OIDC IdP's way back: state, PKCE and ID token checked
]);

/** State-changing API calls made before there is a session (they still need the CSRF token). */
export const PUBLIC_WRITES: ReadonlySet<string> = new Set([
  '/rpc-api/csrf', // issues the CSRF token itself, so it cannot require one
  '/rpc-api/reseller/user_signin',
  '/rpc-api/partner/user_signin',
  '/rpc-api/partner/partnerSignup', // partner signup, step one: there is no account yet
  '/rpc-api/partner/continuePartenrSignup', // partner signup, step two: creates the account
  '/rpc-api/partner/forgotPasswordLink', // a partner who forgot the password has no session
  '/rpc-api/partner/resetpartner_password', // authenticated by the e-mailed link's token
  '/rpc-api/partner/email/confirm', // the single-use token of the link mailed to the new address
  '/rpc-api/reseller/support/otp_signin',
  '/rpc-api/forgot_password', // a signed-out user asks for a reset link
  '/rpc-api/reset_password', // authenticated by the single-use token of the e-mailed link
  '/rpc-api/reseller/account/change/email/confirm', // the e-mailed link's single-use token
  '/rpc-api/reseller/auth/v1/refresh-token', // authenticated by the refresh cookie instead
  '/rpc-api/partner/auth/v1/refresh-token',
  '/rpc-api/reseller/invitedUserSignup', // invited-user signup: no account yet, the link is the credential
  '/rpc-api/reseller/freeRBSTrialSignup', // self-service signup: no account yet, behind the captcha
  '/rpc-api/reseller/paidRBSSignup',
  '/rpc-api/reseller/registration/process', // the signup's mailed single-use verification token
  '/rpc-api/chromebook/captcha/verify', // the captcha itself is the check
  '/rpc-api/reseller/sso/start', // "Sign in with SSO": there is no session until the IdP answers
]);

/**
 * Identity providers' answers posted by the browser (policy 'identity-provider'): anonymous and
 * without a CSRF token (none can exist on a cross-site form POST); the signed message is checked
 * instead (tests/server/sso-saml.test.ts).
 */
export const IDENTITY_PROVIDER_POSTS: ReadonlySet<string> = new Set([
  '/rpc-api/sso/saml/:accountId/acs',
]);

/** Whether a route of the route table needs no session (reads and writes have separate lists). */
export const isPublicRoute = (route: { method: string; url: string }): boolean =>
  route.method === 'GET' || route.method === 'HEAD'
    ? PUBLIC_READS.has(route.url)
    : PUBLIC_WRITES.has(route.url);
