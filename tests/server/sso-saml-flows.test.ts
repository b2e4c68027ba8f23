import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ssoTestOutcomes } from '../../src/domain/api/sso';
import { formatMessage } from '../../src/domain/messages';
import { DEMO_TOTP_SECRET } from '../../server/db/seed/reseller-account';
import { accessCookie } from '../../server/plugins/cookies';
import { samlLogoutUrl } from '../../server/services/sso/saml/logout';
import { spMetadataXml } from '../../server/services/sso/saml/sp';
import { totpCode } from '../../server/services/twofa/totp';
import { accountIdOfUser } from './helpers/accounts';
import { signedResponse, type IdpKeys, type ResponseShape } from './helpers/saml-idp';
import {
  ADMIN,
  configure,
  acme,
  ctx,
  expectRefused,
  expectSignedIn,
  idp,
  nextOf,
  otherKeys,
  post,
  setIdpInitiated,
  signInWith,
  spMetadata,
  startSignIn,
  t,
  useSamlSp,
} from './helpers/saml-sp-harness';

/*
 * SAML 2.0 sign-in, continued (sso-saml.test.ts has the message checks): IdP-initiated sign-in,
 * matching users only inside the account, two-factor, the admin's "Test sign-in" and single
 * logout.
 */

useSamlSp();

describe('IdP-initiated sign-in', () => {
  it('is refused while the admin has not turned it on', async () => {
    expectRefused(await post(await signedResponse(idp, spMetadata, { nameId: ADMIN })));
  });

  it('is accepted once the admin turns it on', async () => {
    await setIdpInitiated(true);
    expectSignedIn(await post(await signedResponse(idp, spMetadata, { nameId: ADMIN })));
  });
});

describe('the user is matched only inside the account', () => {
  it("never signs in a user of another account, even by that user's e-mail", async () => {
    const result = await signInWith({ nameId: 'trial@example.com' });
    expectRefused(result, formatMessage('sso.login.failed'));
    const bound = await t.db
      .selectFrom('sso_identities')
      .select('user_id')
      .where('subject', '=', 'trial@example.com')
      .execute();
    expect(bound).toEqual([]);
  });
});

describe('two-factor: skipped only when the IdP says a second factor was used', () => {
  const TWOFA = 'twofa@example.com';

  async function signInTwofa(authnContext: string) {
    const account = await accountIdOfUser(t.db, TWOFA);
    const { id } = await startSignIn(false, account);
    const metadata = await spMetadataXml(ctx, account);
    const saml = await signedResponse(idp, metadata, {
      nameId: TWOFA,
      inResponseTo: id,
      authnContext,
    });
    return post(saml, account);
  }

  beforeAll(async () => {
    await configure(await accountIdOfUser(t.db, TWOFA));
  });

  it("a password at the IdP leads to the console's own two-factor step", async () => {
    const result = await signInTwofa(
      'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
    );
    expect(nextOf(result.response.body)).toBe('/rpc-app/reseller/login?step=twofa');
    expect(result.browser.cookies.has(accessCookie('reseller'))).toBe(false);
  });

  it("after that step the session is still SAML's: its sign-out goes on to the IdP", async () => {
    const { browser } = await signInTwofa(
      'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
    );
    await browser.csrf();
    const passed = await browser.post('/rpc-api/reseller/twofa/login/validatePasscode', {
      otp: totpCode(DEMO_TOTP_SECRET),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    // It used to open a "password" session, whose sign-out stopped at the console.
    const out = await browser.request({
      url: '/rpc-api/reseller/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location?.startsWith(`${idp.sloUrl}?`)).toBe(true);
    // The step kept the assertion's NameID and SessionIndex for the IdP's sign-out.
    const request = logoutRequestOf(String(out.headers.location));
    expect(request).toContain(`>${TWOFA}</saml:NameID>`);
    expect(request).toMatch(
      /<saml2?p:SessionIndex[^>]*>_session[0-9a-f-]{36}<\/saml2?p:SessionIndex>/,
    );
  });

  it.each(['https://refeds.org/profile/mfa', 'urn:oasis:names:tc:SAML:2.0:ac:classes:MultiFactor'])(
    '%s signs in without it',
    async (context) => {
      expectSignedIn(await signInTwofa(context));
    },
  );
});

describe('"Test sign-in" reports what failed in plain words', () => {
  async function test(shape: ResponseShape) {
    const { id } = await startSignIn(true);
    const saml = await signedResponse(idp, spMetadata, {
      nameId: ADMIN,
      inResponseTo: id,
      ...shape,
    });
    return (await post(saml)).response.body;
  }

  it.each([
    ['certificate', { signWith: undefined as IdpKeys | undefined }],
    ['audience', { audience: 'https://another-sp.example.com/metadata' }],
    ['clock', { notOnOrAfter: -600 }],
    ['attribute', { nameId: '' }],
  ] as const)('%s', async (outcome, shape) => {
    const body = await test(outcome === 'certificate' ? { signWith: otherKeys } : shape);
    expect(body).toContain(ssoTestOutcomes[outcome].replace(/'/g, '&#39;'));
    expect(nextOf(body)).toBe(`/rpc-app/account/sso?ssoTest=${outcome}`);
  });

  it('success: reported, and no session started', async () => {
    const { id } = await startSignIn(true);
    const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id });
    const { response, browser } = await post(saml);
    expect(response.body).toContain(ssoTestOutcomes.ok);
    expect(browser.cookies.has(accessCookie('reseller'))).toBe(false);
  });
});

/** The LogoutRequest an SLO address carries (HTTP-Redirect binding: deflated, base64). */
function logoutRequestOf(location: string): string {
  const encoded = new URL(location).searchParams.get('SAMLRequest') ?? '';
  return zlib.inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
}

describe('single logout', () => {
  it("names the session's own NameID and SessionIndex, so the IdP ends that session", async () => {
    const { browser } = await signInWith();
    const out = await browser.request({
      url: '/rpc-api/reseller/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    const request = logoutRequestOf(String(out.headers.location));
    expect(request).toContain(`>${ADMIN}</saml:NameID>`);
    expect(request).toMatch(
      /<saml2?p:SessionIndex[^>]*>_session[0-9a-f-]{36}<\/saml2?p:SessionIndex>/,
    );
  });

  it("asks the IdP's SingleLogoutService to end the user's session, signed", async () => {
    expectSignedIn(await signInWith());
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    const url = new URL(
      (await samlLogoutUrl(ctx, { accountId: acme, userId: user.id })) ?? 'http://none',
    );
    expect(`${url.origin}${url.pathname}`).toBe(idp.sloUrl);
    expect(url.searchParams.get('Signature')).toBeTruthy();
    const request = zlib
      .inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'))
      .toString('utf8');
    expect(request).toContain('LogoutRequest');
    const subjects = await t.db
      .selectFrom('sso_identities')
      .select('subject')
      .where('user_id', '=', user.id)
      .execute();
    const nameId = /<saml:NameID[^>]*>([^<]+)<\/saml:NameID>/.exec(request)?.[1];
    expect(subjects.map((row) => row.subject)).toContain(nameId);
  });

  it('answers nothing for a user who never signed in through the IdP', async () => {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'subuser@example.com')
      .executeTakeFirstOrThrow();
    expect(await samlLogoutUrl(ctx, { accountId: acme, userId: user.id })).toBeUndefined();
  });
});
