import {
  continueUpgradeRequestSchema,
  proratedAmountSchema,
  upgradeDetailsSchema,
  upgradeResultSchema,
  upgradeTargetSchema,
} from '../../src/domain/api/billing';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { upgradeByCard, upgradeByInvoice } from '../services/billing/upgrade';
import { proratedAmount, upgradeDetails } from '../services/billing/upgrade-quote';
import type { BillingRouteKit } from './billing-kit';
import { operation } from '../plugins/openapi';

/** Upgrade: the plans on offer, the prorated amount, and paying by card or by invoice. */
export function registerUpgradeRoutes(ctx: AppContext, kit: BillingRouteKit): void {
  const { api, billing, cardLimit, tags, adminAccount, audit } = kit;

  api.get(
    '/rpc-api/reseller/ecom/upgradeDetails',
    {
      schema: {
        ...operation('getUpgradeOptions', 'List the plans and terms the account can upgrade to'),
        tags,
        response: { 200: okSchema(upgradeDetailsSchema) },
      },
      config: billing,
    },
    async (request) => ok(await upgradeDetails(ctx.db, adminAccount(request).account_id)),
  );

  api.get(
    '/rpc-api/reseller/ecom/proAmtUpg',
    {
      schema: {
        ...operation('quoteUpgrade', 'Quote the prorated price of an upgrade', {
          description: 'An unknown or inactive plan answers 400 with PLAN_NOT_FOUND.',
        }),
        tags,
        querystring: upgradeTargetSchema,
        response: { 200: okSchema(proratedAmountSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      return ok(
        await proratedAmount(ctx.db, user.account_id, request.query.planCode, request.query.term),
      );
    },
  );

  api.post(
    '/rpc-api/reseller/ecom/continueUpg',
    {
      schema: {
        ...operation('upgradePlan', 'Upgrade the plan, paying with a new or the stored card', {
          description:
            "Charges the prorated amount now; an unknown plan answers 400 with PLAN_NOT_FOUND and a refused card 400 with the gateway's reason.",
          errors: [402, 422],
        }),
        tags,
        body: continueUpgradeRequestSchema,
        response: { 200: okSchema(upgradeResultSchema) },
      },
      config: billing,
      preHandler: cardLimit,
    },
    async (request) => {
      const user = adminAccount(request);
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
      schema: {
        ...operation('upgradePlanByInvoice', 'Upgrade the plan and pay by invoice', {
          description: 'An unknown plan answers 400 with PLAN_NOT_FOUND.',
        }),
        tags,
        body: upgradeTargetSchema,
        response: { 200: okSchema(upgradeResultSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
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
}
