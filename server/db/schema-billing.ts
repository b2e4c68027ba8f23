import type { Generated } from 'kysely';

/*
 * Plans, billing accounts, invoices, transactions, pending charges and the payment ledger. Column
 * conventions: schema.ts.
 */

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
/** A charge asked of the gateway, written before it is made (services/payments/attempts.ts). */
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
