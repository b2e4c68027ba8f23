import { accountValues } from '../../../src/domain/constants';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database, Executor } from '../../db/database';
import { nowIso } from '../clock';
import { beginAttempt, giveBack, keyForCharge, markAttempt } from '../payments/attempts';
import { cardLabel } from './account-view';
import { paymentGateway } from './active-gateway';
import { declined, declineText, nothingMore, type InPaymentTransaction } from './card-on-file';
import {
  insertTransaction,
  loadAccountBundle,
  openPendingCharges,
  recordPaidCharge,
  type AccountBundle,
} from './repository';

/** A concurrent call settled some of the charges this one read as open: nothing is written. */
class PendingChargesTaken extends Error {}

/**
 * Charges the open pending charges to the card on file; reactivates a CCFAILEDACC account.
 *
 * Two calls at once (a double click, two tabs) read the same open charges and send the gateway
 * the same idempotency key, so the card is charged once; the pending charges are then claimed
 * with a conditional update (open -> paid) in the transaction that writes the payment, and only
 * the call that claims them all records it. The other answers as the winner did when its charge
 * is the one recorded, and otherwise gives its own charge back.
 */
export async function payPendingCharges(
  db: Database,
  accountId: string,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const pending = await openPendingCharges(db, accountId);
  if (pending.length === 0) {
    throw new AppError('NO_PENDING_CHARGE', formatMessage('generic.error'));
  }
  if (!bundle.billing.card_token) throw declined('not_processed', 'cardNumber');
  const total = pending.reduce((sum, charge) => sum + charge.amount_minor, 0);
  const currency = pending[0]?.currency ?? 'USD';
  const key = await keyForCharge(
    db,
    `pending:${pending.map((charge) => charge.id).join(',')}:${bundle.billing.card_token}`,
  );
  const chargeRequest = {
    token: bundle.billing.card_token,
    amountMinor: total,
    currency,
    description: 'Pending charges',
    idempotencyKey: key,
  };
  await beginAttempt(db, 'pending_charges', accountId, chargeRequest, now);
  const result = await paymentGateway(db).charge(chargeRequest);
  if (!result.ok) {
    await db.transaction().execute(async (tx) => {
      await markAttempt(tx, key, 'declined', now);
      await insertTransaction(tx, {
        accountId,
        invoiceId: pending[0]?.invoice_id ?? null,
        kind: 'failed',
        amountMinor: total,
        taxMinor: 0,
        rateBp: 0,
        currency,
        ...cardLabel(bundle.billing),
        description: 'Pending charges',
        failureReason: declineText(result.reason),
        createdAt: now,
      });
      await tx
        .updateTable('reseller_accounts')
        .set({ attempted_for_pending_charges: 1 })
        .where('id', '=', accountId)
        .execute();
    });
    throw declined(result.reason);
  }
  const wasSuspended = bundle.account.account_status === accountValues.CCFAILEDACC;
  const answer = {
    text: wasSuspended
      ? formatMessage('account.reactivated')
      : formatMessage('pending.charges.applied'),
    reactivated: wasSuspended,
  };
  try {
    await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('pending_charges')
        .set({ status: 'paid', paid_at: now })
        .where(
          'id',
          'in',
          pending.map((charge) => charge.id),
        )
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== pending.length) throw new PendingChargesTaken();
      await recordPendingPayment(tx, bundle, pending, result.reference, now);
      await alongside(tx, { invoiceIds: pending.map((charge) => charge.invoice_id) });
      await markAttempt(tx, key, 'recorded', now, { gatewayRef: result.reference });
    });
  } catch (error) {
    if (!(error instanceof PendingChargesTaken)) throw error;
    const recorded = await db
      .selectFrom('transactions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'charge')
      .where('gateway_ref', '=', result.reference)
      .executeTakeFirst();
    if (recorded) return answer;
    // Another charge (another card, or another set of charges) paid them: this one goes back.
    // Its key is never sent again for a charge, since these pending charges are no longer open.
    await giveBack(db, paymentGateway(db), chargeRequest, nowIso());
    throw new AppError('PENDING_CHARGES_CHANGED', formatMessage('generic.error'), { status: 409 });
  }
  return answer;
}

/** The paid pending charges' invoices, transactions and commissions, and the account's state. */
async function recordPendingPayment(
  tx: Executor,
  bundle: AccountBundle,
  pending: Awaited<ReturnType<typeof openPendingCharges>>,
  reference: string,
  now: string,
): Promise<void> {
  const accountId = bundle.account.id;
  const wasSuspended = bundle.account.account_status === accountValues.CCFAILEDACC;
  let endDate = bundle.account.end_date;
  for (const charge of pending) {
    const invoice = charge.invoice_id
      ? await tx
          .selectFrom('invoices')
          .selectAll()
          .where('id', '=', charge.invoice_id)
          .executeTakeFirst()
      : undefined;
    if (invoice) {
      await tx
        .updateTable('invoices')
        .set({ status: 'PAID' })
        .where('id', '=', invoice.id)
        .execute();
      if (invoice.period_end > endDate) endDate = invoice.period_end;
    }
    await recordPaidCharge(tx, {
      accountId,
      invoiceId: charge.invoice_id,
      amountMinor: charge.amount_minor,
      taxMinor: invoice?.tax_minor ?? 0,
      rateBp: invoice?.tax_rate_bp ?? 0,
      currency: charge.currency,
      ...cardLabel(bundle.billing),
      description: charge.description,
      gatewayRef: reference,
      createdAt: now,
    });
  }
  await tx
    .updateTable('reseller_accounts')
    .set({
      is_pending_charge: 0,
      attempted_for_pending_charges: 0,
      end_date: endDate,
      ...(wasSuspended ? { account_status: 'A' } : {}),
    })
    .where('id', '=', accountId)
    .execute();
}

/** Whether signing in is held up by charges past their due date: pay (admin) or contact support. */
export async function pastDueAction(
  db: Executor,
  userId: string,
): Promise<'pay' | 'contact' | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('pending_charges', 'pending_charges.account_id', 'users.account_id')
    .select(['users.role'])
    .where('users.id', '=', userId)
    .where('pending_charges.status', '=', 'open')
    .where('pending_charges.due_at', '<=', nowIso())
    .executeTakeFirst();
  if (!row) return null;
  return row.role === 'admin' ? 'pay' : 'contact';
}
