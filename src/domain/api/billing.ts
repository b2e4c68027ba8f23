/**
 * Contracts of the billing calls (spec section 7: Upgrade, Auto-renewal, Billing, Tax). Money is
 * integer minor units with its currency, always computed by the server; the console only formats.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { schemas } from '../validation';

// The read-only reports (invoices, transactions) live apart: their screens need no rule book.
export * from './invoices';

export const terms = ['month', 'year'] as const;
export type Term = (typeof terms)[number];

const boolFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const planSchema = z.object({
  code: z.string(),
  name: z.string(),
  computers: z.number().int(),
  users: z.number().int(),
  monthlyPriceMinor: z.number().int(),
  yearlyPriceMinor: z.number().int(),
  currency: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const cardSummarySchema = z.object({
  brand: z.string(),
  brandName: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

export const pendingChargeSchema = z.object({
  id: z.string(),
  description: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  dueAt: z.string(),
  isPastDue: z.boolean(),
});

export const optionSchema = z.object({ code: z.string(), name: z.string() });

export const taxDetailsSchema = z.object({
  type: z.enum(['vat', 'gst', 'sales_tax', '']),
  label: z.string(),
  rateBp: z.number().int(),
  isReverseCharge: z.boolean(),
  vatId: z.string(),
  gstin: z.string(),
});
export type TaxDetails = z.infer<typeof taxDetailsSchema>;

/** GET /reseller/ecom/billingInfo */
export const billingInfoSchema = z.object({
  companyName: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  countryName: z.string(),
  countries: z.array(optionSchema),
  usStates: z.array(optionSchema),
  accountStatus: z.string(),
  plan: planSchema.nullable(),
  term: z.enum(terms),
  renewTerm: z.enum(terms),
  autoRenew: z.boolean(),
  endDate: z.string(),
  isTrial: z.boolean(),
  card: cardSummarySchema.nullable(),
  pendingCharges: z.array(pendingChargeSchema),
  pendingTotalMinor: z.number().int(),
  currency: z.string(),
  tax: taxDetailsSchema,
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** GET /reseller/ecom/getCardInfo: brand, last four and expiry; never the number. */
export const cardInfoSchema = z.object({ card: cardSummarySchema.nullable() });

/** An expiry month or year: blank gets its own required text, anything else not in range the spec's. */
const expiryPart = (required: string, min: number, max: number) => {
  const invalid = messages['card.not.processed'];
  return z.preprocess(
    (value) =>
      value === '' || value === null || value === undefined
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int({ error: invalid })
      .min(min, { error: invalid })
      .max(max, { error: invalid }),
  );
};
const expMonth = expiryPart(messages['card.month.required'], 1, 12);
const expYear = expiryPart(messages['card.year.required'], 2000, 2100);

/** The card fields, checked with the rule book; the number and CVV never leave the request. */
export const cardFieldsSchema = z.object({
  cardNumber: schemas.cardNumber,
  cvv: schemas.cvv,
  expMonth,
  expYear,
  holder: schemas.name,
});

export const billingAddressSchema = z.object({
  address1: schemas.billingAddressLine1,
  city: schemas.city,
  state: z.string().trim().max(50).prefault(''),
  zip: schemas.zip,
  country: z.string().trim().min(2).max(2).prefault('US'),
});

/** POST /reseller/ecom/updateBillingAddress: the address alone, the card on file kept. */
export const updateBillingAddressRequestSchema = billingAddressSchema;
export type UpdateBillingAddressRequest = z.output<typeof updateBillingAddressRequestSchema>;

/** POST /reseller/v1_ecom/updateCCAndGetPendingStatus */
export const updateCardRequestSchema = cardFieldsSchema.extend(billingAddressSchema.shape);
export type UpdateCardRequest = z.output<typeof updateCardRequestSchema>;

export const updateCardResponseSchema = z.object({
  text: z.string(),
  card: cardSummarySchema,
  hasPendingCharge: z.boolean(),
  pendingTotalMinor: z.number().int(),
});

/** POST /reseller/v1_ecom/payPendingCharge */
export const payPendingResponseSchema = z.object({ text: z.string(), reactivated: z.boolean() });

/** GET /reseller/ecom/upgradeDetails */
export const upgradeDetailsSchema = z.object({
  currentPlan: planSchema.nullable(),
  term: z.enum(terms),
  isTrial: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  options: z.array(planSchema),
  card: cardSummarySchema.nullable(),
  tax: taxDetailsSchema,
});
export type UpgradeDetails = z.infer<typeof upgradeDetailsSchema>;

export const upgradeTargetSchema = z.object({
  planCode: z.string().trim().max(40),
  term: z.enum(terms).optional(),
});

/** GET /reseller/ecom/proAmtUpg */
export const proratedAmountSchema = z.object({
  planCode: z.string(),
  term: z.enum(terms),
  remainingDays: z.number().int(),
  totalDays: z.number().int(),
  isNewTerm: z.boolean(),
  periodEnd: z.string(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  taxLabel: z.string(),
  rateBp: z.number().int(),
  currency: z.string(),
});
export type ProratedAmount = z.infer<typeof proratedAmountSchema>;

/** POST /reseller/ecom/continueUpg: the card on file, or a new card (which is then kept). */
export const continueUpgradeRequestSchema = upgradeTargetSchema.extend({
  useCardOnFile: boolFlag.prefault('true'),
  cardNumber: z.string().optional(),
  cvv: z.string().optional(),
  expMonth: z.string().optional(),
  expYear: z.string().optional(),
  holder: z.string().optional(),
});
export const upgradeResultSchema = z.object({ text: z.string(), invoiceId: z.string() });

/** POST /reseller/autorenewal/enableAutoRenewal */
export const enableAutoRenewalRequestSchema = z.object({ enable: boolFlag });
/** POST /reseller/autorenewal/updateRenewDetails */
export const updateRenewDetailsRequestSchema = z.object({ renewTerm: z.enum(terms) });
export const autoRenewalSchema = z.object({
  text: z.string(),
  autoRenew: z.boolean(),
  renewTerm: z.enum(terms),
});

export const textResultSchema = z.object({ text: z.string() });
