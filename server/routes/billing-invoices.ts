import {
  invoiceDetailRequestSchema,
  invoiceDetailSchema,
  invoiceListRequestSchema,
  invoiceListSchema,
  transactionListSchema,
  transactionsRequestSchema,
} from '../../src/domain/api/billing';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { renderInvoicePdf } from '../services/billing/invoice-pdf';
import {
  invoiceDetail,
  listInvoices,
  listTransactions,
  transactionsCsv,
} from '../services/billing/invoices';
import type { BillingRouteKit } from './billing-kit';
import { operation } from '../plugins/openapi';

/** Invoices (list, detail, PDF) and transactions (list, CSV export) of the caller's account. */
export function registerInvoiceRoutes(ctx: AppContext, kit: BillingRouteKit): void {
  const { api, billing, tags, adminAccount } = kit;

  api.get(
    '/rpc-api/reseller/ecom/invoices',
    {
      schema: {
        ...operation('listInvoices', "List the account's invoices, one page at a time"),
        tags,
        querystring: invoiceListRequestSchema,
        response: { 200: okSchema(invoiceListSchema) },
      },
      config: billing,
    },
    async (request) =>
      ok(await listInvoices(ctx.db, adminAccount(request).account_id, request.query)),
  );

  api.get(
    '/rpc-api/reseller/ecom/invoiceDetails',
    {
      schema: {
        ...operation('getInvoice', 'Read one invoice with its lines and tax', { errors: [404] }),
        tags,
        querystring: invoiceDetailRequestSchema,
        response: { 200: okSchema(invoiceDetailSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok(
        await invoiceDetail(
          ctx.db,
          user.account_id,
          request.query.invoiceID,
          ctx.config.productName,
        ),
      );
    },
  );

  api.get(
    '/rpc-api/reseller/ecom/invoicePdf',
    {
      schema: {
        ...operation('downloadInvoicePdf', 'Download one invoice as a PDF', {
          errors: [404],
          answer: 'application/pdf',
        }),
        tags,
        querystring: invoiceDetailRequestSchema,
      },
      config: billing,
    },
    async (request, reply) => {
      const user = adminAccount(request);
      const invoice = await invoiceDetail(
        ctx.db,
        user.account_id,
        request.query.invoiceID,
        ctx.config.productName,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .send(await renderInvoicePdf(invoice));
    },
  );

  api.get(
    '/rpc-api/reseller/ecom/transactions',
    {
      schema: {
        ...operation(
          'listTransactions',
          "List the account's payments and refunds, one page at a time",
        ),
        tags,
        querystring: transactionsRequestSchema,
        response: { 200: okSchema(transactionListSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok({ items: await listTransactions(ctx.db, user.account_id, request.query) });
    },
  );

  api.get(
    '/rpc-api/reseller/ecom/transactions/export',
    {
      schema: {
        ...operation('exportTransactions', 'Download the transactions of a date range as CSV', {
          answer: 'text/csv',
        }),
        tags,
        querystring: transactionsRequestSchema,
      },
      config: billing,
    },
    async (request, reply) => {
      const user = adminAccount(request);
      const rows = await listTransactions(ctx.db, user.account_id, request.query);
      const name = `transactions-${request.query.from || 'all'}-${request.query.to || 'today'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(transactionsCsv(rows));
    },
  );
}
