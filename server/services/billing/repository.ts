import crypto from 'node:crypto';
import { recordReferralPayment } from '../partners/commissions';
import type { Executor } from '../../db/database';
import type { InvoiceLine } from '../../../src/domain/api/billing';
import type { Term } from './proration';

/** The account's billing row, created with defaults the first time it is needed. */
export async function ensureBillingAccount(db: Executor, accountId: string, now: string) {
  const existing = await db
    .selectFrom('billing_accounts')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('billing_accounts')
    .values({ account_id: accountId, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  return db
    .selectFrom('billing_accounts')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
}

export async function loadAccountBundle(db: Executor, accountId: string, now: string) {
  const account = await db
    .selectFrom('reseller_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const billing = await ensureBillingAccount(db, accountId, now);
  const plan = billing.plan_id
    ? ((await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', billing.plan_id)
        .executeTakeFirst()) ?? null)
    : null;
  const admin = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name'])
    .where('account_id', '=', accountId)
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .executeTakeFirst();
  return { account, billing, plan, admin };
}
export type AccountBundle = Awaited<ReturnType<typeof loadAccountBundle>>;

export const listActivePlans = (db: Executor) =>
  db.selectFrom('plans').selectAll().where('is_active', '=', 1).orderBy('rank').execute();

export const findPlanByCode = (db: Executor, code: string) =>
  db
    .selectFrom('plans')
    .selectAll()
    .where('code', '=', code)
    .where('is_active', '=', 1)
    .executeTakeFirst();

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlanByCode>>>;

export const priceOf = (plan: PlanRow, term: Term): number =>
  term === 'year' ? plan.yearly_price_minor : plan.monthly_price_minor;

export function invoiceNumber(issuedAt: string): string {
  const stamp = issuedAt.slice(0, 7).replace('-', '');
  return `INV-${stamp}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
}

export interface NewInvoice {
  accountId: string;
  kind: 'subscription' | 'renewal' | 'upgrade';
  status: 'PAID' | 'DUE' | 'REFUNDED';
  issuedAt: string;
  dueAt: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  lines: InvoiceLine[];
  tax: { type: string; rateBp: number; taxMinor: number; label: string; isReverseCharge: boolean };
  buyer: { name: string; lines: string[]; taxId: string };
  idempotencyKey?: string;
}

export async function insertInvoice(db: Executor, invoice: NewInvoice): Promise<string> {
  const id = crypto.randomUUID();
  const subtotal = invoice.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  await db
    .insertInto('invoices')
    .values({
      id,
      account_id: invoice.accountId,
      number: invoiceNumber(invoice.issuedAt),
      kind: invoice.kind,
      status: invoice.status,
      issued_at: invoice.issuedAt,
      due_at: invoice.dueAt,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      currency: invoice.currency,
      subtotal_minor: subtotal,
      tax_minor: invoice.tax.taxMinor,
      total_minor: subtotal + invoice.tax.taxMinor,
      tax_type: invoice.tax.type,
      tax_rate_bp: invoice.tax.rateBp,
      tax_label: invoice.tax.label,
      is_reverse_charge: invoice.tax.isReverseCharge ? 1 : 0,
      buyer_json: JSON.stringify(invoice.buyer),
      lines_json: JSON.stringify(invoice.lines),
      idempotency_key: invoice.idempotencyKey ?? null,
    })
    .execute();
  return id;
}

export interface NewTransaction {
  accountId: string;
  invoiceId: string | null;
  kind: 'charge' | 'refund' | 'failed';
  amountMinor: number;
  taxMinor: number;
  rateBp: number;
  currency: string;
  cardBrand: string;
  cardLast4: string;
  description: string;
  gatewayRef?: string;
  failureReason?: string;
  createdAt: string;
  idempotencyKey?: string;
}

export async function insertTransaction(db: Executor, row: NewTransaction): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('transactions')
    .values({
      id,
      account_id: row.accountId,
      invoice_id: row.invoiceId,
      kind: row.kind,
      amount_minor: row.amountMinor,
      tax_minor: row.taxMinor,
      tax_rate_bp: row.rateBp,
      currency: row.currency,
      card_brand: row.cardBrand,
      card_last4: row.cardLast4,
      description: row.description,
      gateway_ref: row.gatewayRef ?? '',
      failure_reason: row.failureReason ?? '',
      created_at: row.createdAt,
      idempotency_key: row.idempotencyKey ?? null,
    })
    .execute();
  return id;
}

/**
 * A successful charge: its transaction, and, when the account came through a partner's link, the
 * payment credited to that partner's referral (commission on the amount net of tax). Runs in the
 * caller's transaction, so a charge and its commission are written together.
 */
export async function recordPaidCharge(
  db: Executor,
  row: Omit<NewTransaction, 'kind'>,
): Promise<string> {
  const id = await insertTransaction(db, { ...row, kind: 'charge' });
  const referral = await db
    .selectFrom('partner_referrals')
    .select('id')
    .where('reseller_account_id', '=', row.accountId)
    .executeTakeFirst();
  if (referral) {
    await recordReferralPayment(db, {
      referralId: referral.id,
      amountMinor: row.amountMinor - row.taxMinor,
      currency: row.currency,
      paidAt: row.createdAt,
      description: row.description,
    });
  }
  return id;
}

/** The account's open pending charges, the earliest due first. */
export async function openPendingCharges(db: Executor, accountId: string) {
  return db
    .selectFrom('pending_charges')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .orderBy('due_at')
    .execute();
}
