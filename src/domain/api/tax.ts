/** Contracts of the tax calls (spec section 7, "Tax"; labels in section 9). */
import { z } from 'zod';
import { schemas } from '../validation';
import { messages } from '../messages';

/** GET /v1/fetchNexusStateSalesTax?state= */
export const nexusStateRequestSchema = z.object({ state: z.string().trim().max(50).prefault('') });
export const nexusStateSchema = z.object({
  state: z.string(),
  hasNexus: z.boolean(),
  rateBp: z.number().int(),
  nexusStates: z.array(z.object({ code: z.string(), rateBp: z.number().int() })),
});

/** GET /v1/fetchNexusVATDetails?country= */
export const countryRequestSchema = z.object({ country: z.string().trim().max(2).prefault('') });
export const vatDetailsSchema = z.object({
  country: z.string(),
  isVatCountry: z.boolean(),
  rateBp: z.number().int(),
  vatId: z.string(),
  isReverseCharge: z.boolean(),
});

/** GET /v1/fetchGSTDetails */
export const gstDetailsSchema = z.object({
  isGstCountry: z.boolean(),
  rateBp: z.number().int(),
  gstin: z.string(),
});

/** POST /reseller/vat/update */
export const vatUpdateRequestSchema = z.object({ vatid: schemas.vatId });
/** POST /reseller/gst/updateGSTNumber */
export const gstUpdateRequestSchema = z.object({ gstin: schemas.gstin });

/** GET /validateUSAZipCode?zip=&state= */
// Both required and the ZIP code well formed (5 digits, or ZIP+4), as the document says: 400
// otherwise. A ZIP code that is not one of the state's is a rule (422 RULE_FAILED).
export const zipCheckRequestSchema = z.object({
  zip: z
    .string()
    .max(20)
    .regex(/^ *\d{5}(?:-\d{4})? *$/, messages['zip.usa.invalid'])
    .transform((value) => value.trim()),
  state: z.string().trim().min(1, messages['state.select']).max(50),
});
export const zipCheckSchema = z.object({ zip: z.string(), state: z.string(), city: z.string() });
