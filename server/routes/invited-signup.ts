import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invitationCheckQuerySchema,
  invitationCheckSchema,
  invitedSignupRequestSchema,
  invitedSignupResponseSchema,
} from '../../src/domain/api/invite';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { acceptInvitation, checkInvitation } from '../services/reseller-users/invited-signup';
import { operation } from '../plugins/openapi';

/**
 * The invited-user signup (spec sections 2 and 3): public, because the invitee has no account
 * yet. The link's unique_id is the credential; the server never trusts the rest of the query
 * string. An unknown, used, replaced or expired link answers `expired_link`.
 */
export function registerInvitedSignupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invited signup'];
  const limits = limitAll(app, [
    { max: 30, timeWindow: '1 minute', key: (request) => `invite:${request.ip}` },
  ]);

  api.get(
    '/rpc-api/reseller/invite/check',
    {
      config: policy.public,
      schema: {
        ...operation('checkInvitation', 'Check an invitation link before its signup form', {
          description:
            'An unknown, used, replaced or expired link answers 400 with `expired_link`.',
        }),
        tags,
        querystring: invitationCheckQuerySchema,
        response: { 200: okSchema(invitationCheckSchema) },
      },
      preHandler: limits,
    },
    async (request) => ok(await checkInvitation(ctx, request.query.unique_id, request.query.email)),
  );

  api.post(
    '/rpc-api/reseller/invitedUserSignup',
    {
      config: policy.public,
      schema: {
        ...operation('signUpInvitedUser', 'Create the account of an invited user', {
          description:
            "The link's unique_id is the credential; an unknown, used, replaced or expired link answers 400 with `expired_link`.",
          errors: [409],
        }),
        tags,
        body: invitedSignupRequestSchema,
        response: { 200: okSchema(invitedSignupResponseSchema) },
      },
      preHandler: limits,
    },
    async (request) => ok(await acceptInvitation(ctx, request.body, requestContext(request))),
  );
}
