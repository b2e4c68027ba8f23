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

/** Upgrade: the plans on offer, the prorated amount, and paying by card or by invoice. */
export function registerUpgradeRoutes(ctx: AppContext, kit: BillingRouteKit): void {
  const { api, billing, cardLimit, tags, adminAccount, audit } = kit;

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
}
