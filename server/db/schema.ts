import type { ColumnType, Generated } from 'kysely';

/*
 * Portable column conventions (the same migrations run on SQLite and PostgreSQL):
 * ids are text UUIDs made by the server, timestamps are ISO-8601 UTC text (they sort as text),
 * booleans are integers 0/1, money is integer minor units with its currency.
 * `Generated<T>` marks a column with a database default (optional on insert).
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

export interface PartnersTable {
  id: string;
  partner_id: string;
  email: string;
  password_hash: string;
  company_name: string;
  dba_name: Generated<string>;
  contact_person: string;
  address1: string;
  address2: Generated<string>;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  partner_type: string;
  paypal_email: Generated<string>;
  hear_about: Generated<string>;
  referal_others: Generated<string>;
  account_status: string;
  rejection_reason: Generated<string>;
  company_name_w9: Generated<string>;
  address1_w9: Generated<string>;
  address2_w9: Generated<string>;
  dba_name_w9: Generated<string>;
  federal_tax_classification: Generated<string>;
  federal_tax_classification_details: Generated<string>;
  requesters_name_address: Generated<string>;
  /** 'ein' | 'ssn' | '' */
  tin_type: Generated<string>;
  /** AES-256-GCM ciphertext of the TIN; never sent to a client. */
  tin_encrypted: Generated<string>;
  tin_last4: Generated<string>;
  signature: Generated<string>;
  w9_date: Generated<string>;
  created_at: string;
  updated_at: string;
}

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

/** The first answer to a reseller API POST sent with an Idempotency-Key (plugins/idempotency.ts). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of the method, route and body: the same key with another request is refused. */
  request_hash: string;
  /** 'running' while the first request runs, 'done' once its answer is stored. */
  state: 'running' | 'done';
  status_code: number | null;
  content_type: string | null;
  /** The answer's body, sealed with the field key. */
  body_sealed: string | null;
  created_at: string;
  expires_at: string;
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

export interface PartnerCommissionRulesTable {
  id: string;
  program: string;
  kind: string;
  bounty_amount_minor: Generated<number>;
  referral_basis_points: Generated<number>;
  currency: string;
  created_at: string;
}

export interface PartnerClicksTable {
  id: string;
  partner_id: string;
  program: string;
  visitor_id: string;
  ip_hash: Generated<string>;
  created_at: string;
}

export interface PartnerReferralsTable {
  id: string;
  partner_id: string;
  program: string;
  kind: string;
  customer_name: string;
  customer_email: string;
  reseller_account_id: string | null;
  visitor_id: Generated<string>;
  is_confirmed: Generated<number>;
  reminded_at: string | null;
  signup_at: string;
}

export interface PartnerReferralPaymentsTable {
  id: string;
  referral_id: string;
  amount_minor: number;
  currency: string;
  description: Generated<string>;
  paid_at: string;
}

export interface PartnerCommissionsTable {
  id: string;
  partner_id: string;
  referral_id: string;
  payment_id: string;
  program: string;
  kind: string;
  base_amount_minor: number;
  commission_minor: number;
  currency: string;
  status: string;
  earned_at: string;
  paid_at: string | null;
  payout_paypal_email: Generated<string>;
}

export interface PartnerPasswordResetsTable {
  token_hash: string;
  partner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PartnerPasswordHistoryTable {
  id: string;
  partner_id: string;
  password_hash: string;
  created_at: string;
}

export interface PlansTable {
  id: string;
  code: string;
  name: string;
  computers: number;
  users: number;
  monthly_price_minor: number;
  yearly_price_minor: number;
  currency: string;
  rank: number;
  is_active: Generated<number>;
}

export interface BillingAccountsTable {
  account_id: string;
  plan_id: string | null;
  /** 'month' | 'year' */
  term: Generated<string>;
  renew_term: Generated<string>;
  auto_renew: Generated<number>;
  address1: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  /** ISO 3166-1 alpha-2. */
  country: Generated<string>;
  /** The payment gateway's token for the card on file; never the number or the CVV. */
  card_token: Generated<string>;
  card_brand: Generated<string>;
  card_last4: Generated<string>;
  card_exp_month: Generated<number>;
  card_exp_year: Generated<number>;
  card_holder: Generated<string>;
  updated_at: string;
}

/** A charge asked of the gateway, written before it is made (services/payments/attempts.ts). */
/** Fingerprints of the shared keys (server/services/cluster/key-fingerprints.ts). */
export interface KeyFingerprintsTable {
  /** The variable that sets the key: 'TOKEN_SECRET' | 'CSRF_SECRET' | 'FIELD_ENCRYPTION_KEY'. */
  name: string;
  fingerprint: string;
  /** 'current' (in force) | 'retired' (replaced by a rotation) */
  state: string;
  recorded_at: string;
}

/** What a running server publishes for the operators' commands (services/server-settings.ts). */
export interface ServerSettingsTable {
  /** 'public_origin' */
  name: string;
  value: string;
  updated_at: string;
}

/** Rate-limit counters every instance shares (server/plugins/rate-limit-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (PostgreSQL answers a bigint as a string). */
  window_ends_at: ColumnType<number | string, number, number>;
}

/** One row per job and time slot: who ran it, and how it ended (server/services/cluster/jobs.ts). */
export interface JobRunsTable {
  job: string;
  slot: string;
  instance: string;
  started_at: string;
  finished_at: string | null;
  outcome: string | null;
}

/** The sandbox gateway's answers by idempotency key (server/services/payments/sandbox.ts). */
export interface SandboxGatewayOperationsTable {
  idempotency_key: string;
  /** 'charge' | 'refund' */
  kind: string;
  token: string;
  amount_minor: number;
  currency: string;
  ok: number;
  reference: string | null;
  reason: string | null;
  created_at: string;
}

/** Mail waiting for delivery, or delivered (server/services/mail.ts). */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

export interface PaymentAttemptsTable {
  id: string;
  idempotency_key: string;
  /** None yet for a paid signup: the account exists only once the card has paid. */
  account_id: string | null;
  /** 'upgrade' | 'signup' | 'pending_charges' */
  purpose: string;
  /** The gateway's card token (never the number), to give the money back. */
  token: string;
  amount_minor: number;
  currency: string;
  description: string;
  /** 'started' | 'recorded' | 'declined' | 'refunded' | 'refund_failed' | 'abandoned' */
  status: string;
  gateway_ref: string | null;
  detail: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface InvoicesTable {
  id: string;
  account_id: string;
  number: string;
  kind: string;
  /** 'PAID' | 'DUE' | 'REFUNDED' */
  status: string;
  issued_at: string;
  due_at: string;
  period_start: string;
  period_end: string;
  currency: string;
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  tax_type: Generated<string>;
  tax_rate_bp: Generated<number>;
  tax_label: Generated<string>;
  is_reverse_charge: Generated<number>;
  buyer_json: string;
  lines_json: string;
  idempotency_key: string | null;
}

export interface TransactionsTable {
  id: string;
  account_id: string;
  invoice_id: string | null;
  /** 'charge' | 'refund' | 'failed' */
  kind: string;
  amount_minor: number;
  tax_minor: number;
  tax_rate_bp: number;
  currency: string;
  card_brand: Generated<string>;
  card_last4: Generated<string>;
  description: string;
  gateway_ref: Generated<string>;
  failure_reason: Generated<string>;
  created_at: string;
  idempotency_key: string | null;
}

export interface PendingChargesTable {
  id: string;
  account_id: string;
  invoice_id: string | null;
  amount_minor: number;
  currency: string;
  description: string;
  due_at: string;
  /** 'open' | 'paid' */
  status: string;
  period_key: string;
  created_at: string;
  paid_at: string | null;
}

export interface DB {
  reseller_accounts: ResellerAccountsTable;
  users: UsersTable;
  invitations: InvitationsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  computer_groups: ComputerGroupsTable;
  computers: ComputersTable;
  computer_comments: ComputerCommentsTable;
  computer_messages: ComputerMessagesTable;
  partners: PartnersTable;
  sessions: SessionsTable;
  trusted_browsers: TrustedBrowsersTable;
  idempotency_keys: IdempotencyKeysTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  partner_email_changes: PartnerEmailChangesTable;
  signup_verifications: SignupVerificationsTable;
  captcha_passes: CaptchaPassesTable;
  captcha_uses: CaptchaUsesTable;
  password_history: PasswordHistoryTable;
  twofa_settings: TwofaSettingsTable;
  twofa_codes: TwofaCodesTable;
  twofa_challenges: TwofaChallengesTable;
  support_otp_codes: SupportOtpCodesTable;
  plans: PlansTable;
  billing_accounts: BillingAccountsTable;
  invoices: InvoicesTable;
  transactions: TransactionsTable;
  pending_charges: PendingChargesTable;
  payment_attempts: PaymentAttemptsTable;
  key_fingerprints: KeyFingerprintsTable;
  rate_limit_counters: RateLimitCountersTable;
  server_settings: ServerSettingsTable;
  job_runs: JobRunsTable;
  sandbox_gateway_operations: SandboxGatewayOperationsTable;
  mail_outbox: MailOutboxTable;
  partner_commission_rules: PartnerCommissionRulesTable;
  partner_clicks: PartnerClicksTable;
  partner_referrals: PartnerReferralsTable;
  partner_referral_payments: PartnerReferralPaymentsTable;
  partner_commissions: PartnerCommissionsTable;
  partner_password_resets: PartnerPasswordResetsTable;
  partner_password_history: PartnerPasswordHistoryTable;
}
