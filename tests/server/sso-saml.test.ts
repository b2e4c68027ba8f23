import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { Agent } from './helpers/agent';
import { decode, encode, signedResponse, unsignedResponse } from './helpers/saml-idp';
import {
  ADMIN,
  acme,
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
  trial,
  useSamlSp,
} from './helpers/saml-sp-harness';

/*
 * SAML 2.0 sign-in against an identity provider we did not write (samlify signs its answers):
 * every rule of issue 20's security list, each failure answering the catalogue's message on the
 * page and, for the admin's "Test sign-in", the plain-words class of what failed.
 */

useSamlSp();

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
