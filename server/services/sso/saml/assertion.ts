import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';

/*
 * Reading SAML XML that node-saml has already verified (the assertion it returns is the signed
 * one), or, for the outer Response, only what is then compared against signed values. No
 * signature is checked here.
 */

const local = (name: string) => `*[local-name()='${name}']`;

export function parseDom(xml: string): Document | undefined {
  if (/<!DOCTYPE/i.test(xml)) return undefined;
  const parse = { failed: false };
  const doc = new DOMParser({
    errorHandler: (level: string) => {
      if (level !== 'warning') parse.failed = true;
    },
  }).parseFromString(xml, 'text/xml');
  return parse.failed ? undefined : doc;
}

const attribute = (node: Node, path: string): string | undefined => {
  const found = xpath.select(path, node) as Attr[];
  return found[0]?.value;
};
const texts = (node: Node, path: string): string[] =>
  (xpath.select(path, node) as Node[]).map((n) => (n.textContent ?? '').trim()).filter(Boolean);

/** What the outer Response says of itself (unsigned when only the assertion is signed). */
export interface ResponseEnvelope {
  inResponseTo: string | undefined;
  destination: string | undefined;
}

export function readEnvelope(doc: Document): ResponseEnvelope | undefined {
  const root = doc.documentElement;
  if (root.localName !== 'Response') return undefined;
  return {
    inResponseTo: root.getAttribute('InResponseTo') || undefined,
    destination: root.getAttribute('Destination') || undefined,
  };
}

/** What the checks and the sign-in need of the verified assertion. */
export interface AssertionFacts {
  id: string | undefined;
  issuer: string | undefined;
  nameId: string | undefined;
  /** Bearer SubjectConfirmationData: where the assertion may be delivered, until when, for what. */
  confirmations: { recipient?: string; notOnOrAfter?: string; inResponseTo?: string }[];
  notOnOrAfter: string | undefined;
  authnContextClassRefs: string[];
  attributes: Record<string, string[]>;
}

export function readAssertion(xml: string): AssertionFacts | undefined {
  const doc = parseDom(xml);
  const assertion = doc?.documentElement;
  if (!assertion || assertion.localName !== 'Assertion') return undefined;
  const bearer = xpath.select(
    `${local('Subject')}/${local('SubjectConfirmation')}[@Method='urn:oasis:names:tc:SAML:2.0:cm:bearer']/${local('SubjectConfirmationData')}`,
    assertion,
  ) as Element[];
  const attributes: Record<string, string[]> = {};
  for (const node of xpath.select(
    `${local('AttributeStatement')}/${local('Attribute')}`,
    assertion,
  ) as Element[]) {
    const name = node.getAttribute('Name');
    if (name) attributes[name] = texts(node, local('AttributeValue'));
  }
  return {
    id: assertion.getAttribute('ID') || undefined,
    issuer: texts(assertion, local('Issuer'))[0],
    nameId: texts(assertion, `${local('Subject')}/${local('NameID')}`)[0],
    confirmations: bearer.map((data) => ({
      recipient: data.getAttribute('Recipient') || undefined,
      notOnOrAfter: data.getAttribute('NotOnOrAfter') || undefined,
      inResponseTo: data.getAttribute('InResponseTo') || undefined,
    })),
    notOnOrAfter: attribute(assertion, `${local('Conditions')}/@NotOnOrAfter`),
    authnContextClassRefs: texts(
      assertion,
      `${local('AuthnStatement')}/${local('AuthnContext')}/${local('AuthnContextClassRef')}`,
    ),
    attributes,
  };
}

/**
 * The authentication contexts that mean the IdP checked a second factor. SAML 2.0's own classes
 * for token- and smartcard-based sign-in, REFEDS MFA (research federations, Shibboleth, Okta's
 * and Entra's "MFA" contexts) and Microsoft's multipleauthn. Anything else (PasswordProtected-
 * Transport, unspecified) means the console's own two-factor step still applies.
 */
export const MFA_CONTEXTS: ReadonlySet<string> = new Set([
  'https://refeds.org/profile/mfa',
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MultiFactor',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
]);
/** Entra ID lists the methods used in this attribute instead of the context class. */
const AUTHN_METHODS = 'http://schemas.microsoft.com/claims/authnmethodsreferences';

export const isMfaDone = (facts: AssertionFacts): boolean =>
  facts.authnContextClassRefs.some((ref) => MFA_CONTEXTS.has(ref)) ||
  (facts.attributes[AUTHN_METHODS] ?? []).some((ref) => MFA_CONTEXTS.has(ref));

/** The attribute names IdPs use for the e-mail address, most common first. */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The user's e-mail: the NameID when it is one, else the first e-mail attribute. */
export function emailOf(facts: AssertionFacts): string | undefined {
  if (facts.nameId && EMAIL.test(facts.nameId)) return facts.nameId.toLowerCase();
  const byName = new Map(
    Object.entries(facts.attributes).map(([name, values]) => [name.toLowerCase(), values]),
  );
  for (const name of EMAIL_ATTRIBUTES) {
    const value = byName.get(name.toLowerCase())?.find((v) => EMAIL.test(v));
    if (value) return value.toLowerCase();
  }
  return undefined;
}
