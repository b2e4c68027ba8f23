import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecrets } from '../../server/services/secrets';
import { parseIdpMetadata } from '../../server/services/sso/saml/metadata';
import { spKeys } from '../../server/services/sso/saml/sp-keys';
import { Agent, errorOf } from './helpers/agent';
import { accountIdOfUser } from './helpers/accounts';
import { idpKeys, idpMetadataXml, type TestIdp } from './helpers/saml-idp';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The console as a SAML service provider: what the admin gives the IdP (admin only), the public
 * SP metadata, and the IdP metadata the admin pastes (refused in plain words when unusable).
 */

let t: TestApp;
let acme: string;
let idp: TestIdp;
beforeAll(async () => {
  t = await createTestApp();
  acme = await accountIdOfUser(t.db, 'reseller@example.com');
  idp = {
    entityId: 'https://idp.example.org/metadata',
    ssoUrl: 'https://idp.example.org/sso',
    sloUrl: 'https://idp.example.org/slo',
    keys: await idpKeys(),
  };
});
afterAll(() => t.close());

const SP = '/rpc-api/reseller/sso/saml/sp';

describe('GET /rpc-api/reseller/sso/saml/sp', () => {
  it("answers the administrator the account's SP entity ID, ACS, SLO and certificate", async () => {
    const admin = await signedInAgent(t.app, 'reseller', 'reseller@example.com', {
      ip: '10.40.0.1',
    });
    const response = await admin.get(SP);
    expect(response.statusCode).toBe(200);
    const info = response.json<{ message: Record<string, string> }>().message;
    const base = `${t.config.publicOrigin}/rpc-api/sso/saml/${acme}`;
    expect(info).toEqual({
      entityId: `${base}/metadata.xml`,
      acsUrl: `${base}/acs`,
      sloUrl: `${base}/slo`,
      metadataUrl: `${base}/metadata.xml`,
      certificatePem: expect.stringMatching(/^-----BEGIN CERTIFICATE-----/) as string,
    });
    // One key per deployment, made once: a second read answers the same certificate.
    const again = (await admin.get(SP)).json<{ message: Record<string, string> }>().message;
    expect(again.certificatePem).toBe(info.certificatePem);
    const stored = await t.db
      .selectFrom('server_settings')
      .select('value')
      .where('name', '=', 'saml_sp_keys')
      .executeTakeFirstOrThrow();
    // The private key is sealed at rest.
    expect(stored.value).not.toContain('PRIVATE KEY');
  });

  it('refuses a sub-user (403) and an anonymous caller (401)', async () => {
    const subUser = await signedInAgent(t.app, 'reseller', 'subuser@example.com', {
      ip: '10.40.0.2',
    });
    const refused = await subUser.get(SP);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.message).toBe('You do not have permission to perform this action');
    const anonymous = await new Agent(t.app, '10.40.0.3').get(SP);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the SP signing key', () => {
  it('is one per deployment even when instances make it at the same time', async () => {
    await t.db.deleteFrom('server_settings').where('name', '=', 'saml_sp_keys').execute();
    const fieldKey = loadSecrets(t.config).fieldKey;
    const [a, b] = await Promise.all([spKeys(t.db, fieldKey), spKeys(t.db, fieldKey)]);
    expect(a.certificatePem).toBe(b.certificatePem);
    expect((await spKeys(t.db, fieldKey)).privateKeyPem).toBe(a.privateKeyPem);
  });
});

describe('GET /rpc-api/sso/saml/:accountId/metadata.xml', () => {
  it("serves the account's SP metadata to anyone, naming its entity ID and ACS", async () => {
    const response = await t.app.inject({ url: `/rpc-api/sso/saml/${acme}/metadata.xml` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/samlmetadata+xml');
    // The answer is the one the OpenAPI document describes (tests/server/helpers/response-validation.ts).
    expect(response.headers['x-test-openapi-problem']).toBeUndefined();
    const base = `${t.config.publicOrigin}/rpc-api/sso/saml/${acme}`;
    expect(response.body).toContain(`entityID="${base}/metadata.xml"`);
    expect(response.body).toContain(`Location="${base}/acs"`);
    expect(response.body).toContain('X509Certificate');
    expect(response.body).not.toContain('PRIVATE');
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await t.app.inject({ url: '/rpc-api/sso/saml/no-such-account/metadata.xml' });
    expect(response.statusCode).toBe(404);
  });
});

describe('parseIdpMetadata', () => {
  it('reads the entity ID, the sign-on and logout addresses and the signing certificate', () => {
    expect(parseIdpMetadata(idpMetadataXml(idp))).toEqual({
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      sloUrl: idp.sloUrl,
      certs: [idp.keys.certBody],
    });
    expect(parseIdpMetadata(idpMetadataXml({ ...idp, sloUrl: null })).sloUrl).toBeNull();
  });

  it('refuses metadata without a signing certificate, in plain words', () => {
    const xml = idpMetadataXml(idp).replace(/<md:KeyDescriptor[\s\S]*?<\/md:KeyDescriptor>/, '');
    expect(() => parseIdpMetadata(xml)).toThrow(
      'The metadata has no signing certificate (KeyDescriptor with an X509Certificate): without it no sign-in can be checked.',
    );
    const encryptionOnly = idpMetadataXml(idp).replace('use="signing"', 'use="encryption"');
    expect(() => parseIdpMetadata(encryptionOnly)).toThrow('no signing certificate');
  });

  it('refuses metadata without a sign-on address, in plain words', () => {
    const xml = idpMetadataXml(idp).replace(/<md:SingleSignOnService[^>]*\/>/, '');
    expect(() => parseIdpMetadata(xml)).toThrow(
      'The metadata has no single sign-on address for the HTTP-Redirect binding (SingleSignOnService).',
    );
  });

  it('refuses what is not IdP metadata, not XML, or carries a DOCTYPE', () => {
    expect(() =>
      parseIdpMetadata(
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      ),
    ).toThrow('This is not identity provider metadata');
    expect(() => parseIdpMetadata('<not xml')).toThrow('The metadata is not well-formed XML.');
    expect(() => parseIdpMetadata(`<!DOCTYPE x [<!ENTITY a "b">]>${idpMetadataXml(idp)}`)).toThrow(
      'The metadata XML must not contain a DOCTYPE.',
    );
  });
});
