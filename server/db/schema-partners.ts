import type { Generated } from 'kysely';

/*
 * Partners: their accounts, clicks, referrals, commissions and passwords. Column conventions:
 * schema.ts.
 */

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
