import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database } from '../../db/database';
import { nowIso } from '../clock';
import { checkUsZip, isKnownCountry, usStateOptions } from '../tax/tax';
import type { InPaymentTransaction } from './card-on-file';

export interface AddressInput {
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The billing address rules the schema cannot check alone: known country, US state and ZIP. */
export function checkAddress(input: AddressInput): AddressInput {
  const country = input.country.toUpperCase();
  if (!isKnownCountry(country)) {
    throw new AppError(errorCodes.RULE_FAILED, formatMessage('generic.error'), {
      field: 'country',
    });
  }
  let state = input.state.trim();
  if (country === 'US') {
    state = state.toUpperCase();
    if (!usStateOptions().some((option) => option.code === state)) {
      throw new AppError(errorCodes.RULE_FAILED, formatMessage('state.select'), {
        field: 'state',
      });
    }
    if (!checkUsZip(input.zip, state)) {
      throw new AppError(errorCodes.RULE_FAILED, formatMessage('zip.usa.invalid'), {
        field: 'zip',
      });
    }
  }
  return { ...input, country, state };
}

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
