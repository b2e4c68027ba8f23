import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  autoRenewalSchema,
  billingInfoSchema,
  cardInfoSchema,
  continueUpgradeRequestSchema,
  enableAutoRenewalRequestSchema,
  invoiceDetailRequestSchema,
  invoiceDetailSchema,
  invoiceListRequestSchema,
  invoiceListSchema,
  payPendingResponseSchema,
  proratedAmountSchema,
  textResultSchema,
  transactionListSchema,
  transactionsRequestSchema,
  updateCardRequestSchema,
  updateCardResponseSchema,
  updateRenewDetailsRequestSchema,
  upgradeDetailsSchema,
  upgradeResultSchema,
  upgradeTargetSchema,
} from '../../src/domain/api/billing';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  countryRequestSchema,
  gstDetailsSchema,
  gstUpdateRequestSchema,
  nexusStateRequestSchema,
  nexusStateSchema,
  vatDetailsSchema,
  vatUpdateRequestSchema,
  zipCheckRequestSchema,
  zipCheckSchema,
} from '../../src/domain/api/tax';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { principalOf, requestContext } from '../plugins/auth';
import { policy } from '../../src/domain/api/route-policy';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { billingTarget } from '../services/audit-targets';
import type { AuditAction } from '../../src/domain/api/activity-actions';
import { billingInfo, cardInfo } from '../services/billing/billing-info';
import { updateCard } from '../services/billing/card-on-file';
import { payPendingCharges } from '../services/billing/pending-charges';
import { setAutoRenewal, setRenewTerm } from '../services/billing/renewal-settings';
import { upgradeByCard, upgradeByInvoice } from '../services/billing/upgrade';
import { proratedAmount, upgradeDetails } from '../services/billing/upgrade-quote';
import {
  invoiceDetail,
  listInvoices,
  listTransactions,
  transactionsCsv,
} from '../services/billing/invoices';
import { renderInvoicePdf } from '../services/billing/invoice-pdf';
import { findUserAccount } from '../services/billing/repository';
import {
  gstDetails,
  updateGstin,
  updateVatId,
  vatDetails,
  nexusStateDetails,
  zipCheck,
} from '../services/tax/tax-details';

/**
 * Billing, plans and tax (spec section 7: Upgrade, Auto-renewal, Billing, Tax). Every call is the
 * signed-in reseller administrator's, scoped to their own account.
 */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Billing is the account administrator's (the role table's `billing`).
  const billing = policy.reseller('billing');
  // Card attempts per account: slows card testing through the sandbox or a real gateway.
  const cardLimit = limitAll(app, [
    { max: 20, timeWindow: '15 minutes', key: (r) => `card:${r.principal?.sub ?? r.ip}` },
  ]);
  const tags = ['billing'];

  /** The caller's account (the route policy has already admitted only its administrator). */
  const adminAccount = async (request: FastifyRequest) => {
    const user = await findUserAccount(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, formatMessage('generic.error'));
    return user;
  };
  /** An audit line; a payment's is written in the payment's own transaction by the service. */
  const audit =
    (request: FastifyRequest, accountId: string, action: AuditAction, details = {}, target = '') =>
    async (db: Executor, written: Record<string, unknown> = {}) =>
      recordAudit(db, {
        subjectKind: 'reseller',
        subjectId: principalOf(request).sub,
        accountId,
        action,
        ...requestContext(request),
        details: { ...details, ...written },
        target: target || (await billingTarget(db, accountId, action, written)),
      });

  api.get(
    '/rpc-api/reseller/ecom/billingInfo',
    { schema: { tags, response: { 200: okSchema(billingInfoSchema) } }, config: billing },
    async (request) => ok(await billingInfo(ctx.db, (await adminAccount(request)).account_id)),
  );

  api.get(
    '/rpc-api/reseller/ecom/getCardInfo',
    { schema: { tags, response: { 200: okSchema(cardInfoSchema) } }, config: billing },
    async (request) => ok(await cardInfo(ctx.db, (await adminAccount(request)).account_id)),
  );

  api.post(
    '/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus',
    {
      schema: {
        tags,
        body: updateCardRequestSchema,
        response: { 200: okSchema(updateCardResponseSchema) },
      },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok(
        await updateCard(
          ctx.db,
          user.account_id,
          request.body,
          audit(request, user.account_id, 'billing.card.updated'),
        ),
      );
    },
  );

  api.post(
    '/rpc-api/reseller/v1_ecom/payPendingCharge',
    {
      schema: { tags, response: { 200: okSchema(payPendingResponseSchema) } },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok(
        await payPendingCharges(
          ctx.db,
          user.account_id,
          audit(request, user.account_id, 'billing.pending.paid'),
        ),
      );
    },
  );

  api.get(
    '/rpc-api/reseller/ecom/invoices',
    {
      schema: {
        tags,
        querystring: invoiceListRequestSchema,
        response: { 200: okSchema(invoiceListSchema) },
      },
      config: billing,
    },
    async (request) =>
      ok(await listInvoices(ctx.db, (await adminAccount(request)).account_id, request.query)),
  );

  api.get(
    '/rpc-api/reseller/ecom/invoiceDetails',
    {
      schema: {
        tags,
        querystring: invoiceDetailRequestSchema,
        response: { 200: okSchema(invoiceDetailSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
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
    { schema: { tags, querystring: invoiceDetailRequestSchema }, config: billing },
    async (request, reply) => {
      const user = await adminAccount(request);
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
        tags,
        querystring: transactionsRequestSchema,
        response: { 200: okSchema(transactionListSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok({ items: await listTransactions(ctx.db, user.account_id, request.query) });
    },
  );

  api.get(
    '/rpc-api/reseller/ecom/transactions/export',
    { schema: { tags, querystring: transactionsRequestSchema }, config: billing },
    async (request, reply) => {
      const user = await adminAccount(request);
      const rows = await listTransactions(ctx.db, user.account_id, request.query);
      const name = `transactions-${request.query.from || 'all'}-${request.query.to || 'today'}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(transactionsCsv(rows));
    },
  );

  // --- Upgrade ---

  api.get(
    '/rpc-api/reseller/ecom/upgradeDetails',
    { schema: { tags, response: { 200: okSchema(upgradeDetailsSchema) } }, config: billing },
    async (request) => ok(await upgradeDetails(ctx.db, (await adminAccount(request)).account_id)),
  );

  api.get(
    '/rpc-api/reseller/ecom/proAmtUpg',
    {
      schema: {
        tags,
        querystring: upgradeTargetSchema,
        response: { 200: okSchema(proratedAmountSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok(
        await proratedAmount(ctx.db, user.account_id, request.query.planCode, request.query.term),
      );
    },
  );

  api.post(
    '/rpc-api/reseller/ecom/continueUpg',
    {
      schema: {
        tags,
        body: continueUpgradeRequestSchema,
        response: { 200: okSchema(upgradeResultSchema) },
      },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = await adminAccount(request);
      const { planCode, term, ...card } = request.body;
      return ok(
        await upgradeByCard(
          ctx.db,
          user.account_id,
          planCode,
          term,
          card,
          audit(request, user.account_id, 'billing.upgrade', { planCode, payment: 'card' }),
        ),
      );
    },
  );

  api.post(
    '/rpc-api/reseller/ecom/continueInvoiceUpg',
    {
      schema: { tags, body: upgradeTargetSchema, response: { 200: okSchema(upgradeResultSchema) } },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      const { planCode, term } = request.body;
      return ok(
        await upgradeByInvoice(
          ctx.db,
          user.account_id,
          planCode,
          term,
          audit(request, user.account_id, 'billing.upgrade', { planCode, payment: 'invoice' }),
        ),
      );
    },
  );

  // --- Auto-renewal ---

  api.post(
    '/rpc-api/reseller/autorenewal/enableAutoRenewal',
    {
      schema: {
        tags,
        body: enableAutoRenewalRequestSchema,
        response: { 200: okSchema(autoRenewalSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      const result = await setAutoRenewal(ctx.db, user.account_id, request.body.enable);
      const action = request.body.enable ? 'billing.autorenewal.on' : 'billing.autorenewal.off';
      await audit(request, user.account_id, action)(ctx.db);
      return ok(result);
    },
  );

  api.post(
    '/rpc-api/reseller/autorenewal/updateRenewDetails',
    {
      schema: {
        tags,
        body: updateRenewDetailsRequestSchema,
        response: { 200: okSchema(autoRenewalSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      const result = await setRenewTerm(ctx.db, user.account_id, request.body.renewTerm);
      const term = request.body.renewTerm === 'year' ? 'Yearly' : 'Monthly';
      await audit(request, user.account_id, 'billing.renewal.term', {}, term)(ctx.db);
      return ok(result);
    },
  );

  // --- Tax ---

  api.get(
    '/rpc-api/v1/fetchNexusStateSalesTax',
    {
      schema: {
        tags: ['tax'],
        querystring: nexusStateRequestSchema,
        response: { 200: okSchema(nexusStateSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok(await nexusStateDetails(ctx.db, user.account_id, request.query.state));
    },
  );

  api.get(
    '/rpc-api/v1/fetchNexusVATDetails',
    {
      schema: {
        tags: ['tax'],
        querystring: countryRequestSchema,
        response: { 200: okSchema(vatDetailsSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      return ok(await vatDetails(ctx.db, user.account_id, request.query.country));
    },
  );

  api.get(
    '/rpc-api/v1/fetchGSTDetails',
    {
      schema: { tags: ['tax'], response: { 200: okSchema(gstDetailsSchema) } },
      config: billing,
    },
    async (request) => ok(await gstDetails(ctx.db, (await adminAccount(request)).account_id)),
  );

  api.post(
    '/rpc-api/reseller/vat/update',
    {
      schema: {
        tags: ['tax'],
        body: vatUpdateRequestSchema,
        response: { 200: okSchema(textResultSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      const result = await updateVatId(ctx.db, user.account_id, request.body.vatid);
      await audit(request, user.account_id, 'tax.vat.updated', {}, request.body.vatid)(ctx.db);
      return ok(result);
    },
  );

  api.post(
    '/rpc-api/reseller/gst/updateGSTNumber',
    {
      schema: {
        tags: ['tax'],
        body: gstUpdateRequestSchema,
        response: { 200: okSchema(textResultSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = await adminAccount(request);
      const result = await updateGstin(ctx.db, user.account_id, request.body.gstin);
      await audit(request, user.account_id, 'tax.gst.updated', {}, request.body.gstin)(ctx.db);
      return ok(result);
    },
  );

  api.get(
    '/rpc-api/validateUSAZipCode',
    {
      schema: {
        tags: ['tax'],
        querystring: zipCheckRequestSchema,
        response: { 200: okSchema(zipCheckSchema) },
      },
      config: policy.reseller('signed-in'),
    },
    (request) => ok(zipCheck(request.query.zip, request.query.state)),
  );
}
