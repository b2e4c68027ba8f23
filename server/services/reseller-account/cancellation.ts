import type { Database } from '../../db/database';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage, messages } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import { recordAudit, type AuditEntry } from '../audit';
import { paymentGateway } from '../billing/active-gateway';
import { prorate } from '../billing/proration';
import { insertTransaction, loadAccountBundle } from '../billing/repository';
import { nowIso } from '../clock';
import { recordReferralRefund } from '../partners/commissions';
import { isExpiryInFuture } from '../payments/sandbox';
import { verifyPassword } from '../passwords';
import { assertCan, forbidden, loadActor } from '../reseller-users/actor';

export interface CancellationResult {
  /** The spec's success text, or its variant when the refund could not be made. */
  text: string;
  refundedMinor: number;
  currency: string;
}

/**
 * What is owed back: for every paid invoice whose period is still running, the share of its
 * total (tax included) for the whole days left, as the upgrade's proration counts them.
 */
async function refundDue(db: Database, accountId: string, now: string) {
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'total_minor', 'tax_minor', 'period_start', 'period_end', 'currency'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'PAID')
    .where('period_end', '>', now)
    .execute();
  let amountMinor = 0;
  let taxMinor = 0;
  for (const invoice of invoices) {
    const term = { start: invoice.period_start, end: invoice.period_end };
    amountMinor += prorate(invoice.total_minor, term, now).amountMinor;
    taxMinor += prorate(invoice.tax_minor, term, now).amountMinor;
  }
  return { amountMinor, taxMinor, invoiceIds: invoices.map((invoice) => invoice.id) };
}

/**
 * Cancels a reseller account (POST /reseller/ecom/cancelAccount): the administrator confirms with
 * the password; open pending charges block it; the unused part of the paid term goes back to the
 * card on file. The account and every sub-user lose access at once (all sessions end; the API
 * key stops working because requireApiKey refuses cancelled accounts).
 */
export async function cancelResellerAccount(
  db: Database,
  input: { userId: string; password: string; audit: Pick<AuditEntry, 'ip' | 'userAgent'> },
): Promise<CancellationResult> {
  const actor = await loadActor(db, input.userId);
  assertCan(actor, 'account.cancel');
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  if (!user) throw forbidden();
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await recordAudit(db, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'account.cancel.failed',
      ...input.audit,
    });
    throw new AppError(errorCodes.INVALID_PASSWORD, messages['password.incorrect'], {
      status: 400,
      field: 'password',
    });
  }
  const now = nowIso();
  const open = await db
    .selectFrom('pending_charges')
    .select('id')
    .where('account_id', '=', actor.accountId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) {
    throw new AppError('PENDING_CHARGES', formatMessage('account.cancel.pending.amount'), {
      status: 400,
    });
  }

  const bundle = await loadAccountBundle(db, actor.accountId, now);
  const due = await refundDue(db, actor.accountId, now);
  const { billing } = bundle;
  const currency = bundle.account.currency || 'USD';
  let refundFailed = false;
  let refundRef = '';
  if (due.amountMinor > 0) {
    const cardUsable =
      billing.card_token !== '' &&
      isExpiryInFuture(billing.card_exp_month, billing.card_exp_year, new Date(now));
    // The gateway call happens before the database changes: money moved is never rolled back,
    // and the idempotency key makes a retried cancellation refund once only.
    const result = cardUsable
      ? await paymentGateway(db).refund({
          token: billing.card_token,
          amountMinor: due.amountMinor,
          currency,
          description: `Refund on cancellation of ${bundle.account.company_name}`,
          idempotencyKey: `cancel:${actor.accountId}:${due.invoiceIds.join(',')}`,
        })
      : ({ ok: false, reason: 'payment_failed' } as const);
    refundFailed = !result.ok;
    if (result.ok) refundRef = result.reference;
  }

  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('reseller_accounts')
      .set({ account_status: 'ACCOUNT_CANCELLED_STATUS' })
      .where('id', '=', actor.accountId)
      .execute();
    await tx
      .updateTable('billing_accounts')
      .set({ auto_renew: 0, updated_at: now })
      .where('account_id', '=', actor.accountId)
      .execute();
    const accountUsers = tx
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', actor.accountId);
    await tx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('subject_kind', '=', 'reseller')
      .where('subject_id', 'in', accountUsers)
      .where('revoked_at', 'is', null)
      .execute();
    if (due.amountMinor > 0) {
      await insertTransaction(tx, {
        accountId: actor.accountId,
        invoiceId: due.invoiceIds[0] ?? null,
        kind: refundFailed ? 'failed' : 'refund',
        amountMinor: due.amountMinor,
        taxMinor: due.taxMinor,
        rateBp: 0,
        currency,
        cardBrand: billing.card_brand,
        cardLast4: billing.card_last4,
        description: refundFailed
          ? 'Refund on cancellation (not processed)'
          : 'Refund on cancellation',
        gatewayRef: refundRef,
        failureReason: refundFailed ? formatMessage('account.cancelled.refund.failed') : '',
        createdAt: now,
      });
      // Money given back is commission not earned: a referring partner's share is taken back.
      if (!refundFailed) {
        await recordReferralRefund(tx, {
          accountId: actor.accountId,
          amountMinor: due.amountMinor - due.taxMinor,
          currency,
          refundedAt: now,
          description: 'Refund on cancellation',
        });
      }
    }
    await recordAudit(tx, {
      subjectKind: 'reseller',
      subjectId: actor.userId,
      accountId: actor.accountId,
      action: 'account.cancelled',
      details: { refundedMinor: refundFailed ? 0 : due.amountMinor, refundFailed },
      ...input.audit,
    });
  });

  return {
    text: formatMessage(refundFailed ? 'account.cancelled.refund.failed' : 'account.cancelled'),
    refundedMinor: refundFailed ? 0 : due.amountMinor,
    currency,
  };
}
