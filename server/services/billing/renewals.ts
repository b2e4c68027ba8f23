import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import { addDays, nowIso } from '../clock';
import { computeTax, type TaxResult } from '../tax/tax';
import { buyerOf, taxProfileOf } from './account-view';
import { paymentGateway } from './active-gateway';
import { declineText } from './card-on-file';
import { termEnd, type Term } from './proration';
import type { ChargeRequest, ChargeResult } from '../payments/gateway';
import { beginAttempt, giveBack, keyForCharge, markAttempt } from '../payments/attempts';
import {
  insertInvoice,
  insertTransaction,
  loadAccountBundle,
  type AccountBundle,
  priceOf,
  recordPaidCharge,
} from './repository';

export interface RenewalReport {
  renewed: number;
  failed: number;
  skipped: number;
}

/** Days a failed renewal's pending charge stays payable before sign-in asks for it. */
export const PENDING_GRACE_DAYS = 7;

/**
 * Renews every paid, active, auto-renewing subscription whose term has ended: charges the card on
 * file and issues the invoice, or marks the account CCFAILEDACC with a pending charge. The period
 * key (account + old end date) is unique in the database and the gateway sees the same
 * idempotency key, so a second run (or two runs at once) charges once.
 */
export async function runRenewals(db: Database, now: string = nowIso()): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, skipped: 0 };
  const due = await db
    .selectFrom('billing_accounts as b')
    .innerJoin('reseller_accounts as a', 'a.id', 'b.account_id')
    .select(['a.id'])
    .where('b.auto_renew', '=', 1)
    .where('b.plan_id', 'is not', null)
    .where('a.subscription_type', '=', 'PAID')
    .where('a.account_status', '=', 'A')
    .where('a.end_date', '<=', now)
    .execute();
  for (const { id } of due) {
    try {
      const outcome = await renewOne(db, id, now);
      report[outcome] += 1;
    } catch {
      // A unique-key clash means another run got there first.
      report.skipped += 1;
    }
  }
  return report;
}

async function renewOne(db: Database, accountId: string, now: string) {
  const bundle = await loadAccountBundle(db, accountId, now);
  const { plan, billing, account } = bundle;
  // Re-checked on fresh data: another run may have renewed since the list was read, and the
  // period key below is only unique for the end date read here.
  const isStillDue =
    account.end_date <= now &&
    account.account_status === 'A' &&
    billing.auto_renew === 1 &&
    account.subscription_type === 'PAID';
  if (!plan || !isStillDue) return 'skipped' as const;
  const periodKey = `renew:${accountId}:${account.end_date}`;
  const seen = await db
    .selectFrom('invoices')
    .select('id')
    .where('idempotency_key', '=', periodKey)
    .executeTakeFirst();
  if (seen) return 'skipped' as const;
  const term: Term = billing.renew_term === 'month' ? 'month' : 'year';
  const subtotal = priceOf(plan, term);
  const tax = computeTax(taxProfileOf(bundle), subtotal);
  const total = subtotal + tax.taxMinor;
  const description = `${plan.name} (${term === 'year' ? 'yearly' : 'monthly'}) renewal`;
  const request: ChargeRequest | undefined = billing.card_token
    ? {
        token: billing.card_token,
        amountMinor: total,
        currency: plan.currency,
        description,
        idempotencyKey: await keyForCharge(db, periodKey),
      }
    : undefined;
  // The ledger first: the attempt's row is this run's claim on the charge. Another run (another
  // instance, or the command beside the server) that wrote it first is charging it: skip.
  if (request && !(await beginAttempt(db, 'renewal', accountId, request, now))) {
    return 'skipped' as const;
  }
  const charge = request
    ? await paymentGateway(db).charge(request)
    : ({ ok: false, reason: 'not_processed' } as const);
  try {
    return await recordRenewal(db, {
      bundle,
      now,
      periodKey,
      term,
      subtotal,
      tax,
      total,
      description,
      charge,
      attemptKey: request?.idempotencyKey,
    });
  } catch (error) {
    // Nothing was written: the money goes back (a failed refund stays on the ledger, retried).
    if (request && charge.ok) await giveBack(db, paymentGateway(db), request, nowIso());
    throw error;
  }
}

interface RenewalRecord {
  bundle: AccountBundle;
  now: string;
  periodKey: string;
  term: Term;
  subtotal: number;
  tax: TaxResult;
  total: number;
  description: string;
  charge: ChargeResult;
  /** The ledger's key, when a charge was asked for. */
  attemptKey: string | undefined;
}

/** Writes the renewal's outcome in one transaction, with the ledger's mark. */
async function recordRenewal(db: Database, record: RenewalRecord) {
  const { bundle, now, periodKey, term, subtotal, tax, total, description, charge } = record;
  const { plan, billing, account } = bundle;
  if (!plan) throw new Error('renewal without a plan');
  const accountId = account.id;
  const periodStart = account.end_date;
  const periodEnd = termEnd(periodStart, term);
  const card = { cardBrand: billing.card_brand, cardLast4: billing.card_last4 };
  return db.transaction().execute(async (tx) => {
    const invoiceId = await insertInvoice(tx, {
      accountId,
      kind: 'renewal',
      status: charge.ok ? 'PAID' : 'DUE',
      issuedAt: now,
      dueAt: charge.ok ? now : addDays(now, PENDING_GRACE_DAYS),
      periodStart,
      periodEnd,
      currency: plan.currency,
      lines: [{ description, quantity: 1, unitMinor: subtotal, amountMinor: subtotal }],
      tax,
      buyer: buyerOf(bundle),
      idempotencyKey: periodKey,
    });
    const base = {
      accountId,
      invoiceId,
      amountMinor: total,
      taxMinor: tax.taxMinor,
      rateBp: tax.rateBp,
      currency: plan.currency,
      ...card,
      description,
      createdAt: now,
      idempotencyKey: periodKey,
    };
    if (record.attemptKey) {
      await markAttempt(tx, record.attemptKey, charge.ok ? 'recorded' : 'declined', now, {
        ...(charge.ok ? { gatewayRef: charge.reference } : {}),
      });
    }
    // Paid or not, the account moves to the term it renews for.
    await tx
      .updateTable('billing_accounts')
      .set({ term, updated_at: now })
      .where('account_id', '=', accountId)
      .execute();
    if (charge.ok) {
      await recordPaidCharge(tx, { ...base, gatewayRef: charge.reference });
      await tx
        .updateTable('reseller_accounts')
        .set({
          start_date: periodStart,
          end_date: periodEnd,
          yearly_fee_minor: plan.yearly_price_minor,
        })
        .where('id', '=', accountId)
        .execute();
      return 'renewed' as const;
    }
    await insertTransaction(tx, {
      ...base,
      kind: 'failed',
      failureReason: declineText(charge.reason),
    });
    await tx
      .insertInto('pending_charges')
      .values({
        id: crypto.randomUUID(),
        account_id: accountId,
        invoice_id: invoiceId,
        amount_minor: total,
        currency: plan.currency,
        description,
        due_at: addDays(now, PENDING_GRACE_DAYS),
        status: 'open',
        period_key: periodKey,
        created_at: now,
        paid_at: null,
      })
      .execute();
    await tx
      .updateTable('reseller_accounts')
      .set({ account_status: 'CCFAILEDACC', is_pending_charge: 1 })
      .where('id', '=', accountId)
      .execute();
    return 'failed' as const;
  });
}
