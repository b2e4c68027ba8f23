import type { BillingInfo } from '../../../src/domain/api/billing';
import type { Database } from '../../db/database';
import { nowIso } from '../clock';
import { countryName, countryOptions, usStateOptions } from '../tax/tax';
import { asTerm, cardOut, isTrialAccount, planOut, taxDetailsOf } from './account-view';
import { loadAccountBundle, openPendingCharges } from './repository';

export async function billingInfo(db: Database, accountId: string): Promise<BillingInfo> {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const pending = await openPendingCharges(db, accountId);
  const { billing, account } = bundle;
  return {
    companyName: account.company_name,
    address1: billing.address1,
    city: billing.city,
    state: billing.state,
    zip: billing.zip,
    country: billing.country,
    countryName: countryName(billing.country),
    countries: countryOptions(),
    usStates: usStateOptions(),
    accountStatus: account.account_status,
    plan: bundle.plan ? planOut(bundle.plan) : null,
    term: asTerm(billing.term),
    renewTerm: asTerm(billing.renew_term),
    autoRenew: billing.auto_renew === 1,
    endDate: account.end_date,
    isTrial: isTrialAccount(bundle),
    card: cardOut(billing),
    pendingCharges: pending.map((charge) => ({
      id: charge.id,
      description: charge.description,
      amountMinor: charge.amount_minor,
      currency: charge.currency,
      dueAt: charge.due_at,
      isPastDue: charge.due_at <= now,
    })),
    pendingTotalMinor: pending.reduce((sum, charge) => sum + charge.amount_minor, 0),
    currency: bundle.plan?.currency ?? account.currency,
    tax: taxDetailsOf(bundle),
  };
}

export async function cardInfo(db: Database, accountId: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  return { card: cardOut(bundle.billing) };
}
