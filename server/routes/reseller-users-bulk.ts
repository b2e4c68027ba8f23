import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import {
  bulkResendResultSchema,
  listUsersQuerySchema,
  userIdsBodySchema,
} from '../../src/domain/api/reseller-users';
import { policy } from '../../src/domain/api/route-policy';
import { invitationsSentText } from '../../src/domain/csv-invitation';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { sessionActorOf } from '../services/reseller-users/actor';
import { exportUsersCsv, resendInvitations } from '../services/reseller-users/bulk';

/**
 * The users list's bulk calls: resend the selected invitations, and export the (filtered) list
 * as CSV. Scoped to the caller's account and role like every users call.
 */
export function registerResellerUserBulkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reseller users'];
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };
  // Each resend is mail to many inboxes at once: a few bulk sends per user and quarter-hour.
  const bulkResendLimit = limitAll(app, [
    {
      max: 10,
      timeWindow: '15 minutes',
      key: (r) => `invite-resend-bulk:${r.principal?.sub ?? r.ip}`,
    },
  ]);

  api.post(
    '/rpc-api/reseller/user/invite/resend/bulk',
    {
      config: policy.reseller('users.manage'),
      schema: {
        tags,
        ...operation(
          'resendInvitations',
          'Send a new invitation link to each selected pending (or expired) invitation',
          { errors: [422] },
        ),
        body: userIdsBodySchema,
        response: { 200: okSchema(bulkResendResultSchema), ...errors },
      },
      preHandler: bulkResendLimit,
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const ids = request.body.userIds;
      const count = await resendInvitations(ctx, actor, ids, requestContext(request));
      return ok({ message: invitationsSentText(count), count });
    },
  );

  api.get(
    '/rpc-api/reseller/user/export',
    {
      config: policy.reseller('users.manage'),
      schema: {
        tags,
        ...operation(
          'exportUsers',
          'The users list as CSV, with its search and filters, every page',
          {
            answer: 'text/csv',
          },
        ),
        querystring: listUsersQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportUsersCsv(ctx.db, sessionActorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(csv);
    },
  );
}
