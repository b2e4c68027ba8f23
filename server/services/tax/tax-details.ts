import zipcodes from 'zipcodes';
import type { Database } from '../../db/database';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import { nowIso } from '../clock';
import { loadAccountBundle } from '../billing/repository';
import { euVatRatesBp, GST_COUNTRY_CODE, GST_RATE_BP, nexusStateRatesBp } from './rates';
import { checkUsZip, computeTax, isEuCountry, isValidBusinessVatId } from './tax';

export async function nexusStateDetails(db: Database, accountId: string, state: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  const code = (state || bundle.billing.state).toUpperCase();
  const rateBp = nexusStateRatesBp[code] ?? 0;
  return {
    state: code,
    hasNexus: rateBp > 0,
    rateBp,
    nexusStates: Object.entries(nexusStateRatesBp).map(([stateCode, rate]) => ({
      code: stateCode,
      rateBp: rate,
    })),
  };
}

export async function vatDetails(db: Database, accountId: string, country: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  const code = (country || bundle.billing.country).toUpperCase();
  const vatId = bundle.account.vat_id;
  const tax = computeTax({ country: code, state: '', vatId, gstin: '' }, 0);
  return {
    country: code,
    isVatCountry: isEuCountry(code),
    rateBp: euVatRatesBp[code] ?? 0,
    vatId,
    isReverseCharge: tax.isReverseCharge,
  };
}

export async function gstDetails(db: Database, accountId: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  const isGst = bundle.billing.country === GST_COUNTRY_CODE;
  return { isGstCountry: isGst, rateBp: isGst ? GST_RATE_BP : 0, gstin: bundle.account.gstin };
}

/** Saves (or clears) the business VAT ID; it must belong to the billing country when given. */
export async function updateVatId(db: Database, accountId: string, vatId: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  const value = vatId.trim().toUpperCase();
  if (!isEuCountry(bundle.billing.country)) {
    throw new AppError(errorCodes.RULE_FAILED, formatMessage('vat.invalid'), {
      field: 'vatid',
    });
  }
  if (value !== '' && !isValidBusinessVatId(bundle.billing.country, value)) {
    throw new AppError(errorCodes.RULE_FAILED, formatMessage('vat.invalid'), {
      field: 'vatid',
    });
  }
  await db
    .updateTable('reseller_accounts')
    .set({ vat_id: value, is_vat_account: value === '' ? 0 : 1 })
    .where('id', '=', accountId)
    .execute();
  return { text: 'Your VAT ID has been updated successfully' };
}

export async function updateGstin(db: Database, accountId: string, gstin: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  if (bundle.billing.country !== GST_COUNTRY_CODE) {
    throw new AppError(errorCodes.RULE_FAILED, formatMessage('gstin.invalid'), {
      field: 'gstin',
    });
  }
  const value = gstin.trim();
  await db
    .updateTable('reseller_accounts')
    .set({ gstin: value, is_gst_account: value === '' ? 0 : 1 })
    .where('id', '=', accountId)
    .execute();
  return { text: 'Your GSTIN has been updated successfully' };
}

export function zipCheck(zip: string, state: string) {
  if (!checkUsZip(zip, state)) {
    throw new AppError(errorCodes.RULE_FAILED, formatMessage('zip.usa.invalid'), {
      field: 'zip',
    });
  }
  const info = zipcodes.lookup(zip.trim().slice(0, 5));
  return { zip: zip.trim(), state: info?.state ?? state, city: info?.city ?? '' };
}
