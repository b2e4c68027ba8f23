import type { FastifyInstance } from 'fastify';
import {
  billingInfoSchema,
  cardInfoSchema,
  payPendingResponseSchema,
  updateCardRequestSchema,
  updateCardResponseSchema,
} from '../../src/domain/api/billing';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { billingInfo, cardInfo } from '../services/billing/billing-info';
import { updateCard } from '../services/billing/card-on-file';
import { payPendingCharges } from '../services/billing/pending-charges';
import { billingRouteKit } from './billing-kit';
import { registerInvoiceRoutes } from './billing-invoices';
import { registerRenewalRoutes } from './billing-renewal';
import { registerUpgradeRoutes } from './billing-upgrade';
import { registerTaxRoutes } from './tax';
import { operation } from '../plugins/openapi';

/**
 * Billing, plans and tax (spec section 7: Upgrade, Auto-renewal, Billing, Tax): the billing
 * information, the card on file and pending charges here; invoices, upgrades, auto-renewal and
 * tax in their own modules, sharing one kit (the policy, the card-attempt limit, the audit line).
 */
export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kit = billingRouteKit(app);
  const { api, billing, cardLimit, tags, adminAccount, audit } = kit;

  api.get(
    '/rpc-api/reseller/ecom/billingInfo',
    {
      schema: {
        ...operation(
          'getBillingInfo',
          "Read the account's plan, renewal, billing address and balance",
        ),
        tags,
        response: { 200: okSchema(billingInfoSchema) },
      },
      config: billing,
    },
    async (request) => ok(await billingInfo(ctx.db, adminAccount(request).account_id)),
  );

  api.get(
    '/rpc-api/reseller/ecom/getCardInfo',
    {
      schema: {
        ...operation('getCardInfo', 'Read the card on file (brand, last digits, expiry)'),
        tags,
        response: { 200: okSchema(cardInfoSchema) },
      },
      config: billing,
    },
    async (request) => ok(await cardInfo(ctx.db, adminAccount(request).account_id)),
  );

  api.post(
    '/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus',
    {
      schema: {
        ...operation('updateCard', 'Replace the card on file and say whether charges are pending', {
          description:
            "The new card is checked with the payment gateway before it replaces the old one; a refused card answers 400 with the gateway's reason.",
          errors: [402, 422],
        }),
        tags,
        body: updateCardRequestSchema,
        response: { 200: okSchema(updateCardResponseSchema) },
      },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = adminAccount(request);
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
      schema: {
        ...operation('payPendingCharges', 'Pay the pending charges with the card on file', {
          description:
            'When another payment settled the same charges first, this one is given back and the call answers 409 PENDING_CHARGES_CHANGED: reload the billing information.',
          errors: [402, 409, 422],
        }),
        tags,
        response: { 200: okSchema(payPendingResponseSchema) },
      },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok(
        await payPendingCharges(
          ctx.db,
          user.account_id,
          audit(request, user.account_id, 'billing.pending.paid'),
        ),
      );
    },
  );

  registerInvoiceRoutes(ctx, kit);
  registerUpgradeRoutes(ctx, kit);
  registerRenewalRoutes(ctx, kit);
  registerTaxRoutes(ctx, kit);
}
