import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import { homeSummarySchema } from '../../src/domain/api/reseller-home';
import { policy } from '../../src/domain/api/route-policy';
import type { AppContext } from '../context';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { homeSummary } from '../services/reseller-home/summary';
import { sessionActorOf } from '../services/reseller-users/actor';

/** The reseller home screen's figures: computers and users against the plan, computers online. */
export function registerResellerHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/rpc-api/reseller/home/summary',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        tags: ['reseller home'],
        ...operation(
          'getHomeSummary',
          "Computers and users used against the plan's limits, and computers online",
        ),
        response: {
          200: okSchema(homeSummarySchema),
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      return ok(await homeSummary(ctx.db, sessionActorOf(request).accountId));
    },
  );
}
