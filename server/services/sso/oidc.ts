import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as Client from 'openid-client';
import type { SsoTestOutcome } from '../../../src/domain/api/sso';
import type { AppContext } from '../../context';
import { addSeconds, nowIso } from '../clock';
import { randomToken, sha256 } from '../crypto';
import { completeSsoSignIn, SsoError, type SsoOutcome } from './complete-sign-in';
import { loadSsoConfig, openClientSecret, type SsoConfig } from './config';
import type { FlowState } from './finish-page';

/*
 * The OpenID Connect relying party: openid-client (a certified RP library) does discovery, the
 * authorization code flow with PKCE, and checks the ID token's signature (the issuer's JWKS) and
 * claims (iss, aud, azp, exp, iat, nonce). The state, nonce and PKCE verifier live in
 * sso_requests, so any instance can finish a sign-in another started, and each is used once.
 */

/**
 * openid-client is loaded on the first OIDC sign-in, not at start-up: most deployments never use
 * it, and every server test file builds an app (its import costs about a second per file).
 */
const loadClient = () => import('openid-client');

export const OIDC_CALLBACK_PATH = '/rpc-api/reseller/sso/oidc/callback';
/** How long a sign-in sent to the IdP may take to come back. */
export const OIDC_REQUEST_TTL_SECONDS = 600;
/** Discovery documents and keys are re-read at most this often (a cache, not state). */
const DISCOVERY_TTL_MS = 5 * 60_000;
const SCOPE = 'openid email profile';

export const oidcRedirectUri = (publicOrigin: string) => `${publicOrigin}${OIDC_CALLBACK_PATH}`;

/** An issuer stored as a path (the demo's /demo-idp) is on this server's public origin. */
export const resolveIssuer = (issuer: string, publicOrigin: string): string =>
  issuer.startsWith('/') ? `${publicOrigin}${issuer}` : issuer;

/** Plain HTTP only to this machine (the demo IdP and the tests' OP); HTTPS everywhere else. */
const isLoopback = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const discovered = new Map<string, { at: number; config: Promise<Client.Configuration> }>();

/** The issuer's configuration (discovery), for this client. */
export function oidcConfiguration(
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<Client.Configuration> {
  const key = `${issuer}\n${clientId}\n${sha256(clientSecret)}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const url = new URL(issuer);
  // The ID token's signature is checked against the issuer's keys even though it comes straight
  // from the token endpoint (OIDC lets a client rely on TLS there; openid-client then skips it).
  const config = loadClient().then((client) => {
    const execute = [client.enableNonRepudiationChecks];
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated to stand out: meant for this machine only, as isLoopback ensures
    if (isLoopback(url)) execute.push(client.allowInsecureRequests);
    return client.discovery(url, clientId, clientSecret, undefined, { execute, timeout: 10 });
  });
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => discovered.delete(key));
  return config;
}

async function configurationOf(ctx: AppContext, sso: SsoConfig): Promise<Client.Configuration> {
  const secret = openClientSecret(ctx.secrets.fieldKey, sso);
  if (sso.protocol !== 'oidc' || !sso.oidc.issuer || !sso.oidc.clientId || !secret) {
    throw new SsoError('login', 'idp', 'the account has no complete OpenID Connect configuration');
  }
  try {
    const issuer = resolveIssuer(sso.oidc.issuer, ctx.config.publicOrigin);
    return await oidcConfiguration(issuer, sso.oidc.clientId, secret);
  } catch (error) {
    throw new SsoError('login', 'idp', `discovery of ${sso.oidc.issuer} failed: ${String(error)}`);
  }
}

/**
 * Sends the browser to the identity provider: records the request (state = its id, nonce, PKCE
 * verifier) and answers the IdP's authorization URL.
 */
export async function startOidcSignIn(
  ctx: AppContext,
  sso: SsoConfig,
  options: { returnPath: string | null; testOnly: boolean },
): Promise<string> {
  const configuration = await configurationOf(ctx, sso);
  const client = await loadClient();
  const state = randomToken(32);
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const now = nowIso();
  await ctx.db
    .insertInto('sso_requests')
    .values({
      id: state,
      account_id: sso.accountId,
      protocol: 'oidc',
      nonce,
      code_verifier: verifier,
      return_path: options.returnPath ?? '',
      test_only: options.testOnly ? 1 : 0,
      created_at: now,
      expires_at: addSeconds(now, OIDC_REQUEST_TTL_SECONDS),
    })
    .execute();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(ctx.config.publicOrigin),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    // The admin's test always shows the IdP's sign-in, so it tests the whole way.
    ...(options.testOnly && { prompt: 'login' }),
  });
  return url.href;
}

/** Takes the pending request named by `state`, once: a second use finds it used. */
async function takeRequest(ctx: AppContext, state: string | undefined, flow: FlowState) {
  if (!state) throw new SsoError('auth', 'request', 'the callback carries no state');
  const row = await ctx.db
    .selectFrom('sso_requests')
    .selectAll()
    .where('id', '=', state)
    .where('protocol', '=', 'oidc')
    .executeTakeFirst();
  if (!row) throw new SsoError('auth', 'request', 'unknown state');
  flow.accountId = row.account_id;
  flow.testOnly = row.test_only === 1;
  const now = nowIso();
  const taken = await ctx.db
    .updateTable('sso_requests')
    .set({ used_at: now })
    .where('id', '=', state)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new SsoError('auth', 'request', 'state reused');
  if (row.expires_at <= now) throw new SsoError('auth', 'request', 'request expired');
  return row;
}

/** What failed, in the test report's words, from openid-client's error and its causes. */
function outcomeOf(error: unknown): SsoTestOutcome {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, message, claim, cause } = current as Record<string, unknown>;
    parts.push([code, message, claim].filter((part) => typeof part === 'string').join(' '));
    current = cause;
  }
  const text = parts.join(' | ');
  if (/TIMESTAMP_CHECK/.test(text)) return 'clock';
  if (/signature|KEY_SELECTION/i.test(text)) return 'certificate';
  if (/"aud"|"azp"|"iss"|\b(aud|azp|iss)\b/.test(text)) return 'audience';
  if (/nonce|state/.test(text)) return 'request';
  return 'idp';
}

/**
 * The IdP's redirect back: trades the code (with the PKCE verifier) for tokens, lets
 * openid-client check the ID token, then finishes through completeSsoSignIn.
 */
export async function finishOidcSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowState,
  query: Record<string, string | undefined>,
): Promise<SsoOutcome> {
  const row = await takeRequest(ctx, query.state, flow);
  const sso = await loadSsoConfig(ctx.db, row.account_id);
  if (!sso) throw new SsoError('login', 'idp', 'the configuration was removed');
  const configuration = await configurationOf(ctx, sso);
  // The URL the IdP sent the browser to, on our public origin (the redirect_uri it must match).
  const currentUrl = new URL(request.url, ctx.config.publicOrigin);
  const client = await loadClient();
  let claims: Client.IDToken | undefined;
  let idToken: string | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: row.code_verifier ?? '',
      expectedState: row.id,
      expectedNonce: row.nonce ?? '',
      idTokenExpected: true,
    });
    claims = tokens.claims();
    idToken = tokens.id_token;
  } catch (error) {
    throw new SsoError('auth', outcomeOf(error), `OIDC code exchange refused: ${String(error)}`);
  }
  if (!claims?.sub) throw new SsoError('auth', 'attribute', 'the ID token has no subject');
  const amr = Array.isArray(claims.amr) ? claims.amr.map(String) : [];
  return completeSsoSignIn(ctx, request, reply, {
    accountId: row.account_id,
    protocol: 'oidc',
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true,
    // RFC 8176 method values that mean a second factor was used at the IdP.
    mfaDone: amr.some((method) => ['mfa', 'otp', 'hwk', 'swk', 'sms'].includes(method)),
    testOnly: row.test_only === 1,
    returnPath: row.return_path || null,
    ...(idToken ? { logoutHint: { protocol: 'oidc' as const, idToken } } : {}),
  });
}

/**
 * Where the console goes after our logout when the session was opened through this account's
 * OIDC IdP and the IdP publishes an end_session_endpoint (RP-initiated logout), else null.
 * `idToken`: the session's own ID token, sent as `id_token_hint` (some providers refuse a
 * sign-out without it; others then ask the user to confirm).
 */
export async function oidcLogoutUrl(
  ctx: AppContext,
  accountId: string,
  postLogoutPath: string,
  idToken?: string,
): Promise<string | null> {
  const sso = await loadSsoConfig(ctx.db, accountId);
  if (sso?.protocol !== 'oidc') return null;
  try {
    const configuration = await configurationOf(ctx, sso);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const client = await loadClient();
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: `${ctx.config.publicOrigin}${postLogoutPath}`,
      client_id: sso.oidc.clientId ?? '',
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  } catch {
    // The IdP being unreachable must not stop our own sign-out.
    return null;
  }
}
