/** Contracts of the tax calls (spec section 7, "Tax"; labels in section 9). */
import { z } from 'zod';
import { requiredInDocument } from '../rule-kit';
import { schemas } from '../validation';

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
// Both are needed (a blank one answers "invalid zip code"): required in the document. A US ZIP
// code is 5 digits, or ZIP+4.
export const zipCheckRequestSchema = z.object({
  zip: requiredInDocument(
    z.string().trim().max(20).prefault('').meta({ pattern: '^ *\\d{5}(?:-\\d{4})? *$' }),
  ),
  state: requiredInDocument(z.string().trim().max(50).prefault('').meta({ minLength: 1 })),
});
export const zipCheckSchema = z.object({ zip: z.string(), state: z.string(), city: z.string() });
