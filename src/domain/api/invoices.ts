/**
 * Contracts of the invoice and transaction reports (spec section 7, Billing). Apart from
 * billing.ts, which re-exports them, because the report screens need none of the form rules
 * billing.ts reads from the rule book (validation.ts): importing it would bring the rule book's
 * schemas, built when their chunk runs, into those screens' first download (issue 21).
 */
import { z } from 'zod';

export const invoiceStatuses = ['PAID', 'DUE', 'REFUNDED'] as const;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.string(),
  status: z.string(),
  issuedAt: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSortFields = ['issuedAt', 'totalMinor', 'number'] as const;

/** GET /reseller/ecom/invoices */
export const invoiceListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).prefault(1),
  pageSize: z.coerce.number().int().min(1).max(100).prefault(10),
  sort: z.enum(invoiceSortFields).prefault('issuedAt'),
  order: z.enum(['asc', 'desc']).prefault('desc'),
});
export const invoiceListSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

const partySchema = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  taxId: z.string(),
});

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** GET /reseller/ecom/invoiceDetails?invoiceID= */
export const invoiceDetailRequestSchema = z.object({ invoiceID: z.string().trim().max(64) });
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  dueAt: z.string(),
  seller: partySchema,
  buyer: partySchema,
  lines: z.array(invoiceLineSchema),
  subtotalMinor: z.number().int(),
  taxLines: z.array(
    z.object({ label: z.string(), rateBp: z.number().int(), amountMinor: z.number().int() }),
  ),
  taxMinor: z.number().int(),
  isReverseCharge: z.boolean(),
  notes: z.array(z.string()),
  /** "Visa ending in 4242": the card charged (or, while due, to be charged); "" when unknown. */
  paymentMethod: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(['charge', 'refund', 'failed']),
  description: z.string(),
  amountMinor: z.number().int(),
  taxMinor: z.number().int(),
  rateBp: z.number().int(),
  currency: z.string(),
  card: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string(),
  failureReason: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const isoDay = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'Enter a valid date' })
  .prefault('');

/** GET /reseller/ecom/transactions (and .../transactions/export as CSV): yyyy-mm-dd, inclusive. */
export const transactionsRequestSchema = z.object({ from: isoDay, to: isoDay });
export const transactionListSchema = z.object({ items: z.array(transactionSchema) });
