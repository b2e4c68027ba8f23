import type { SAML } from '@node-saml/node-saml';
import type { AppContext } from '../../../context';
import type { SsoConfig } from '../config';
import { certificatePem } from './metadata';
import { spKeys } from './sp-keys';

/**
 * The console as a SAML 2.0 service provider. Each reseller account is its own SP (its own
 * entity ID, ACS and SLO addresses under its account id): an assertion an IdP issued for one
 * account names that account's audience and can never be replayed into another account.
 */
export interface SpEndpoints {
  entityId: string;
  acsUrl: string;
  sloUrl: string;
  metadataUrl: string;
}

/** How far the IdP's clock may be from ours when NotBefore / NotOnOrAfter are checked. */
export const CLOCK_SKEW_MS = 120_000;

export function spEndpoints(publicOrigin: string, accountId: string): SpEndpoints {
  const base = `${publicOrigin}/rpc-api/sso/saml/${encodeURIComponent(accountId)}`;
  // The entity ID is the metadata's own address: resolvable, as SAML recommends.
  return {
    entityId: `${base}/metadata.xml`,
    acsUrl: `${base}/acs`,
    sloUrl: `${base}/slo`,
    metadataUrl: `${base}/metadata.xml`,
  };
}

/**
 * A node-saml SP for one account. Signatures, the audience and Conditions' validity window are
 * node-saml's; what it leaves to the caller (recipient, destination, InResponseTo from the
 * database, replay, issuer) is checked in acs.ts. InResponseTo is not node-saml's job here: its
 * cache lives in one process, ours in the database every instance shares.
 */
export async function samlClient(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets'>,
  config: Pick<SsoConfig, 'accountId' | 'saml'>,
  options: { requestId?: string } = {},
): Promise<SAML> {
  const keys = await spKeys(ctx.db, ctx.secrets.fieldKey);
  const sp = spEndpoints(ctx.config.publicOrigin, config.accountId);
  const requestId = options.requestId;
  // Loaded on the first SAML call, not at start-up: most deployments never use it, and every
  // server test file builds an app (the import costs about a second per file).
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    entryPoint: config.saml.idpSsoUrl ?? undefined,
    logoutUrl: config.saml.idpSloUrl ?? '',
    // Only the configured IdP's certificates: never a key the response itself carries.
    idpCert: config.saml.idpCerts.length > 0 ? config.saml.idpCerts.map(certificatePem) : 'none',
    idpIssuer: config.saml.idpEntityId ?? undefined,
    privateKey: keys.privateKeyPem,
    publicCert: keys.certificatePem,
    signatureAlgorithm: 'sha256',
    // A signed response or a signed assertion: either covers the assertion (node-saml requires
    // the assertion's own signature when the response's is missing or invalid).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.never,
    // No NameID format asked: the IdP sends the one its admin set (e-mail, persistent, ...).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
  });
}

/** The SP metadata XML the admin gives the IdP (or the IdP fetches from metadataUrl). */
export async function spMetadataXml(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets'>,
  accountId: string,
): Promise<string> {
  const keys = await spKeys(ctx.db, ctx.secrets.fieldKey);
  const saml = await samlClient(ctx, {
    accountId,
    saml: {
      metadataXml: null,
      metadataUrl: null,
      metadataFetchedAt: null,
      idpEntityId: null,
      idpSsoUrl: null,
      idpSloUrl: null,
      idpCerts: [],
    },
  });
  // Our SLO address answers the IdP's redirect (a GET): say so, node-saml writes HTTP-POST.
  return saml
    .generateServiceProviderMetadata(null, keys.certificatePem)
    .replace(
      /(<SingleLogoutService Binding=")[^"]+"/,
      '$1urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
    );
}
