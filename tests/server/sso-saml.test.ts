import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoTestOutcomes } from '../../src/domain/api/sso';
import { formatMessage } from '../../src/domain/messages';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { accessCookie } from '../../server/plugins/cookies';
import { loadSecrets } from '../../server/services/secrets';
import { loadSsoConfig, saveSsoConfig } from '../../server/services/sso/config';
import { samlLogoutUrl } from '../../server/services/sso/saml/logout';
import { parseIdpMetadata } from '../../server/services/sso/saml/metadata';
import { spMetadataXml } from '../../server/services/sso/saml/sp';
import { startSamlSignIn } from '../../server/services/sso/saml/start';
import { Agent } from './helpers/agent';
import { accountIdOfUser } from './helpers/accounts';
import {
  decode,
  encode,
  idpKeys,
  idpMetadataXml,
  signedResponse,
  unsignedResponse,
  type IdpKeys,
  type ResponseShape,
  type TestIdp,
} from './helpers/saml-idp';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * SAML 2.0 sign-in against an identity provider we did not write (samlify signs its answers):
 * every rule of issue 20's security list, each failure answering the catalogue's message on the
 * page and, for the admin's "Test sign-in", the plain-words class of what failed.
 */

const SAML_FAILED = 'SAML authentication has failed. Contact admin for assistance.';
const ADMIN = 'reseller@example.com';

let t: TestApp;
let ctx: Pick<Parameters<typeof startSamlSignIn>[0], 'config' | 'db' | 'secrets'>;
let acme: string;
let trial: string;
let idp: TestIdp;
let otherKeys: IdpKeys;
let spMetadata: string;
let ip = 1;

/** Gives the account this IdP as its SAML configuration, SSO on for every user. */
async function configure(accountId: string) {
  const metadata = parseIdpMetadata(idpMetadataXml(idp));
  await saveSsoConfig(t.db, ctx.secrets.fieldKey, accountId, {
    protocol: 'saml',
    saml: {
      metadataXml: idpMetadataXml(idp),
      metadataUrl: null,
      idpEntityId: metadata.entityId,
      idpSsoUrl: metadata.ssoUrl,
      idpSloUrl: metadata.sloUrl,
      idpCerts: metadata.certs,
    },
    scope: 'account',
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ctx = { config: t.config, db: t.db, secrets: loadSecrets(t.config) };
  acme = await accountIdOfUser(t.db, ADMIN);
  trial = await accountIdOfUser(t.db, 'trial@example.com');
  idp = {
    entityId: 'https://idp.example.org/saml/metadata',
    ssoUrl: 'https://idp.example.org/saml/sso',
    sloUrl: 'https://idp.example.org/saml/slo',
    keys: await idpKeys(),
  };
  otherKeys = await idpKeys();
  await configure(acme);
  spMetadata = await spMetadataXml(ctx, acme);
});
afterAll(() => t.close());

beforeEach(async () => {
  await setIdpInitiated(false);
});

async function setIdpInitiated(on: boolean) {
  await t.db
    .updateTable('sso_configs')
    .set({ allow_idp_initiated: on ? 1 : 0 })
    .where('account_id', '=', acme)
    .execute();
}

/** Starts an SP-initiated sign-in and answers the AuthnRequest's ID (read back from the URL). */
async function startSignIn(testOnly = false, accountId = acme): Promise<{ id: string; url: URL }> {
  const config = await loadSsoConfig(t.db, accountId);
  if (!config) throw new Error('no SSO configuration');
  const url = new URL(await startSamlSignIn(ctx, config, { testOnly, returnPath: '' }));
  const request = zlib
    .inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'))
    .toString('utf8');
  const id = /\sID="([^"]+)"/.exec(request)?.[1];
  if (!id) throw new Error(`no ID in ${request}`);
  return { id, url };
}

/** A browser posting the IdP's answer to the account's ACS (a new browser: no cookies). */
async function post(samlResponse: string, accountId = acme) {
  const browser = new Agent(t.app, `10.41.0.${String(ip++)}`);
  const response = await browser.post(`/rpc-api/sso/saml/${accountId}/acs`, {
    SAMLResponse: samlResponse,
  });
  return { response, browser };
}

/** The page's next address (the finish page moves on by a meta refresh). */
const nextOf = (html: string) => /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1];

async function signInWith(shape: ResponseShape = {}) {
  const { id } = await startSignIn();
  const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id, ...shape });
  return post(saml);
}

function expectSignedIn(result: Awaited<ReturnType<typeof post>>) {
  expect(result.response.statusCode).toBe(200);
  expect(result.response.body).toContain('Signed in. Opening the console.');
  expect(result.browser.cookies.has(accessCookie('reseller'))).toBe(true);
}

function expectRefused(result: Awaited<ReturnType<typeof post>>, message = SAML_FAILED) {
  expect(result.response.statusCode).toBe(200);
  expect(result.response.body).toContain(message);
  expect(nextOf(result.response.body)).toContain('/rpc-app/reseller/login?ssoError=');
  expect(result.browser.cookies.has(accessCookie('reseller'))).toBe(false);
  // What failed goes to the server log, never to the page.
  expect(result.response.body).not.toMatch(/SAML:|signature|audience|InResponseTo|expired/i);
}

describe('SP-initiated sign-in', () => {
  it('sends the browser to the IdP with a signed AuthnRequest naming our ACS', async () => {
    const { url, id } = await startSignIn();
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(url.searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    expect(url.searchParams.get('Signature')).toBeTruthy();
    const row = await t.db
      .selectFrom('sso_requests')
      .select(['account_id', 'protocol', 'used_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_id: acme, protocol: 'saml', used_at: null });
  });

  it('a response signed by the IdP signs the user in, as the password path does', async () => {
    const result = await signInWith();
    expectSignedIn(result);
    expect(nextOf(result.response.body)).toMatch(/^\/rpc-app\//);
    const session = await t.db
      .selectFrom('sessions')
      .select('sign_in_method')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.sign_in_method).toBe('sso_saml');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('account_id', '=', acme)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('signin.sso');
  });

  it('a response whose assertion alone is signed is accepted too', async () => {
    expectSignedIn(await signInWith({ sign: 'assertion' }));
  });

  it('an e-mail attribute names the user when the NameID is an opaque id', async () => {
    expectSignedIn(
      await signInWith({ nameId: 'opaque-123', attributes: { email: 'RESELLER@example.com' } }),
    );
  });
});

describe('signatures', () => {
  it('refuses an unsigned response', async () => {
    const { id } = await startSignIn();
    const signed = await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id });
    const unsigned = unsignedResponse(signed);
    expect(decode(unsigned)).not.toContain('Signature');
    expectRefused(await post(unsigned));
  });

  it('refuses a response signed by another key than the configured IdP certificate', async () => {
    expectRefused(await signInWith({ signWith: otherKeys }));
  });

  it('refuses a signature-wrapping shape: a second, unsigned assertion injected', async () => {
    const { id } = await startSignIn();
    const signed = decode(
      await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id }),
    );
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)?.[0] ?? '';
    const evil = assertion
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replace(ADMIN, 'subuser@example.com');
    // Before the signed one, and in place of it with the signed one hidden in an extension.
    expectRefused(await post(encode(signed.replace('<saml:Assertion', `${evil}<saml:Assertion`))));
    const hidden = signed.replace(
      assertion,
      `<samlp:Extensions>${assertion}</samlp:Extensions>${evil}`,
    );
    expectRefused(await post(encode(hidden)));
  });
});

describe('audience, recipient, destination, issuer', () => {
  it('refuses another audience', async () => {
    expectRefused(await signInWith({ audience: 'https://another-sp.example.com/metadata' }));
  });

  it('refuses another recipient', async () => {
    expectRefused(await signInWith({ recipient: 'https://evil.example.com/acs' }));
  });

  it('refuses another destination', async () => {
    expectRefused(await signInWith({ destination: 'https://evil.example.com/acs' }));
  });

  it("refuses Acme's IdP answer posted to another account's ACS", async () => {
    const { id } = await startSignIn();
    const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id });
    expectRefused(await post(saml, trial));
  });
});

describe('InResponseTo', () => {
  it('refuses an unknown request ID', async () => {
    expectRefused(await signInWith({ inResponseTo: '_never-issued' }));
  });

  it('refuses a request ID used already, even with a new assertion', async () => {
    const { id } = await startSignIn();
    expectSignedIn(
      await post(await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id })),
    );
    expectRefused(
      await post(await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id })),
    );
  });

  it('refuses an expired request', async () => {
    const { id } = await startSignIn();
    await t.db
      .updateTable('sso_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expectRefused(
      await post(await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id })),
    );
  });
});

describe('clocks (120 seconds of skew)', () => {
  it('refuses an expired assertion', async () => {
    expectRefused(await signInWith({ notOnOrAfter: -180 }));
  });

  it('refuses an assertion not valid yet', async () => {
    expectRefused(await signInWith({ notBefore: 600 }));
  });

  it('accepts an IdP clock a minute behind or ahead', async () => {
    expectSignedIn(await signInWith({ notOnOrAfter: -60 }));
    expectSignedIn(await signInWith({ notBefore: 60 }));
  });
});

describe('replay', () => {
  it('accepts each assertion ID once, whichever instance sees it again', async () => {
    await setIdpInitiated(true);
    const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN });
    expectSignedIn(await post(saml));
    expectRefused(await post(saml));
    // The same ID in a fresh response (a new request) is still refused: the store is the database.
    const { id } = await startSignIn();
    const assertionId = /<saml:Assertion[^>]* ID="([^"]+)"/.exec(decode(saml))?.[1];
    expectRefused(await signInWith({ inResponseTo: id, assertionId }));
    const seen = await t.db
      .selectFrom('sso_seen_assertions')
      .select('assertion_id')
      .where('assertion_id', '=', assertionId ?? '')
      .execute();
    expect(seen).toHaveLength(1);
  });
});

describe('replay across instances', () => {
  it('an assertion accepted by one instance is refused by another sharing the database', async () => {
    const database = openDatabase(t.config);
    const second = await buildApp({ config: t.config, database, logger: false });
    try {
      await setIdpInitiated(true);
      const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN });
      expectSignedIn(await post(saml));
      const browser = new Agent(second, '10.41.9.1');
      const response = await browser.post(`/rpc-api/sso/saml/${acme}/acs`, { SAMLResponse: saml });
      expectRefused({ response, browser });
    } finally {
      await second.close();
      await database.close();
    }
  });
});

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

describe('single logout', () => {
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
