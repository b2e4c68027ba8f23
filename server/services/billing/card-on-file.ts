/** The card on file: tokenizing a new one, saving it with the address, and a decline's answer. */
import { cardBrandNames } from '../../../src/domain/cards';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database, Executor } from '../../db/database';
import { nowIso } from '../clock';
import type { CardInput, DeclineReason, StoredCard } from '../payments/gateway';
import { paymentGateway } from './active-gateway';
import { checkAddress, type AddressInput } from './billing-address';
import { loadAccountBundle, openPendingCharges } from './repository';

export const declineText = (reason: DeclineReason): string =>
  reason === 'not_processed'
    ? formatMessage('card.not.processed')
    : formatMessage('payment.failed');

export function declined(reason: DeclineReason, field?: string): AppError {
  return new AppError('PAYMENT_DECLINED', declineText(reason), { status: 402, field });
}

export async function tokenizeOrThrow(db: Database, card: CardInput): Promise<StoredCard> {
  const result = await paymentGateway(db).tokenize(card);
  if (!result.ok) throw declined(result.reason, result.field);
  return result.card;
}

export const cardColumns = (card: StoredCard, holder: string) => ({
  card_token: card.token,
  card_brand: card.brand,
  card_last4: card.last4,
  card_exp_month: card.expMonth,
  card_exp_year: card.expYear,
  card_holder: holder,
});

/**
 * Written inside a payment's own transaction (the route's audit line, with what the service
 * adds to its details), so a crash cannot keep the payment and lose its record, or the reverse.
 */
export type InPaymentTransaction = (
  tx: Executor,
  details: Record<string, unknown>,
) => Promise<void>;
export const nothingMore: InPaymentTransaction = () => Promise.resolve();

/** Saves a new card on file (and the billing address); reports whether charges are pending. */
export async function updateCard(
  db: Database,
  accountId: string,
  input: CardInput & AddressInput,
  alongside: InPaymentTransaction = nothingMore,
) {
  const address = checkAddress(input);
  const card = await tokenizeOrThrow(db, input);
  const now = nowIso();
  await loadAccountBundle(db, accountId, now);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('billing_accounts')
      .set({
        ...cardColumns(card, input.holder),
        address1: address.address1,
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .execute();
    await alongside(tx, { last4: card.last4 });
  });
  const pending = await openPendingCharges(db, accountId);
  return {
    text: formatMessage('card.updated'),
    card: {
      brand: card.brand,
      brandName: cardBrandNames[card.brand],
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
    hasPendingCharge: pending.length > 0,
    pendingTotalMinor: pending.reduce((sum, charge) => sum + charge.amount_minor, 0),
  };
}
