import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { errorCodes } from '../../../../src/domain/api/envelope';
import { AppError } from '../../../app-error';

/** What the SP needs of an identity provider, read from its SAML 2.0 metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where AuthnRequests go (HTTP-Redirect binding). */
  ssoUrl: string;
  /** Where LogoutRequests go (HTTP-Redirect binding), when the IdP offers single logout. */
  sloUrl: string | null;
  /** The IdP's signing certificates (base64 DER bodies, no PEM armour): the only keys trusted. */
  certs: string[];
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** The largest metadata accepted (pasted or fetched): real IdP metadata is a few kilobytes. */
export const MAX_METADATA_BYTES = 512 * 1024;

const refuse = (message: string, field = 'samlMetadataXml') =>
  new AppError(errorCodes.RULE_FAILED, message, { field });

/** Namespace-blind paths: IdPs spell the prefixes every way (md:, saml2:, none). */
const local = (name: string) => `*[local-name()='${name}']`;

function select(node: Node, path: string): Element[] {
  return xpath.select(path, node) as Element[];
}

function parseXml(xml: string): Document {
  // The DOCTYPE is refused outright: metadata has no use for one, and it carries entity tricks.
  if (/<!DOCTYPE/i.test(xml)) throw refuse('The metadata XML must not contain a DOCTYPE.');
  const parse = { failed: false };
  const doc = new DOMParser({
    errorHandler: (level: string) => {
      if (level !== 'warning') parse.failed = true;
    },
  }).parseFromString(xml, 'text/xml');
  if (parse.failed) throw refuse('The metadata is not well-formed XML.');
  return doc;
}

/**
 * Reads an identity provider's SAML 2.0 metadata (an EntityDescriptor, or the first one of an
 * EntitiesDescriptor that describes an IdP). Metadata without a signing certificate or a
 * sign-on address is refused in plain words: without them no sign-in could ever be checked.
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml, 'utf8') > MAX_METADATA_BYTES) {
    throw refuse('The metadata is too large (more than 512 KB).');
  }
  const doc = parseXml(xml.trim());
  const entity = select(doc, `//${local('EntityDescriptor')}[${local('IDPSSODescriptor')}]`)[0];
  if (!entity) {
    throw refuse(
      'This is not identity provider metadata: it has no IDPSSODescriptor. Paste the metadata of the identity provider, not of this console.',
    );
  }
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw refuse('The metadata names no entity ID (entityID).');
  const idp = select(entity, local('IDPSSODescriptor'))[0] as Element;

  const endpoint = (service: string) => {
    const all = select(idp, local(service));
    const redirect = all.find((node) => node.getAttribute('Binding') === REDIRECT);
    return redirect?.getAttribute('Location')?.trim() || null;
  };
  const ssoUrl = endpoint('SingleSignOnService');
  if (!ssoUrl || !/^https?:\/\//i.test(ssoUrl)) {
    throw refuse(
      'The metadata has no single sign-on address for the HTTP-Redirect binding (SingleSignOnService).',
    );
  }
  const slo = endpoint('SingleLogoutService');
  const sloUrl = slo && /^https?:\/\//i.test(slo) ? slo : null;

  // Keys for signing, or keys without a use (they serve both purposes); never encryption-only.
  const certs = select(idp, local('KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => select(key, `.//${local('X509Certificate')}`))
    .map((node) => node.textContent.replace(/\s+/g, ''))
    .filter((body) => /^[A-Za-z0-9+/]+=*$/.test(body) && body.length > 100);
  if (certs.length === 0) {
    throw refuse(
      'The metadata has no signing certificate (KeyDescriptor with an X509Certificate): without it no sign-in can be checked.',
    );
  }
  return { entityId, ssoUrl, sloUrl, certs: [...new Set(certs)] };
}

/** A certificate body (base64 DER) as PEM, the form node-saml and the admin screen take. */
export function certificatePem(body: string): string {
  const lines = body.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** How long the server waits for an IdP's metadata URL to answer. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * Fetches metadata from the IdP's metadata URL, with a deadline and a size cap (a URL the
 * admin typed must not hold the server or fill its memory), then parses it.
 */
export async function fetchIdpMetadata(
  url: string,
): Promise<{ xml: string; metadata: IdpMetadata }> {
  const field = 'samlMetadataUrl';
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'follow',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
  } catch {
    throw refuse('The metadata URL could not be reached (no answer within 10 seconds).', field);
  }
  if (!response.ok) {
    throw refuse(`The metadata URL answered HTTP ${String(response.status)}.`, field);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_METADATA_BYTES)
    throw refuse('The metadata is too large (more than 512 KB).', field);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_METADATA_BYTES) {
      await reader.cancel();
      throw refuse('The metadata is too large (more than 512 KB).', field);
    }
    chunks.push(value);
  }
  const xml = Buffer.concat(chunks).toString('utf8');
  return { xml, metadata: parseIdpMetadata(xml) };
}
