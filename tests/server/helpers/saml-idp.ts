import crypto from 'node:crypto';
import * as samlifyModule from 'samlify';
import { generate } from 'selfsigned';

/*
 * A SAML 2.0 identity provider the console did not write: samlify (its own XML signing, its own
 * templates) answers the console's AuthnRequests. The tests shape its answers (audience,
 * recipient, clocks, IDs) through samlify's template tags, then samlify signs them.
 */

/** samlify is CommonJS: vitest exposes its exports by name, Playwright's loader as `default`. */
const samlify: typeof samlifyModule =
  'SamlLib' in samlifyModule
    ? samlifyModule
    : (samlifyModule as unknown as { default: typeof samlifyModule }).default;

// samlify asks for an XSD validator for the SP's requests; these tests only build responses.
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface IdpKeys {
  privateKey: string;
  cert: string;
  /** The certificate's base64 DER body, as metadata carries it. */
  certBody: string;
}

export async function idpKeys(): Promise<IdpKeys> {
  const made = await generate([{ name: 'commonName', value: 'Test IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  const certBody = made.cert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return { privateKey: made.private, cert: made.cert, certBody };
}

export interface TestIdp {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  keys: IdpKeys;
}

/** The IdP's metadata XML, as an admin would paste it. */
export function idpMetadataXml(idp: TestIdp): string {
  const slo = idp.sloUrl
    ? `<md:SingleLogoutService Binding="${REDIRECT}" Location="${idp.sloUrl}"/>`
    : '';
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${idp.entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${idp.keys.certBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    ${slo}
    <md:NameIDFormat>${EMAIL_FORMAT}</md:NameIDFormat>
    <md:SingleSignOnService Binding="${REDIRECT}" Location="${idp.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** What a test may change in the response the IdP builds (samlify's template tags). */
export interface ResponseShape {
  nameId?: string;
  inResponseTo?: string | null;
  audience?: string;
  recipient?: string;
  destination?: string | null;
  assertionId?: string;
  /** Seconds from now. */
  notBefore?: number;
  notOnOrAfter?: number;
  authnContext?: string;
  attributes?: Record<string, string>;
  /** Which part samlify signs: the whole response (default) or the assertion only. */
  sign?: 'response' | 'assertion';
  /** Sign with these keys instead of the IdP's own (the metadata still names the IdP's). */
  signWith?: IdpKeys;
}

const iso = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const xmlEscape = (value: string) =>
  value.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

function statements(shape: ResponseShape, now: string): { authn: string; attrs: string } {
  const context =
    shape.authnContext ?? 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';
  const authn = `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="_session${crypto.randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>${xmlEscape(context)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
  const entries = Object.entries(shape.attributes ?? {});
  const attrs =
    entries.length === 0
      ? ''
      : `<saml:AttributeStatement>${entries
          .map(
            ([name, value]) =>
              `<saml:Attribute Name="${xmlEscape(name)}"><saml:AttributeValue>${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
          )
          .join('')}</saml:AttributeStatement>`;
  return { authn, attrs };
}

/**
 * A signed SAMLResponse (base64, as the browser posts it) from `idp` to the SP whose metadata
 * XML is `spMetadata`, shaped by `shape`.
 */
export async function signedResponse(
  idp: TestIdp,
  spMetadata: string,
  shape: ResponseShape = {},
): Promise<string> {
  const keys = shape.signWith ?? idp.keys;
  const assertionOnly = shape.sign === 'assertion';
  // node-saml's metadata leaves WantAssertionsSigned out (false); samlify reads it to choose
  // what to sign: the response (default) or the assertion only.
  const metadata = spMetadata
    .replace(/\sWantAssertionsSigned="[^"]*"/, '')
    .replace(
      '<SPSSODescriptor ',
      `<SPSSODescriptor WantAssertionsSigned="${String(assertionOnly)}" `,
    );
  const sp = samlify.ServiceProvider({ metadata });
  const provider = samlify.IdentityProvider({
    entityID: idp.entityId,
    privateKey: keys.privateKey,
    signingCert: keys.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: idp.ssoUrl }],
  });
  const acsUrl = /<(?:md:)?AssertionConsumerService[^>]*Location="([^"]+)"/.exec(metadata)?.[1];
  if (!acsUrl) throw new Error(`The SP metadata names no ACS: ${metadata.slice(0, 300)}`);
  const now = iso(0);
  const { authn, attrs } = statements(shape, now);
  const id = `_r${crypto.randomUUID()}`;
  const values: Record<string, string | null> = {
    ID: id,
    AssertionID: shape.assertionId ?? `_a${crypto.randomUUID()}`,
    Destination: shape.destination === undefined ? acsUrl : shape.destination,
    Audience: shape.audience ?? sp.entityMeta.getEntityID(),
    SubjectRecipient: shape.recipient ?? acsUrl,
    Issuer: idp.entityId,
    IssueInstant: iso(shape.notBefore ?? 0),
    StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    ConditionsNotBefore: iso(shape.notBefore ?? -5),
    ConditionsNotOnOrAfter: iso(shape.notOnOrAfter ?? 300),
    SubjectConfirmationDataNotOnOrAfter: iso(shape.notOnOrAfter ?? 300),
    NameIDFormat: EMAIL_FORMAT,
    NameID: shape.nameId ?? 'someone@example.com',
    InResponseTo: shape.inResponseTo ?? null,
  };
  const { context } = await provider.createLoginResponse(
    sp,
    // No request is read: InResponseTo comes from the shape (null: IdP-initiated).
    {} as Parameters<typeof provider.createLoginResponse>[1],
    'post',
    {},
    (template: string) => ({
      id,
      context: samlify.SamlLib.replaceTagsByValue(
        template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', attrs),
        values,
      ),
    }),
  );
  return context;
}

/** An unsigned response of the same shape (as an attacker without the IdP's key would send). */
export function unsignedResponse(signedBase64: string): string {
  const xml = Buffer.from(signedBase64, 'base64').toString('utf8');
  const stripped = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
  return Buffer.from(stripped).toString('base64');
}

export const decode = (base64: string): string => Buffer.from(base64, 'base64').toString('utf8');
export const encode = (xml: string): string => Buffer.from(xml).toString('base64');
