import type { Generated } from 'kysely';

/*
 * Reseller accounts and what they hold: users, invitations, teams and computers; signup and its
 * captcha. Column conventions: schema.ts.
 */

export interface ResellerAccountsTable {
  id: string;
  company_name: string;
  plan_name: string;
  subscription_type: string;
  account_status: string;
  payment_mode: string;
  start_date: string;
  end_date: string;
  yearly_fee_minor: number;
  currency: string;
  is_pending_charge: Generated<number>;
  attempted_for_pending_charges: Generated<number>;
  is_vat_account: Generated<number>;
  vat_id: Generated<string>;
  is_gst_account: Generated<number>;
  gstin: Generated<string>;
  ecom_flag: Generated<number>;
  proxy_topic: string;
  created_at: string;
}
export interface UsersTable {
  id: string;
  account_id: string;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: 'admin' | 'sub_admin' | 'sub_user';
  status: 'active' | 'invited' | 'cancelled';
  sso_flag: Generated<number>;
  user_sso_status: Generated<number>;
  proxy_topic: string;
  preferences: Generated<string>;
  created_at: string;
  updated_at: string;
  alloted_computers: Generated<number>;
  /** 'OR' | 'VA' | 'IR', chosen at the invited-user signup; '' otherwise. */
  dc_flag: Generated<string>;
  invited_by: string | null;
  cancelled_at: string | null;
  /** When the signup's verification link was opened; set from created_at for older users. */
  email_verified_at: string | null;
  /** 1 when the user asked for e-mails on product updates (its own checkbox, off by default). */
  marketing_consent: Generated<number>;
  marketing_consent_at: Generated<string | null>;
}
export interface SignupVerificationsTable {
  /** SHA-256 of the verification link's token. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
export interface CaptchaPassesTable {
  /** SHA-256 of the session id the Chromebook app chose. */
  session_hash: string;
  verified_at: string;
  expires_at: string;
}
export interface CaptchaUsesTable {
  challenge_id: string;
  expires_at: string;
}
export interface InvitationsTable {
  id: string;
  account_id: string;
  user_id: string;
  email: string;
  /** SHA-256 of the link's unique_id, for look-up. */
  token_hash: string;
  /** The unique_id sealed with the field key, so the link can be copied again. */
  token_sealed: string;
  admin_name: string;
  alloted_computers: Generated<number>;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}
export interface TeamsTable {
  id: string;
  account_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}
/** One row per member; user_id is the key, so a user is in at most one team. */
export interface TeamMembersTable {
  user_id: string;
  team_id: string;
  account_id: string;
  added_at: string;
}
/** Group names are unique per account case-insensitively: name_key is the lower-cased name. */
export interface ComputerGroupsTable {
  id: string;
  account_id: string;
  name: string;
  name_key: string;
  created_at: string;
  updated_at: string;
}
export interface ComputersTable {
  id: string;
  account_id: string;
  name: string;
  description: string;
  /** argon2id hash of the Personal Key; the key itself is never stored or sent. */
  personal_key_hash: string;
  group_id: string | null;
  allotted_user_id: string | null;
  status: Generated<'online' | 'offline'>;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}
/** Notes managers keep on a computer. */
export interface ComputerCommentsTable {
  id: string;
  computer_id: string;
  account_id: string;
  author_user_id: string | null;
  author_name: string;
  body: string;
  created_at: string;
}
/** Texts sent to a computer, delivered when its agent next connects. */
export interface ComputerMessagesTable extends ComputerCommentsTable {
  delivered_at: string | null;
}
