import type { Generated } from 'kysely';

/*
 * Single sign-on for reseller accounts (2026-11-25-0900 migration). Column conventions:
 * schema.ts.
 */

export type SsoProtocol = 'saml' | 'oidc';
/** 'off', every user of the account, or only the users whose user_sso_status is 1. */
export type SsoScope = 'off' | 'account' | 'users';

export interface SsoConfigsTable {
  account_id: string;
  protocol: SsoProtocol;
  scope: Generated<SsoScope>;
  sso_name: string | null;
  saml_metadata_xml: string | null;
  saml_metadata_url: string | null;
  saml_metadata_fetched_at: string | null;
  saml_idp_entity_id: string | null;
  saml_idp_sso_url: string | null;
  saml_idp_slo_url: string | null;
  /** JSON array of PEM bodies. */
  saml_idp_certs: string | null;
  allow_idp_initiated: Generated<number>;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  /** Sealed with services/secrets.ts; never sent to the console. */
  oidc_client_secret_sealed: string | null;
  jit_provisioning: Generated<number>;
  tested_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface SsoIdentitiesTable {
  account_id: string;
  subject: string;
  user_id: string;
  protocol: SsoProtocol;
  created_at: string;
}
export interface SsoRequestsTable {
  id: string;
  account_id: string;
  protocol: SsoProtocol;
  nonce: string | null;
  code_verifier: string | null;
  return_path: Generated<string>;
  test_only: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface SsoSeenAssertionsTable {
  account_id: string;
  assertion_id: string;
  expires_at: string;
}
