import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { textResultSchema, updateBillingAddressRequestSchema } from '../../src/domain/api/billing';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { addressLine, updateBillingAddress } from '../services/billing/billing-address';
import { sessionActorOf } from '../services/reseller-users/actor';

/** The billing address on its own (billing information's "Edit address"): the administrator's. */
export function registerBillingAddressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/rpc-api/reseller/ecom/updateBillingAddress',
    {
      config: policy.reseller('billing'),
      schema: {
        tags: ['billing'],
        operationId: 'updateBillingAddress',
        summary: 'Change the billing address and keep the card on file',
        body: updateBillingAddressRequestSchema,
        response: {
          200: okSchema(textResultSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          // A country the shop does not sell to, a US state or ZIP code that does not exist.
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const result = await updateBillingAddress(ctx.db, actor.accountId, request.body, (tx) =>
        recordAudit(tx, {
          subjectKind: 'reseller',
          subjectId: actor.userId,
          accountId: actor.accountId,
          action: 'billing.address.updated',
          ...requestContext(request),
          target: addressLine(request.body),
        }),
      );
      return ok(result);
    },
  );
}
