import type {
  CaptchaPassesTable,
  CaptchaUsesTable,
  ComputerCommentsTable,
  ComputerGroupsTable,
  ComputerMessagesTable,
  ComputersTable,
  InvitationsTable,
  ResellerAccountsTable,
  SignupVerificationsTable,
  TeamMembersTable,
  TeamsTable,
  UsersTable,
} from './schema-accounts';
import type {
  ApiKeysTable,
  AuditLogTable,
  EmailChangesTable,
  PartnerEmailChangesTable,
  PasswordHistoryTable,
  PasswordResetsTable,
  RefreshTokensTable,
  SessionsTable,
  SupportOtpCodesTable,
  TrustedBrowsersTable,
  TwofaChallengesTable,
  TwofaCodesTable,
  TwofaSettingsTable,
} from './schema-auth';
import type {
  PartnerClicksTable,
  PartnerCommissionRulesTable,
  PartnerCommissionsTable,
  PartnerPasswordHistoryTable,
  PartnerPasswordResetsTable,
  PartnerReferralPaymentsTable,
  PartnerReferralsTable,
  PartnersTable,
} from './schema-partners';
import type {
  BillingAccountsTable,
  InvoicesTable,
  PaymentAttemptsTable,
  PendingChargesTable,
  PlansTable,
  SandboxGatewayOperationsTable,
  TransactionsTable,
} from './schema-billing';
import type {
  IdempotencyKeysTable,
  JobRunsTable,
  KeyFingerprintsTable,
  MailOutboxTable,
  RateLimitCountersTable,
  ServerSettingsTable,
} from './schema-cluster';
import type {
  SsoConfigsTable,
  SsoIdentitiesTable,
  SsoRequestsTable,
  SsoSeenAssertionsTable,
} from './schema-sso';

/*
 * Portable column conventions (the same migrations run on SQLite and PostgreSQL):
 * ids are text UUIDs made by the server, timestamps are ISO-8601 UTC text (they sort as text),
 * booleans are integers 0/1, money is integer minor units with its currency.
 * `Generated<T>` marks a column with a database default (optional on insert).
 * The tables are declared by area in schema-*.ts; `DB` lists them all.
 */

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
  sso_configs: SsoConfigsTable;
  sso_identities: SsoIdentitiesTable;
  sso_requests: SsoRequestsTable;
  sso_seen_assertions: SsoSeenAssertionsTable;
}
