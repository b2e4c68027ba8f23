import crypto from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import { nowIso } from '../clock';
import { beginAttempt, giveBack, markAttempt } from '../payments/attempts';
import type { CardInput } from '../payments/gateway';
import { paymentGateway } from './active-gateway';
import { checkAddress, type AddressInput } from './billing-address';
import { declined, tokenizeOrThrow } from './card-on-file';
import type { Term } from './proration';
import { ensureBillingAccount, findPlanByCode, loadAccountBundle } from './repository';
import { applyUpgrade } from './upgrade';
import { finishQuote, newTermParts, planNotFound } from './upgrade-quote';

export interface PaidSignupBilling {
  planCode: string;
  term: Term;
  card: CardInput;
  address: AddressInput;
}

/**
 * Paid signup: the account does not exist until the card has paid. The plan is quoted for the
 * billing address, the card tokenized and charged; then `createAccount` makes the account and
 * the plan, invoice and payment are written in the same transaction. A decline writes nothing;
 * a failure after the charge refunds it, so money and rows never disagree.
 */
export async function payForNewAccount(
  db: Database,
  input: PaidSignupBilling,
  createAccount: (tx: Executor, now: string) => Promise<string>,
): Promise<{ accountId: string; invoiceId: string }> {
  const now = nowIso();
  const plan = await findPlanByCode(db, input.planCode);
  if (!plan) throw planNotFound();
  const address = checkAddress(input.address);
  const quote = finishQuote(newTermParts(plan, input.term, now), {
    country: address.country,
    state: address.state,
    vatId: '',
    gstin: '',
  });
  const card = await tokenizeOrThrow(db, input.card);
  const charge = {
    token: card.token,
    amountMinor: quote.totalMinor,
    currency: quote.currency,
    description: quote.lineText,
    idempotencyKey: `signup:${crypto.randomUUID()}`,
  };
  await beginAttempt(db, 'signup', null, charge, now);
  const payment = await paymentGateway(db).charge(charge);
  if (!payment.ok) {
    await markAttempt(db, charge.idempotencyKey, 'declined', now);
    throw declined(payment.reason);
  }
  try {
    return await db.transaction().execute(async (tx) => {
      const accountId = await createAccount(tx, now);
      await ensureBillingAccount(tx, accountId, now);
      await tx
        .updateTable('billing_accounts')
        .set({ ...address, updated_at: now })
        .where('account_id', '=', accountId)
        .execute();
      const bundle = await loadAccountBundle(tx, accountId, now);
      const invoiceId = await applyUpgrade(tx, bundle, quote, now, {
        mode: 'card',
        card,
        holder: input.card.holder,
        reference: payment.reference,
      });
      await markAttempt(tx, charge.idempotencyKey, 'recorded', now, {
        gatewayRef: payment.reference,
        accountId,
      });
      return { accountId, invoiceId };
    });
  } catch (error) {
    await giveBack(db, paymentGateway(db), charge, nowIso());
    throw error;
  }
}
