/** How an account's billing rows read: its term, plan, card, tax profile and invoice buyer. */
import type { CardSummary, Plan, TaxDetails } from '../../../src/domain/api/billing';
import { cardBrandNames, type CardBrand } from '../../../src/domain/cards';
import { SUBSCRIPTION_TYPE_FREE_TRIAL } from '../../../src/domain/constants';
import { computeTax, countryName, type TaxProfile } from '../tax/tax';
import type { Term } from './proration';
import type { AccountBundle, PlanRow } from './repository';

export const asTerm = (value: string): Term => (value === 'month' ? 'month' : 'year');

export const planOut = (plan: PlanRow): Plan => ({
  code: plan.code,
  name: plan.name,
  computers: plan.computers,
  users: plan.users,
  monthlyPriceMinor: plan.monthly_price_minor,
  yearlyPriceMinor: plan.yearly_price_minor,
  currency: plan.currency,
});

export function cardOut(billing: AccountBundle['billing']): CardSummary | null {
  if (!billing.card_token) return null;
  const brand = billing.card_brand as CardBrand;
  return {
    brand,
    brandName: cardBrandNames[brand],
    last4: billing.card_last4,
    expMonth: billing.card_exp_month,
    expYear: billing.card_exp_year,
  };
}

export const taxProfileOf = (bundle: AccountBundle): TaxProfile => ({
  country: bundle.billing.country,
  state: bundle.billing.state,
  vatId: bundle.account.vat_id,
  gstin: bundle.account.gstin,
});

export function taxDetailsOf(bundle: AccountBundle): TaxDetails {
  const tax = computeTax(taxProfileOf(bundle), 0);
  return {
    type: tax.type,
    label: tax.label,
    rateBp: tax.rateBp,
    isReverseCharge: tax.isReverseCharge,
    vatId: bundle.account.vat_id,
    gstin: bundle.account.gstin,
  };
}

export const isTrialAccount = (bundle: AccountBundle) =>
  bundle.account.subscription_type === SUBSCRIPTION_TYPE_FREE_TRIAL || bundle.plan === null;

export function buyerOf(bundle: AccountBundle) {
  const { account, billing, admin } = bundle;
  const person = admin ? `${admin.first_name} ${admin.last_name}`.trim() : '';
  const cityLine = [billing.city, billing.state, billing.zip].filter(Boolean).join(', ');
  const taxId = account.gstin
    ? `GSTIN ${account.gstin}`
    : account.vat_id
      ? `VAT ID ${account.vat_id}`
      : '';
  return {
    name: account.company_name,
    lines: [person, admin?.email ?? '', billing.address1, cityLine, countryName(billing.country)]
      .map((line) => line.trim())
      .filter(Boolean),
    taxId,
  };
}

export const cardLabel = (billing: AccountBundle['billing']) => ({
  cardBrand: billing.card_brand,
  cardLast4: billing.card_last4,
});
