import {
  autoRenewalSchema,
  enableAutoRenewalRequestSchema,
  updateRenewDetailsRequestSchema,
} from '../../src/domain/api/billing';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { setAutoRenewal, setRenewTerm } from '../services/billing/renewal-settings';
import type { BillingRouteKit } from './billing-kit';
import { operation } from '../plugins/openapi';

/** Auto-renewal: the switch and the term the subscription renews for. */
export function registerRenewalRoutes(ctx: AppContext, kit: BillingRouteKit): void {
  const { api, billing, tags, adminAccount, audit } = kit;

  api.post(
    '/rpc-api/reseller/autorenewal/enableAutoRenewal',
    {
      schema: {
        ...operation('setAutoRenewal', 'Turn automatic renewal on or off'),
        tags,
        body: enableAutoRenewalRequestSchema,
        response: { 200: okSchema(autoRenewalSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
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
        ...operation('updateRenewalTerm', 'Change the term the plan renews for'),
        tags,
        body: updateRenewDetailsRequestSchema,
        response: { 200: okSchema(autoRenewalSchema) },
      },
      config: billing,
    },
    async (request) => {
      const user = adminAccount(request);
      const result = await setRenewTerm(ctx.db, user.account_id, request.body.renewTerm);
      const term = request.body.renewTerm === 'year' ? 'Yearly' : 'Monthly';
      await audit(request, user.account_id, 'billing.renewal.term', {}, term)(ctx.db);
      return ok(result);
    },
  );
}
