import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
/**
 * Single sign-on (SAML 2.0 and OpenID Connect) for reseller accounts, and what the "Where you're
 * signed in" list shows of each session. Everything an instance needs to finish a sign-in another
 * instance started (pending requests, seen assertions) lives here, not in memory.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // How the session was opened ('password', 'sso_saml', 'sso_oidc') and when it last made a call
  // (to the minute, so a busy session does not write on every request).
  await db.schema
    .alterTable('sessions')
    .addColumn('sign_in_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'text').execute();

  // One SSO configuration per reseller account.
  await db.schema
    .createTable('sso_configs')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('reseller_accounts.id').onDelete('cascade'),
    )
    /** 'saml' or 'oidc'. */
    .addColumn('protocol', 'text', (c) => c.notNull())
    /** 'off', 'account' (every user) or 'users' (the users whose user_sso_status is 1). */
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('off'))
    /** The name a user may type instead of an e-mail on "Sign in with SSO" (lower case, unique). */
    .addColumn('sso_name', 'text', (c) => c.unique())
    .addColumn('saml_metadata_xml', 'text')
    .addColumn('saml_metadata_url', 'text')
    .addColumn('saml_metadata_fetched_at', 'text')
    .addColumn('saml_idp_entity_id', 'text')
    .addColumn('saml_idp_sso_url', 'text')
    .addColumn('saml_idp_slo_url', 'text')
    /** JSON array of the IdP's signing certificates (PEM bodies) read from its metadata. */
    .addColumn('saml_idp_certs', 'text')
    .addColumn('allow_idp_initiated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('oidc_issuer', 'text')
    .addColumn('oidc_client_id', 'text')
    /** AES-256-GCM ciphertext of the client secret (services/secrets.ts): never shown again. */
    .addColumn('oidc_client_secret_sealed', 'text')
    /** Create an unknown user as a sub-user on first sign-in (just-in-time), off by default. */
    .addColumn('jit_provisioning', 'integer', (c) => c.notNull().defaultTo(0))
    /** When "Test sign-in" last succeeded; SSO cannot be enabled before. */
    .addColumn('tested_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A user's stable identity at the account's IdP (SAML NameID or OIDC `sub`).
  await db.schema
    .createTable('sso_identities')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['account_id', 'subject'])
    .execute();

  // A sign-in sent to the IdP and not yet back: the OIDC state (with its nonce and PKCE
  // verifier) or the SAML AuthnRequest ID (checked as InResponseTo). Used once.
  await db.schema
    .createTable('sso_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    /** Where to go after signing in (a checked same-origin path), or '' for the landing page. */
    .addColumn('return_path', 'text', (c) => c.notNull().defaultTo(''))
    /** 1 for the admin's "Test sign-in": reports the outcome, starts no session. */
    .addColumn('test_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Every SAML assertion ID accepted, until it could no longer be valid: a replay on any
  // instance finds it here.
  await db.schema
    .createTable('sso_seen_assertions')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_seen_assertions_pk', ['account_id', 'assertion_id'])
    .execute();
  await db.schema
    .createIndex('sso_seen_assertions_expiry')
    .on('sso_seen_assertions')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('sso_requests_expiry')
    .on('sso_requests')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_seen_assertions').execute();
  await db.schema.dropTable('sso_requests').execute();
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('sso_configs').execute();
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.alterTable('sessions').dropColumn('sign_in_method').execute();
}
