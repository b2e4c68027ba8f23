import { z } from 'zod';
import { checkboxField } from './checkbox-field';
import { BEYOND_SCHEMA } from './envelope';

export * from '../sso-sign-in';

/*
 * Single sign-on (SAML 2.0 and OpenID Connect) for reseller accounts: the admin's "Single
 * sign-on" screen and the user's "Sign in with SSO". The catalogue's messages are in
 * messages.ts ('sso.*').
 */

export const ssoProtocols = ['saml', 'oidc'] as const;
export type SsoProtocolName = (typeof ssoProtocols)[number];
export const ssoScopes = ['off', 'account', 'users'] as const;

/** The query parameter that brings the outcome of "Test sign-in" back to the admin screen. */
export const SSO_TEST_PARAM = 'ssoTest';
/**
 * What "Test sign-in" reports, in plain words. The protocol code classifies what failed; the
 * details (which certificate, which audience) go to the server log.
 */
export const ssoTestOutcomes = {
  ok: 'The test sign-in worked: the identity provider signed you in and you were recognised.',
  certificate:
    "The identity provider's signature could not be checked: the certificate or signing key does not match the one configured.",
  audience:
    'The identity provider answered for another application: the audience or client id does not match this console.',
  clock:
    "The identity provider's answer was outside its validity period: check the clocks, or try again.",
  attribute:
    "The identity provider's answer lacks what identifies the user: send the e-mail address (verified) or a stable subject.",
  request:
    'The sign-in did not come back as sent: it expired, was used already or was started elsewhere. Try again.',
  user: 'You were signed in at the identity provider, but no user of this account matches the identity it sent.',
  idp: 'The identity provider could not be reached or refused the sign-in: check its address and the client settings.',
} as const;
export type SsoTestOutcome = keyof typeof ssoTestOutcomes;
export const isSsoTestOutcome = (value: string): value is SsoTestOutcome =>
  Object.hasOwn(ssoTestOutcomes, value);

/** "Sign in with SSO": the user's e-mail or the account's SSO name. */
export const ssoStartSchema = z.object({
  login: z.string().trim().min(1, 'Enter your e-mail or SSO name.').max(254),
  returnPath: z.string().max(2000).optional(),
});
/** The answer to the sign-in page's POST: the identity provider's address to go to. */
export const ssoStartResponseSchema = z.object({ redirectUrl: z.string() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

/** POST /rpc-api/reseller/sso/config: the admin's settings (the client secret only when changed). */
export const ssoConfigInputSchema = z
  .object({
    protocol: z.enum(ssoProtocols),
    ssoName: z
      .string()
      .trim()
      .toLowerCase()
      .max(64)
      .regex(/^[a-z0-9][a-z0-9._-]*$|^$/, 'Use letters, digits, dots, dashes or underscores.')
      .optional(),
    samlMetadataXml: optionalText(200_000),
    samlMetadataUrl: optionalText(2000).pipe(
      z.url({ protocol: /^https?$/, message: 'Enter the metadata URL (https://...).' }).optional(),
    ),
    oidcIssuer: optionalText(2000).pipe(
      z.url({ protocol: /^https?$/, message: 'Enter the issuer URL (https://...).' }).optional(),
    ),
    oidcClientId: optionalText(500),
    oidcClientSecret: optionalText(2000),
    allowIdpInitiated: checkboxField,
    jitProvisioning: checkboxField,
  })
  .superRefine((value, ctx) => {
    if (value.protocol === 'saml' && !value.samlMetadataXml && !value.samlMetadataUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['samlMetadataXml'],
        message: "Paste the identity provider's metadata XML or give its metadata URL.",
        params: BEYOND_SCHEMA,
      });
    }
    if (value.protocol === 'oidc' && !value.oidcIssuer) {
      ctx.addIssue({
        code: 'custom',
        path: ['oidcIssuer'],
        message: 'Enter the issuer URL.',
        params: BEYOND_SCHEMA,
      });
    }
    if (value.protocol === 'oidc' && !value.oidcClientId) {
      ctx.addIssue({
        code: 'custom',
        path: ['oidcClientId'],
        message: 'Enter the client id.',
        params: BEYOND_SCHEMA,
      });
    }
  });
export type SsoConfigInputBody = z.input<typeof ssoConfigInputSchema>;

/** GET /rpc-api/reseller/sso/config: never carries the client secret, only whether one is set. */
export const ssoConfigViewSchema = z.object({
  configured: z.boolean(),
  protocol: z.enum(ssoProtocols).nullable(),
  scope: z.enum(ssoScopes),
  ssoName: z.string(),
  samlMetadataUrl: z.string(),
  samlIdpEntityId: z.string(),
  samlIdpSsoUrl: z.string(),
  oidcIssuer: z.string(),
  oidcClientId: z.string(),
  hasClientSecret: z.boolean(),
  allowIdpInitiated: z.boolean(),
  jitProvisioning: z.boolean(),
  testedAt: z.string().nullable(),
  /** What to paste into the identity provider for OpenID Connect. */
  oidcRedirectUri: z.string(),
  /** The users of the account, with whether SSO is on for each (for "chosen users"). */
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      ssoEnabled: z.boolean(),
    }),
  ),
});
export type SsoConfigView = z.infer<typeof ssoConfigViewSchema>;

/** POST /rpc-api/reseller/sso/enable: the whole account, chosen users, or off. */
export const ssoEnableSchema = z.object({
  scope: z.enum(ssoScopes),
  /** Comma-separated user ids, for scope "users". */
  userIds: z
    .string()
    .max(40_000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
});

/** POST /rpc-api/reseller/sso/test: where to send the admin to try the sign-in. */
export const ssoTestResponseSchema = ssoStartResponseSchema;

export const ssoMessages = {
  breakGlass:
    'You, the administrator, keep your password sign-in when SSO is on, so a broken identity provider cannot lock the account out.',
  testFirst: 'Run "Test sign-in" successfully before turning single sign-on on.',
  notConfigured: 'Save the single sign-on settings first.',
  unknownUsers: 'Some of the chosen users are not users of this account.',
} as const;
