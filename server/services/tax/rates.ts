/**
 * Tax tables (chosen values; the spec names the tax types but not the rates). Rates are basis
 * points (1 bp = 0.01 %) so every computation stays in integers.
 *
 * - VAT: the standard rate of each EU member state. The seller is VAT-registered in Ireland, so an
 *   Irish buyer always pays Irish VAT, and a business with a valid VAT ID of another member state
 *   gets a reverse-charge invoice (0 %, the buyer accounts for the VAT).
 * - GST: India, 18 %.
 * - US sales tax: only in the states where the seller has nexus, at the state's base rate (local
 *   add-ons are not charged); other states pay none.
 */
export const SELLER_VAT_COUNTRY = 'IE';

export const euVatRatesBp: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/** The prefix a member state's VAT IDs start with (Greece uses EL, not its ISO code). */
export function vatPrefixOf(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

export const GST_COUNTRY_CODE = 'IN';
export const GST_RATE_BP = 1800;

/** US states where the seller has sales-tax nexus, with the state's base rate. */
export const nexusStateRatesBp: Readonly<Record<string, number>> = {
  CA: 725,
  FL: 600,
  GA: 400,
  IL: 625,
  MA: 625,
  NJ: 663,
  NY: 400,
  PA: 600,
  TX: 625,
  WA: 650,
};
