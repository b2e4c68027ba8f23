import { formatMessage } from '../../../src/domain/messages';
import type { Database } from '../../db/database';
import { nowIso } from '../clock';
import { checkAddress, type AddressInput, type InPaymentTransaction } from './billing';

/** The address in one line, as the activity log names it. */
export const addressLine = (address: AddressInput) =>
  [address.address1, address.city, address.state, address.zip, address.country]
    .filter(Boolean)
    .join(', ');

/**
 * Saves the billing address without touching the card on file (issue 23: changing the address
 * used to mean typing the card again). The same checks as with a card: known country, US state
 * and ZIP. The audit line is written in the same transaction.
 */
export async function updateBillingAddress(
  db: Database,
  accountId: string,
  input: AddressInput,
  alongside: InPaymentTransaction,
): Promise<{ text: string }> {
  const address = checkAddress(input);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('billing_accounts')
      .set({
        address1: address.address1,
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
        updated_at: nowIso(),
      })
      .where('account_id', '=', accountId)
      .execute();
    await alongside(tx, {});
  });
  return { text: formatMessage('billing.address.updated') };
}
