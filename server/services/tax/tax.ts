import { Country, State } from 'country-state-city';
import zipcodes from 'zipcodes';
import { formatRateBp } from '../../../src/domain/formats';
import { DEFAULT_COUNTRY, taxTypeNames, type TaxType } from '../../../src/domain/constants';
import { rules } from '../../../src/domain/validation';
import {
  euVatRatesBp,
  GST_COUNTRY_CODE,
  GST_RATE_BP,
  nexusStateRatesBp,
  SELLER_VAT_COUNTRY,
  vatPrefixOf,
} from './rates';

export interface TaxProfile {
  /** ISO 3166-1 alpha-2 billing country. */
  country: string;
  /** US: the two-letter state code. */
  state: string;
  vatId: string;
  gstin: string;
}

export interface TaxResult {
  type: TaxType | '';
  rateBp: number;
  taxMinor: number;
  /** As printed on invoices, e.g. "VAT (IE) 23%" or "Reverse charge". */
  label: string;
  isReverseCharge: boolean;
}

export const isEuCountry = (country: string): boolean => Object.hasOwn(euVatRatesBp, country);

export function taxTypeOf(country: string): TaxType | '' {
  if (isEuCountry(country)) return 'vat';
  if (country === GST_COUNTRY_CODE) return 'gst';
  if (country === 'US') return 'sales_tax';
  return '';
}

/**
 * A business VAT ID counts for the reverse charge when it passes the rule book's VAT rule and
 * carries the billing country's prefix. (The sandbox does not query VIES.)
 */
export function isValidBusinessVatId(country: string, vatId: string): boolean {
  const value = vatId.trim().toUpperCase();
  return (
    isEuCountry(country) &&
    value !== '' &&
    rules.vatId(value) === null &&
    value.startsWith(vatPrefixOf(country))
  );
}

/** The console's rate form, so a label and the screens agree ("7.25%"). */
export const formatRate = formatRateBp;

/** Tax on a net amount, rounded half up to the minor unit. */
export function taxOn(amountMinor: number, rateBp: number): number {
  return Math.round((amountMinor * rateBp) / 10_000);
}

export function computeTax(profile: TaxProfile, amountMinor: number): TaxResult {
  const type = taxTypeOf(profile.country);
  const result = (rateBp: number, label: string, isReverseCharge = false): TaxResult => ({
    type,
    rateBp,
    taxMinor: taxOn(amountMinor, rateBp),
    label,
    isReverseCharge,
  });
  if (type === 'vat') {
    if (
      profile.country !== SELLER_VAT_COUNTRY &&
      isValidBusinessVatId(profile.country, profile.vatId)
    ) {
      return result(0, 'VAT reverse charge 0%', true);
    }
    const rate = euVatRatesBp[profile.country] ?? 0;
    return result(rate, `VAT (${profile.country}) ${formatRate(rate)}`);
  }
  if (type === 'gst') return result(GST_RATE_BP, `GST ${formatRate(GST_RATE_BP)}`);
  if (type === 'sales_tax') {
    const rate = nexusStateRatesBp[profile.state] ?? 0;
    return rate > 0
      ? result(rate, `${taxTypeNames.sales_tax} (${profile.state}) ${formatRate(rate)}`)
      : result(0, `${taxTypeNames.sales_tax} (${profile.state || 'US'}) 0%`);
  }
  return result(0, '');
}

/** A US ZIP code must exist in the bundled ZIP data and, when a state is given, lie in it. */
export function checkUsZip(zip: string, state: string): boolean {
  const five = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim())?.[1];
  if (!five) return false;
  const info = zipcodes.lookup(five);
  if (!info) return false;
  return state === '' || info.state === state.trim().toUpperCase();
}

export interface CountryOption {
  code: string;
  name: string;
}

let countryCache: CountryOption[] | undefined;
/** Every country, named as the console shows it (the US as the spec's default country). */
export function countryOptions(): CountryOption[] {
  countryCache ??= Country.getAllCountries().map((country) => ({
    code: country.isoCode,
    name: country.isoCode === 'US' ? DEFAULT_COUNTRY : country.name,
  }));
  return countryCache;
}

export const isKnownCountry = (code: string): boolean =>
  countryOptions().some((country) => country.code === code);

export function countryName(code: string): string {
  return countryOptions().find((country) => country.code === code)?.name ?? code;
}

let usStateCache: CountryOption[] | undefined;
/** The 50 states and DC (territories have their own ZIP ranges but are left out). */
export function usStateOptions(): CountryOption[] {
  usStateCache ??= State.getStatesOfCountry('US')
    .filter((state) => /^[A-Z]{2}$/.test(state.isoCode) && state.isoCode !== 'UM')
    .filter((state) => !['AS', 'GU', 'MP', 'PR', 'VI'].includes(state.isoCode))
    .map((state) => ({ code: state.isoCode, name: state.name }));
  return usStateCache;
}
