import type { Executor } from '../../db/database';
import type { SsoProtocol, SsoScope } from '../../db/schema-sso';
import { nowIso } from '../clock';
import { encryptField, decryptField } from '../crypto';
import type { FieldKeys } from '../secrets';

export type { SsoProtocol, SsoScope };

/** One account's SSO configuration as the services use it (the client secret stays sealed). */
export interface SsoConfig {
  accountId: string;
  protocol: SsoProtocol;
  scope: SsoScope;
  ssoName: string | null;
  saml: {
    metadataXml: string | null;
    metadataUrl: string | null;
    metadataFetchedAt: string | null;
    idpEntityId: string | null;
    idpSsoUrl: string | null;
    idpSloUrl: string | null;
    /** The IdP's signing certificates (PEM bodies): the only keys a response is checked against. */
    idpCerts: string[];
  };
  oidc: {
    issuer: string | null;
    clientId: string | null;
    /** Sealed with services/secrets.ts; open it with openClientSecret, never send it anywhere. */
    clientSecretSealed: string | null;
  };
  allowIdpInitiated: boolean;
  jitProvisioning: boolean;
  testedAt: string | null;
  updatedAt: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof selectConfig>>>;

const selectConfig = (db: Executor, accountId: string) =>
  db.selectFrom('sso_configs').selectAll().where('account_id', '=', accountId).executeTakeFirst();

function toConfig(row: Row): SsoConfig {
  return {
    accountId: row.account_id,
    protocol: row.protocol,
    scope: row.scope,
    ssoName: row.sso_name,
    saml: {
      metadataXml: row.saml_metadata_xml,
      metadataUrl: row.saml_metadata_url,
      metadataFetchedAt: row.saml_metadata_fetched_at,
      idpEntityId: row.saml_idp_entity_id,
      idpSsoUrl: row.saml_idp_sso_url,
      idpSloUrl: row.saml_idp_slo_url,
      idpCerts: row.saml_idp_certs ? (JSON.parse(row.saml_idp_certs) as string[]) : [],
    },
    oidc: {
      issuer: row.oidc_issuer,
      clientId: row.oidc_client_id,
      clientSecretSealed: row.oidc_client_secret_sealed,
    },
    allowIdpInitiated: row.allow_idp_initiated === 1,
    jitProvisioning: row.jit_provisioning === 1,
    testedAt: row.tested_at,
    updatedAt: row.updated_at,
  };
}

/** The account's SSO configuration, or undefined when it has none. */
export async function loadSsoConfig(
  db: Executor,
  accountId: string,
): Promise<SsoConfig | undefined> {
  const row = await selectConfig(db, accountId);
  return row ? toConfig(row) : undefined;
}

export const openClientSecret = (keys: FieldKeys, config: SsoConfig): string | undefined =>
  config.oidc.clientSecretSealed ? decryptField(keys, config.oidc.clientSecretSealed) : undefined;

/**
 * The account whose SSO answers for what the user typed on "Sign in with SSO": the account's SSO
 * name, or the e-mail (or username) of a user in an account whose SSO is on. An e-mail shared by
 * users of several such accounts matches none: which IdP to use must never be a guess.
 */
export async function findSsoConfigForLogin(
  db: Executor,
  emailOrSsoName: string,
): Promise<SsoConfig | undefined> {
  const login = emailOrSsoName.trim().toLowerCase();
  if (!login) return undefined;
  const byName = await db
    .selectFrom('sso_configs')
    .selectAll()
    .where('sso_name', '=', login)
    .where('scope', '!=', 'off')
    .executeTakeFirst();
  if (byName) return toConfig(byName);
  const rows = await db
    .selectFrom('users')
    .innerJoin('sso_configs', 'sso_configs.account_id', 'users.account_id')
    .selectAll('sso_configs')
    .where((eb) => eb.or([eb('users.email', '=', login), eb('users.username', '=', login)]))
    .where('users.status', '=', 'active')
    .where('sso_configs.scope', '!=', 'off')
    .execute();
  const accounts = new Set(rows.map((row) => row.account_id));
  const first = rows[0];
  return accounts.size === 1 && first ? toConfig(first) : undefined;
}

/** What the admin screen saves; undefined leaves a field as it is. */
export interface SsoConfigInput {
  protocol: SsoProtocol;
  ssoName?: string | null;
  saml?: {
    metadataXml: string | null;
    metadataUrl: string | null;
    idpEntityId: string;
    idpSsoUrl: string;
    idpSloUrl: string | null;
    idpCerts: string[];
  };
  oidc?: { issuer: string; clientId: string; clientSecret?: string };
  allowIdpInitiated?: boolean;
  jitProvisioning?: boolean;
  scope?: SsoScope;
  /** True when the IdP settings changed: a new test is needed before enabling. */
  resetTested?: boolean;
}

/** Creates or updates the account's configuration; the client secret is sealed here. */
export async function saveSsoConfig(
  db: Executor,
  keys: FieldKeys,
  accountId: string,
  input: SsoConfigInput,
): Promise<void> {
  const now = nowIso();
  const values = {
    protocol: input.protocol,
    ...(input.ssoName !== undefined && { sso_name: input.ssoName?.trim().toLowerCase() || null }),
    ...(input.saml && {
      saml_metadata_xml: input.saml.metadataXml,
      saml_metadata_url: input.saml.metadataUrl,
      saml_metadata_fetched_at: input.saml.metadataUrl ? now : null,
      saml_idp_entity_id: input.saml.idpEntityId,
      saml_idp_sso_url: input.saml.idpSsoUrl,
      saml_idp_slo_url: input.saml.idpSloUrl,
      saml_idp_certs: JSON.stringify(input.saml.idpCerts),
    }),
    ...(input.oidc && {
      oidc_issuer: input.oidc.issuer,
      oidc_client_id: input.oidc.clientId,
      ...(input.oidc.clientSecret && {
        oidc_client_secret_sealed: encryptField(keys, input.oidc.clientSecret),
      }),
    }),
    ...(input.allowIdpInitiated !== undefined && {
      allow_idp_initiated: input.allowIdpInitiated ? 1 : 0,
    }),
    ...(input.jitProvisioning !== undefined && {
      jit_provisioning: input.jitProvisioning ? 1 : 0,
    }),
    ...(input.scope !== undefined && { scope: input.scope }),
    ...(input.resetTested && { tested_at: null }),
    updated_at: now,
  };
  await db
    .insertInto('sso_configs')
    .values({ account_id: accountId, created_at: now, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** Records a successful "Test sign-in": from now on SSO may be enabled. */
export async function markTested(db: Executor, accountId: string): Promise<string> {
  const now = nowIso();
  await db
    .updateTable('sso_configs')
    .set({ tested_at: now })
    .where('account_id', '=', accountId)
    .execute();
  return now;
}
