/**
 * Spec section 9, "Tax" and "Other values", plus the storage keys of section 4: the fixed values the
 * console and the server compare against, spelled once (typos of the spec included).
 */
// Defined here, not in api/session.ts, so code that needs only the constants (the sign-in page)
// does not pull zod and the API schemas into its bundle.
/** The two account kinds; each has its own sign-in, cookies, refresh endpoint and logout page. */
export const productTypes = ['partner', 'reseller'] as const;
export type ProductType = (typeof productTypes)[number];

/** The product type a fresh console starts with (spec section 1). */
export const DEFAULT_PRODUCT_TYPE: ProductType = 'partner';

// --- Browser storage (spec sections 4 and 9) ---

export const storageKeys = {
  partnerSignedIn: 'IS_SIGNED_IN_RPC_PARTNER',
  resellerSignedIn: 'IS_SIGNED_IN_RPC_BULK_RESELLER',
  csrf: 'csrf_local',
} as const;

/** The signed-in flag each product type keeps. */
export function signedInFlagKey(productType: ProductType): string {
  return productType === 'partner' ? storageKeys.partnerSignedIn : storageKeys.resellerSignedIn;
}

/** The token-refresh record shared by a partner's tabs. */
export function partnerRefreshKey(partnerId: string): string {
  return `prt_${partnerId}`;
}

/** The token-refresh record shared by a reseller's tabs. */
export function resellerRefreshKey(proxyTopic: string): string {
  return `rsrt_${proxyTopic}`;
}

/** Logout removes every session entry whose key contains this marker (spelled as in the spec). */
export const REFERRAL_RANGE_KEY_MARKER = 'refferral_range_type_';

export function isReferralRangeKey(key: string): boolean {
  return key.includes(REFERRAL_RANGE_KEY_MARKER);
}

/** Status values of the token-refresh record. */
export const refreshStatuses = ['in_progress', 'success'] as const;
export type RefreshStatus = (typeof refreshStatuses)[number];

// --- Subscription and account values (spec sections 3, 4 and 9) ---

export const SUBSCRIPTION_TYPE_FREE_TRIAL = 'FREE_TRIAL';
export const PLAN_BULK_RESELLER = 'Bulk Reseller';

/** The account and result values the spec lists; their full meaning is not shown. */
export const accountValues = {
  /** account_status "S": with FREE_TRIAL it makes a Bulk Reseller trial expired. */
  STATUS_S: 'S',
  CCFAILEDACC: 'CCFAILEDACC',
  ACCOUNT_CANCELLED_STATUS: 'ACCOUNT_CANCELLED_STATUS',
  SUCCESS: 'SUCCESS',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  EXPIRED_LINK: 'expired_link',
} as const;

/** A date after this one (in the local calendar) is "after the cut-off"; the purpose is not shown. */
export const CUT_OFF_DATE = '2025-04-27';

// --- Data centres (spec section 1) ---

export const regions = ['OR', 'VA', 'IR'] as const;
export type Region = (typeof regions)[number];

/**
 * The intended reading of the IR rule: visitors from these countries (ISO 3166-1 alpha-2, as the
 * server's /iplocation answers) never get IR. The "as found" reading compared against "I" and so
 * never excluded anyone; we implement the intended one.
 */
export const IR_EXCLUDED_COUNTRIES = ['US', 'CA', 'MX', 'PR'] as const;

/** The data centres a visitor from `countryCode` may be sent to. */
export function regionsForCountry(countryCode: string): readonly Region[] {
  const code = countryCode.trim().toUpperCase();
  const isExcluded = (IR_EXCLUDED_COUNTRIES as readonly string[]).includes(code);
  return isExcluded ? regions.filter((region) => region !== 'IR') : regions;
}

// --- Tax (spec section 9) ---

export const taxTypes = {
  VAT: 'vat',
  GST: 'gst',
  SALES_TAX: 'sales_tax',
} as const;
export type TaxType = (typeof taxTypes)[keyof typeof taxTypes];

export const taxTypeNames: Readonly<Record<TaxType, string>> = {
  vat: 'VAT',
  gst: 'GST',
  sales_tax: 'Sales Tax',
};

/** The billing country whose accounts use GST instead of VAT. */
export const GST_COUNTRY = 'INDIA';
export const DEFAULT_COUNTRY = 'United States of America';

export const taxLabels = {
  vatIdLabel: 'Business VAT ID',
  vatIdPlaceholder: 'Enter your Business VAT ID (Optional)',
  gstinLabel: 'GST Identification Number',
  gstinPlaceholder: 'Enter your GSTIN (Optional)',
  updateVatId: 'Update VAT ID',
  updateGstin: 'Update GSTIN',
} as const;

/** Whether a billing country uses GST; country names arrive in any case ("India", "INDIA"). */
export function isGstCountry(country: string): boolean {
  return country.trim().toUpperCase() === GST_COUNTRY;
}
