import type { Generated } from 'kysely';

/*
 * Signing in and its safeguards: sessions, trusted browsers, two-factor, password resets and
 * history, e-mail changes, API keys, support codes and the audit log. Column conventions:
 * schema.ts.
 */

/** A browser trusted for 30 days at the two-factor step (services/twofa/trusted-browsers.ts). */
export interface TrustedBrowsersTable {
  id: string;
  user_id: string;
  /** SHA-256 of the cookie's secret: the cookie itself is never stored. */
  token_hash: string;
  label: Generated<string>;
  ip: Generated<string>;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export interface SessionsTable {
  id: string;
  subject_kind: 'reseller' | 'partner';
  subject_id: string;
  otp_login: Generated<number>;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  /** 'password', 'sso_saml' or 'sso_oidc' (2026-11-25-0900 migration). */
  sign_in_method: Generated<string>;
  /** When the session last made a call (written at most once a minute). */
  last_active_at: string | null;
  /** What the IdP's sign-out needs, sealed (see sso/logout-hint.ts); null without SSO. */
  sso_logout_sealed: Generated<string | null>;
}
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}
export interface AuditLogTable {
  id: string;
  subject_kind: string;
  subject_id: string | null;
  account_id: string | null;
  action: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  details: Generated<string>;
  created_at: string;
  /** What the action was done to (a user's e-mail, a computer's name); '' when nothing. */
  target: Generated<string>;
}
export interface ApiKeysTable {
  account_id: string;
  /** SHA-256 of the key, for look-up by /reseller-api/. */
  key_hash: string;
  /** AES-256-GCM ciphertext of the key, so it can be shown again. */
  key_sealed: string;
  created_by: string | null;
  created_at: string;
  /** When the key last opened a call, to the minute (null: never used). */
  last_used_at: string | null;
}
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A partner's new address, waiting for its link (see the 2026-11-25 migration). */
export interface PartnerEmailChangesTable {
  id: string;
  partner_id: string;
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  /** SHA-256 of the confirmation link's token. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Confirmed, cancelled or replaced; null while the request is live. */
  closed_at: string | null;
}
export interface TwofaSettingsTable {
  user_id: string;
  is_enabled: Generated<number>;
  /** 'totp' | 'phone' | '' */
  method: Generated<string>;
  /** AES-256-GCM ciphertext of the TOTP secret (base32). */
  totp_secret_sealed: Generated<string>;
  phone: Generated<string>;
  pending_method: Generated<string>;
  pending_secret_sealed: Generated<string>;
  pending_phone: Generated<string>;
  last_totp_step: Generated<number>;
  /** JSON list of SHA-256 hashes of unused recovery codes. */
  recovery_hashes: Generated<string>;
  blocked_until: string | null;
  updated_at: string;
}
export interface TwofaCodesTable {
  id: string;
  user_id: string;
  /** 'login' | 'setup' */
  purpose: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface TwofaChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  failures: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** How the first step signed in: the session the second opens records it. */
  sign_in_method: Generated<'password' | 'sso_saml' | 'sso_oidc'>;
  /** What the IdP's sign-out needs, sealed (see sso/logout-hint.ts); null without SSO. */
  sso_logout_sealed: string | null;
}
export interface PasswordHistoryTable {
  id: string;
  user_id: string;
  password_hash: string;
  created_at: string;
}
export interface SupportOtpCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
