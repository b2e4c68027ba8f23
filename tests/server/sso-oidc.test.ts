import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ssoMessages, ssoTestOutcomes } from '../../src/domain/api/sso';
import { formatMessage } from '../../src/domain/messages';
import { accessCookie } from '../../server/plugins/cookies';
import { oidcRedirectUri } from '../../server/services/sso/oidc';
import { Agent, errorOf } from './helpers/agent';
import { accountIdOfUser } from './helpers/accounts';
import { OpBrowser, startTestOp, type TestOp } from './helpers/oidc-op';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Single sign-on with OpenID Connect against a real OP we did not write (oidc-provider, on a
 * port of its own): the code flow over HTTP, each rule of issue 20's OIDC list refused with the
 * catalogue's message and no session, the user matched only inside the answering account, and
 * the administrator's settings calls.
 */

const ADMIN = 'reseller@example.com';
const SSO_USER = 'subuser@example.com';
const NON_SSO_USER = 'subadmin@example.com';
const AUTH_ERROR = 'An error occured during authentication. Enter valid credentials.';
const LOGIN_FAILED = 'Could not login. Contact admin for assistance.';
const NOT_ENABLED =
  'Your account is not SSO-enabled. Sign in to non-SSO account or contact admin to enable SSO.';
const CONFIG = '/rpc-api/reseller/sso/config';

let t: TestApp;
let op: TestOp;
let acme: string;
let ip = 1;
const agentAt = () => new Agent(t.app, `10.20.0.${String(ip++)}`);
let admin: Agent;

/** The path and query of a URL on our server, for inject. */
const local = (url: URL) => `${url.pathname}${url.search}`;

/** Where the finish page sends the browser (its meta refresh). */
const finishTarget = (response: LightMyRequestResponse) =>
  /http-equiv="refresh" content="0;url=([^"]+)"/.exec(response.body)?.[1]?.replace(/&#38;/g, '&');

const hasSession = (response: LightMyRequestResponse) =>
  response.cookies.some((cookie) => cookie.name === accessCookie('reseller') && cookie.value);

/** "Sign in with SSO" with `login`, then at the OP as `opEmail`: the callback URL it sends back. */
async function throughOp(agent: Agent, opEmail: string, login = SSO_USER): Promise<URL> {
  if (!agent.cookies.has('XSRF-TOKEN')) await agent.csrf();
  const start = await agent.post('/rpc-api/reseller/sso/start', { login });
  expect(start.statusCode, start.body).toBe(200);
  const { redirectUrl } = start.json<{ message: { redirectUrl: string } }>().message;
  expect(redirectUrl.startsWith(`${op.issuer}/auth?`)).toBe(true);
  const params = new URL(redirectUrl).searchParams;
  expect(params.get('code_challenge_method')).toBe('S256');
  expect(params.get('nonce')).toBeTruthy();
  return new OpBrowser().signIn(redirectUrl, opEmail);
}

function expectRefused(response: LightMyRequestResponse, message: string, kind: string) {
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain(message);
  expect(finishTarget(response)).toBe(`/rpc-app/reseller/login?ssoError=${kind}`);
  expect(hasSession(response)).toBe(false);
}

async function userIdOf(email: string) {
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('account_id', '=', acme)
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await accountIdOfUser(t.db, ADMIN);
  op = await startTestOp(oidcRedirectUri(t.config.publicOrigin), [
    { sub: 'op-subuser', email: SSO_USER, emailVerified: true },
    { sub: 'op-subadmin', email: NON_SSO_USER, emailVerified: true },
    { sub: 'op-admin', email: ADMIN, emailVerified: true },
    // A user of another account (Brightside's administrator): never matched in Acme.
    { sub: 'op-other-tenant', email: 'trial@example.com', emailVerified: true },
    { sub: 'op-unverified', email: 'reseller-unverified@example.com', emailVerified: false },
    { sub: 'op-newcomer', email: 'newcomer@example.com', emailVerified: true },
  ]);
  admin = agentAt();
  expect((await admin.signIn('reseller', ADMIN)).statusCode).toBe(200);
});

afterAll(async () => {
  await op.close();
  await t.close();
});

describe('the admin settings calls', () => {
  it('answer 401 signed out and 403 to a sub-user, whose role has no SSO settings', async () => {
    expect((await agentAt().get(CONFIG)).statusCode).toBe(401);
    const sub = agentAt();
    expect((await sub.signIn('reseller', SSO_USER)).statusCode).toBe(200);
    expect((await sub.get(CONFIG)).statusCode).toBe(403);
    const save = await sub.post(CONFIG, { protocol: 'oidc', oidcIssuer: op.issuer });
    expect(save.statusCode).toBe(403);
    expect((await sub.post('/rpc-api/reseller/sso/enable', { scope: 'account' })).statusCode).toBe(
      403,
    );
  });

  it('refuse incomplete or unreachable settings, naming the field, and save nothing', async () => {
    const noIssuer = await admin.post(CONFIG, { protocol: 'oidc', oidcClientId: 'x' });
    expect(noIssuer.statusCode).toBe(422);
    expect(errorOf(noIssuer)?.field).toBe('oidcIssuer');
    const badProtocol = await admin.post(CONFIG, { protocol: 'ldap' });
    expect(badProtocol.statusCode).toBe(400);
    const noSecret = await admin.post(CONFIG, {
      protocol: 'oidc',
      oidcIssuer: op.issuer,
      oidcClientId: op.clientId,
    });
    expect(errorOf(noSecret)?.field).toBe('oidcClientSecret');
    const unreachable = await admin.post(CONFIG, {
      protocol: 'oidc',
      oidcIssuer: 'http://127.0.0.1:9/nothing',
      oidcClientId: op.clientId,
      oidcClientSecret: op.clientSecret,
    });
    expect(unreachable.statusCode).toBe(422);
    expect(errorOf(unreachable)?.field).toBe('oidcIssuer');
    const notHttps = await admin.post(CONFIG, {
      protocol: 'oidc',
      oidcIssuer: 'http://idp.example.com',
      oidcClientId: op.clientId,
      oidcClientSecret: op.clientSecret,
    });
    expect(errorOf(notHttps)?.message).toBe('The issuer URL must use https://.');
    const view = (await admin.get(CONFIG)).json<{ message: { configured: boolean } }>().message;
    expect(view.configured).toBe(false);
  });

  it('save the issuer and client; the secret is sealed and never sent back', async () => {
    const saved = await admin.post(CONFIG, {
      protocol: 'oidc',
      oidcIssuer: op.issuer,
      oidcClientId: op.clientId,
      oidcClientSecret: op.clientSecret,
      jitProvisioning: 'false',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = await admin.get(CONFIG);
    expect(view.body).not.toContain(op.clientSecret);
    const message = view.json<{ message: Record<string, unknown> }>().message;
    expect(message).toMatchObject({
      configured: true,
      protocol: 'oidc',
      oidcIssuer: op.issuer,
      hasClientSecret: true,
      testedAt: null,
      oidcRedirectUri: oidcRedirectUri(t.config.publicOrigin),
    });
    const row = await t.db
      .selectFrom('sso_configs')
      .select('oidc_client_secret_sealed')
      .where('account_id', '=', acme)
      .executeTakeFirstOrThrow();
    expect(row.oidc_client_secret_sealed).not.toContain(op.clientSecret);
    const log = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', acme)
      .where('action', '=', 'sso.config.saved')
      .execute();
    expect(log).toHaveLength(1);
  });

  it('"Test sign-in" names what failed in plain words: signature, audience', async () => {
    for (const [tamper, outcome] of [
      ['other-key', 'certificate'],
      ['audience', 'audience'],
    ] as const) {
      const test = await admin.post('/rpc-api/reseller/sso/test');
      const { redirectUrl } = test.json<{ message: { redirectUrl: string } }>().message;
      const callback = await new OpBrowser().signIn(redirectUrl, ADMIN);
      op.tamper = tamper;
      const finish = await agentAt().get(local(callback));
      expect(finishTarget(finish)).toBe(`/rpc-app/account/sso?ssoTest=${outcome}`);
      expect(finish.body).toContain(ssoTestOutcomes[outcome].replace(/'/g, '&#39;'));
      expect(hasSession(finish)).toBe(false);
    }
    const view = (await admin.get(CONFIG)).json<{ message: { testedAt: string | null } }>();
    expect(view.message.testedAt).toBeNull();
  });

  it('refuse to turn SSO on before a successful test', async () => {
    const early = await admin.post('/rpc-api/reseller/sso/enable', { scope: 'account' });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early)?.message).toBe(ssoMessages.testFirst);
  });

  it('"Test sign-in" reports in plain words, sets tested_at and starts no session', async () => {
    const test = await admin.post('/rpc-api/reseller/sso/test');
    expect(test.statusCode).toBe(200);
    const { redirectUrl } = test.json<{ message: { redirectUrl: string } }>().message;
    const callback = await new OpBrowser().signIn(redirectUrl, ADMIN);
    const browser = agentAt();
    const finish = await browser.get(local(callback));
    expect(finish.body).toContain(ssoTestOutcomes.ok);
    expect(finishTarget(finish)).toBe('/rpc-app/account/sso?ssoTest=ok');
    expect(hasSession(finish)).toBe(false);
    const view = (await admin.get(CONFIG)).json<{ message: { testedAt: string | null } }>();
    expect(view.message.testedAt).not.toBeNull();
  });

  it('turn SSO on for chosen users of this account only', async () => {
    const otherTenant = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'trial@example.com')
      .executeTakeFirstOrThrow();
    const refused = await admin.post('/rpc-api/reseller/sso/enable', {
      scope: 'users',
      userIds: `${await userIdOf(SSO_USER)},${otherTenant.id}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)?.message).toBe(ssoMessages.unknownUsers);
    const enabled = await admin.post('/rpc-api/reseller/sso/enable', {
      scope: 'users',
      userIds: await userIdOf(SSO_USER),
    });
    expect(enabled.json<{ message: { users: number } }>().message.users).toBe(1);
    const flags = await t.db
      .selectFrom('users')
      .select(['email', 'sso_flag', 'user_sso_status'])
      .where('account_id', '=', acme)
      .where('email', 'in', [SSO_USER, NON_SSO_USER, ADMIN])
      .execute();
    const byEmail = Object.fromEntries(flags.map((row) => [row.email, row]));
    expect(byEmail[SSO_USER]).toMatchObject({ sso_flag: 1, user_sso_status: 1 });
    expect(byEmail[NON_SSO_USER]).toMatchObject({ sso_flag: 1, user_sso_status: 0 });
    // Break-glass: the administrator keeps the password sign-in.
    expect(byEmail[ADMIN]).toMatchObject({ user_sso_status: 0 });
    expect((await agentAt().signIn('reseller', ADMIN)).statusCode).toBe(200);
    const password = await agentAt().signIn('reseller', SSO_USER);
    expect(errorOf(password)?.message).toBe(formatMessage('sso.enabled'));
  });
});

describe('signing in through the OP', () => {
  it('opens the password path session and lands on the console', async () => {
    const browser = agentAt();
    const finish = await browser.get(local(await throughOp(browser, SSO_USER)));
    expect(finish.statusCode).toBe(200);
    expect(finish.headers['content-type']).toContain('text/html');
    expect(hasSession(finish)).toBe(true);
    expect(finishTarget(finish)).toBe('/rpc-app/reseller/sso/done?next=%2Fhome');
    const info = await browser.get('/rpc-api/reseller/user_info');
    expect(info.statusCode).toBe(200);
    expect(info.body).toContain(SSO_USER);
    const session = await t.db
      .selectFrom('sessions')
      .select('sign_in_method')
      .where('subject_id', '=', await userIdOf(SSO_USER))
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.sign_in_method).toBe('sso_oidc');
    const logged = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', await userIdOf(SSO_USER))
      .where('action', '=', 'signin.sso')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
  });

  it('refuses a state it never issued, and a state used twice', async () => {
    const browser = agentAt();
    const callback = await throughOp(browser, SSO_USER);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-a-state-we-sent');
    expectRefused(await agentAt().get(local(forged)), AUTH_ERROR, 'auth');
    expect(hasSession(await browser.get(local(callback)))).toBe(true);
    expectRefused(await agentAt().get(local(callback)), AUTH_ERROR, 'auth');
  });

  it('refuses a sign-in that came back after its request expired', async () => {
    const browser = agentAt();
    const callback = await throughOp(browser, SSO_USER);
    await t.db
      .updateTable('sso_requests')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', callback.searchParams.get('state') ?? '')
      .execute();
    expectRefused(await browser.get(local(callback)), AUTH_ERROR, 'auth');
  });

  for (const tamper of ['nonce', 'other-key', 'audience'] as const) {
    it(`refuses an ID token with ${tamper === 'nonce' ? 'another nonce' : tamper === 'audience' ? 'another audience' : "another key's signature"}`, async () => {
      const browser = agentAt();
      const callback = await throughOp(browser, SSO_USER);
      op.tamper = tamper;
      expectRefused(await browser.get(local(callback)), AUTH_ERROR, 'auth');
    });
  }

  it('never matches a user of another account with the same e-mail', async () => {
    const browser = agentAt();
    const finish = await browser.get(local(await throughOp(browser, 'trial@example.com')));
    expectRefused(finish, LOGIN_FAILED, 'login');
    const bound = await t.db
      .selectFrom('sso_identities')
      .select('user_id')
      .where('subject', '=', 'op-other-tenant')
      .execute();
    expect(bound).toHaveLength(0);
  });

  it('refuses an e-mail the OP has not verified', async () => {
    const browser = agentAt();
    const finish = await browser.get(
      local(await throughOp(browser, 'reseller-unverified@example.com')),
    );
    expectRefused(finish, LOGIN_FAILED, 'login');
  });

  it('refuses a user whose SSO is off with the spec message', async () => {
    const browser = agentAt();
    const finish = await browser.get(local(await throughOp(browser, NON_SSO_USER)));
    expectRefused(finish, NOT_ENABLED, 'not-enabled');
    const stranger = agentAt();
    await stranger.csrf();
    const early = await stranger.post('/rpc-api/reseller/sso/start', { login: NON_SSO_USER });
    expect(early.statusCode).toBe(403);
    expect(errorOf(early)?.message).toBe(NOT_ENABLED);
    const nobody = await stranger.post('/rpc-api/reseller/sso/start', {
      login: 'nobody@nowhere.example',
    });
    expect(errorOf(nobody)?.message).toBe(NOT_ENABLED);
  });

  it('refuses an unknown user, and creates them as a sub-user when the admin allows', async () => {
    const browser = agentAt();
    expectRefused(
      await browser.get(local(await throughOp(browser, 'newcomer@example.com'))),
      LOGIN_FAILED,
      'login',
    );
    await admin.post(CONFIG, {
      protocol: 'oidc',
      oidcIssuer: op.issuer,
      oidcClientId: op.clientId,
      jitProvisioning: 'true',
    });
    const again = agentAt();
    const finish = await again.get(local(await throughOp(again, 'newcomer@example.com')));
    expect(hasSession(finish)).toBe(true);
    const created = await t.db
      .selectFrom('users')
      .select(['account_id', 'role', 'sso_flag', 'user_sso_status'])
      .where('email', '=', 'newcomer@example.com')
      .executeTakeFirstOrThrow();
    expect(created).toEqual({
      account_id: acme,
      role: 'sub_user',
      sso_flag: 1,
      user_sso_status: 1,
    });
  });

  it('sends a sign-out of an OIDC session on to the OP end_session_endpoint', async () => {
    const browser = agentAt();
    await browser.get(local(await throughOp(browser, SSO_USER)));
    const out = await browser.request({
      url: '/rpc-api/reseller/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toMatch(new RegExp(`^${op.issuer}/session/end\\?`));
    expect((await browser.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
    // The session's own ID token goes with it as id_token_hint (some providers require it).
    const endSession = new URL(String(out.headers.location));
    const hint = endSession.searchParams.get('id_token_hint') ?? '';
    const claims = JSON.parse(Buffer.from(hint.split('.')[1] ?? '', 'base64url').toString()) as {
      aud: string;
      iss: string;
    };
    expect(claims).toMatchObject({ aud: op.clientId, iss: op.issuer });
    // Kept with the session sealed, never as the token itself.
    const kept = await t.db
      .selectFrom('sessions')
      .select('sso_logout_sealed')
      .where('sign_in_method', '=', 'sso_oidc')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept.sso_logout_sealed).toMatch(/^v1\./);
    expect(kept.sso_logout_sealed).not.toContain(hint.split('.')[1]);
    // The OP takes it (an unknown or forged hint is answered with an error page).
    const atOp = await fetch(endSession, { redirect: 'manual' });
    expect(atOp.status).toBeLessThan(400);
  });
});
