import crypto from 'node:crypto';
import { cardFieldsSchema, type InvoiceLine } from '../../../src/domain/api/billing';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database, Executor } from '../../db/database';
import { addDays, nowIso } from '../clock';
import { beginAttempt, giveBack, markAttempt } from '../payments/attempts';
import type { StoredCard } from '../payments/gateway';
import { buyerOf, cardLabel } from './account-view';
import { paymentGateway } from './active-gateway';
import {
  cardColumns,
  declined,
  declineText,
  nothingMore,
  tokenizeOrThrow,
  type InPaymentTransaction,
} from './card-on-file';
import type { Term } from './proration';
import {
  findPlanByCode,
  insertInvoice,
  insertTransaction,
  loadAccountBundle,
  recordPaidCharge,
  type AccountBundle,
} from './repository';
import { quoteUpgrade, type Quote } from './upgrade-quote';

/** The plan changed between the quote and the write (another upgrade at the same time). */
class PlanChangedMeanwhile extends Error {}

export async function applyUpgrade(
  tx: Executor,
  bundle: AccountBundle,
  quote: Quote,
  now: string,
  payment:
    | { mode: 'card'; card: StoredCard | null; holder: string; reference: string }
    | { mode: 'invoice' },
): Promise<string> {
  const accountId = bundle.account.id;
  // The quote was made from the plan and term read before the charge; the plan only changes if
  // they are still the same, so two upgrades at once cannot both apply (and both be paid).
  const { plan_id: quotedPlanId, term: quotedTerm } = bundle.billing;
  const switched = await tx
    .updateTable('billing_accounts')
    .set({
      plan_id: quote.plan.id,
      term: quote.term,
      renew_term: quote.term,
      updated_at: now,
      ...(payment.mode === 'card' && payment.card ? cardColumns(payment.card, payment.holder) : {}),
    })
    .where('account_id', '=', accountId)
    .where('plan_id', quotedPlanId === null ? 'is' : '=', quotedPlanId)
    .where('term', '=', quotedTerm)
    .executeTakeFirst();
  if (Number(switched.numUpdatedRows) !== 1) throw new PlanChangedMeanwhile();
  const lines: InvoiceLine[] = [
    {
      description: quote.lineText,
      quantity: 1,
      unitMinor: quote.subtotalMinor,
      amountMinor: quote.subtotalMinor,
    },
  ];
  const invoiceId = await insertInvoice(tx, {
    accountId,
    kind: 'upgrade',
    status: payment.mode === 'card' ? 'PAID' : 'DUE',
    issuedAt: now,
    dueAt: payment.mode === 'card' ? now : addDays(now, 30),
    periodStart: quote.periodStart,
    periodEnd: quote.periodEnd,
    currency: quote.currency,
    lines,
    tax: { ...quote.tax, type: quote.tax.type },
    buyer: buyerOf(bundle),
  });
  await tx
    .updateTable('reseller_accounts')
    .set({
      subscription_type: 'PAID',
      account_status: 'A',
      payment_mode: payment.mode === 'card' ? 'CARD' : 'INVOICE',
      yearly_fee_minor: quote.plan.yearly_price_minor,
      currency: quote.currency,
      ...(quote.isNewTerm ? { start_date: now, end_date: quote.periodEnd } : {}),
    })
    .where('id', '=', accountId)
    .execute();
  if (payment.mode === 'card') {
    const billing = await tx
      .selectFrom('billing_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    await recordPaidCharge(tx, {
      accountId,
      invoiceId,
      amountMinor: quote.totalMinor,
      taxMinor: quote.taxMinor,
      rateBp: quote.rateBp,
      currency: quote.currency,
      ...cardLabel(billing),
      description: quote.lineText,
      gatewayRef: payment.reference,
      createdAt: now,
    });
  }
  return invoiceId;
}

export interface UpgradeCardRequest {
  useCardOnFile: boolean;
  cardNumber?: string;
  cvv?: string;
  expMonth?: string;
  expYear?: string;
  holder?: string;
}

/**
 * Why an upgrade's transaction failed, as the caller should hear it: when another upgrade changed
 * the plan meanwhile, the refusal a fresh quote gives ("You are already subscribed to this plan",
 * the downgrade text); otherwise the spec's "try again later".
 */
async function upgradeFailure(
  db: Database,
  error: unknown,
  accountId: string,
  planCode: string,
  term: Term | undefined,
): Promise<AppError> {
  const failed = new AppError('UPGRADE_FAILED', formatMessage('upgrade.failed'), { status: 503 });
  if (!(error instanceof PlanChangedMeanwhile)) return failed;
  try {
    const now = nowIso();
    const fresh = await loadAccountBundle(db, accountId, now);
    quoteUpgrade(fresh, await findPlanByCode(db, planCode), term, now);
  } catch (refusal) {
    if (refusal instanceof AppError) return refusal;
  }
  return failed;
}

/** POST continueUpg: pay by card (on file or new), then change the plan in one transaction. */
export async function upgradeByCard(
  db: Database,
  accountId: string,
  planCode: string,
  term: Term | undefined,
  cardRequest: UpgradeCardRequest,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const quote = quoteUpgrade(bundle, await findPlanByCode(db, planCode), term, now);
  let newCard: StoredCard | null = null;
  let holder = bundle.billing.card_holder;
  if (!cardRequest.useCardOnFile) {
    const parsed = cardFieldsSchema.safeParse({
      cardNumber: cardRequest.cardNumber ?? '',
      cvv: cardRequest.cvv ?? '',
      expMonth: cardRequest.expMonth ?? '',
      expYear: cardRequest.expYear ?? '',
      holder: cardRequest.holder ?? '',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(errorCodes.RULE_FAILED, issue?.message ?? formatMessage('generic.error'), {
        field: issue?.path.join('.'),
      });
    }
    newCard = await tokenizeOrThrow(db, parsed.data);
    holder = parsed.data.holder;
  }
  const token = newCard?.token ?? bundle.billing.card_token;
  if (!token) throw declined('not_processed', 'cardNumber');
  const chargeRequest = {
    token,
    amountMinor: quote.totalMinor,
    currency: quote.currency,
    description: quote.lineText,
    idempotencyKey: `upgrade:${accountId}:${crypto.randomUUID()}`,
  };
  const isCharged = quote.totalMinor > 0;
  if (isCharged) await beginAttempt(db, 'upgrade', accountId, chargeRequest, now);
  const charge = isCharged
    ? await paymentGateway(db).charge(chargeRequest)
    : ({ ok: true, reference: 'no-charge' } as const);
  if (!charge.ok) {
    await markAttempt(db, chargeRequest.idempotencyKey, 'declined', now);
    const label = newCard
      ? { cardBrand: newCard.brand, cardLast4: newCard.last4 }
      : cardLabel(bundle.billing);
    await insertTransaction(db, {
      accountId,
      invoiceId: null,
      kind: 'failed',
      amountMinor: quote.totalMinor,
      taxMinor: quote.taxMinor,
      rateBp: quote.rateBp,
      currency: quote.currency,
      ...label,
      description: quote.lineText,
      failureReason: declineText(charge.reason),
      createdAt: now,
    });
    throw declined(charge.reason);
  }
  try {
    const invoiceId = await db.transaction().execute(async (tx) => {
      const id = await applyUpgrade(tx, bundle, quote, now, {
        mode: 'card',
        card: newCard,
        holder,
        reference: charge.reference,
      });
      await alongside(tx, { invoiceId: id });
      if (isCharged) {
        await markAttempt(tx, chargeRequest.idempotencyKey, 'recorded', now, {
          gatewayRef: charge.reference,
        });
      }
      return id;
    });
    return { text: formatMessage('upgrade.success'), invoiceId };
  } catch (error) {
    // Nothing was written, so the money goes back (a failed refund stays on the ledger, retried).
    if (isCharged) await giveBack(db, paymentGateway(db), chargeRequest, nowIso());
    throw await upgradeFailure(db, error, accountId, planCode, term);
  }
}

/** POST continueInvoiceUpg: change the plan now and issue an invoice due in 30 days. */
export async function upgradeByInvoice(
  db: Database,
  accountId: string,
  planCode: string,
  term: Term | undefined,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const quote = quoteUpgrade(bundle, await findPlanByCode(db, planCode), term, now);
  try {
    const invoiceId = await db.transaction().execute(async (tx) => {
      const id = await applyUpgrade(tx, bundle, quote, now, { mode: 'invoice' });
      await alongside(tx, { invoiceId: id });
      return id;
    });
    return { text: formatMessage('upgrade.success'), invoiceId };
  } catch (error) {
    throw await upgradeFailure(db, error, accountId, planCode, term);
  }
}
