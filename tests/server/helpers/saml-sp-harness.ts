import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { accessCookie } from '../../../server/plugins/cookies';
import { loadSecrets } from '../../../server/services/secrets';
import { loadSsoConfig, saveSsoConfig } from '../../../server/services/sso/config';
import { parseIdpMetadata } from '../../../server/services/sso/saml/metadata';
import { spMetadataXml } from '../../../server/services/sso/saml/sp';
import { startSamlSignIn } from '../../../server/services/sso/saml/start';
import { Agent } from './agent';
import { accountIdOfUser } from './accounts';
import {
  idpKeys,
  idpMetadataXml,
  signedResponse,
  type IdpKeys,
  type ResponseShape,
  type TestIdp,
} from './saml-idp';
import { createTestApp, type TestApp } from './test-app';

/*
 * The SAML SP suites' shared set-up (sso-saml.test.ts, sso-saml-flows.test.ts): an app whose demo
 * reseller account (Acme) trusts a test IdP (samlify signs its answers), and the calls a browser
 * makes. The state is exported as live bindings, set by useSamlSp's beforeAll.
 */

export const SAML_FAILED = 'SAML authentication has failed. Contact admin for assistance.';
export const ADMIN = 'reseller@example.com';

export let t: TestApp;
export let ctx: Pick<Parameters<typeof startSamlSignIn>[0], 'config' | 'db' | 'secrets'>;
export let acme: string;
export let trial: string;
export let idp: TestIdp;
export let otherKeys: IdpKeys;
export let spMetadata: string;
let ip = 1;

/** Gives the account this IdP as its SAML configuration, SSO on for every user. */
export async function configure(accountId: string) {
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

/** Registers the suite's app, accounts and test IdP (each test file its own). */
export function useSamlSp(): void {
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
}

export async function setIdpInitiated(on: boolean) {
  await t.db
    .updateTable('sso_configs')
    .set({ allow_idp_initiated: on ? 1 : 0 })
    .where('account_id', '=', acme)
    .execute();
}

/** Starts an SP-initiated sign-in and answers the AuthnRequest's ID (read back from the URL). */
export async function startSignIn(
  testOnly = false,
  accountId = acme,
): Promise<{ id: string; url: URL }> {
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
export async function post(samlResponse: string, accountId = acme) {
  const browser = new Agent(t.app, `10.41.0.${String(ip++)}`);
  const response = await browser.post(`/rpc-api/sso/saml/${accountId}/acs`, {
    SAMLResponse: samlResponse,
  });
  return { response, browser };
}

/** The page's next address (the finish page moves on by a meta refresh). */
export const nextOf = (html: string) =>
  /http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1];

export async function signInWith(shape: ResponseShape = {}) {
  const { id } = await startSignIn();
  const saml = await signedResponse(idp, spMetadata, { nameId: ADMIN, inResponseTo: id, ...shape });
  return post(saml);
}

export function expectSignedIn(result: Awaited<ReturnType<typeof post>>) {
  expect(result.response.statusCode).toBe(200);
  expect(result.response.body).toContain('Signed in. Opening the console.');
  expect(result.browser.cookies.has(accessCookie('reseller'))).toBe(true);
}

export function expectRefused(result: Awaited<ReturnType<typeof post>>, message = SAML_FAILED) {
  expect(result.response.statusCode).toBe(200);
  expect(result.response.body).toContain(message);
  expect(nextOf(result.response.body)).toContain('/rpc-app/reseller/login?ssoError=');
  expect(result.browser.cookies.has(accessCookie('reseller'))).toBe(false);
  // What failed goes to the server log, never to the page.
  expect(result.response.body).not.toMatch(/SAML:|signature|audience|InResponseTo|expired/i);
}
