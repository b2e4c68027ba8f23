import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityLogQuerySchema,
  activityLogResponseSchema,
  activityUsersQuerySchema,
  activityUsersResponseSchema,
} from '../../src/domain/api/reseller-account';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { sessionActorOf } from '../services/reseller-users/actor';
import { can } from '../../src/domain/api/reseller-users';
import { activityUsers, listActivity } from '../services/reseller-account/activity-log';
import { operation } from '../plugins/openapi';

/** Those who manage the users read everyone's lines; anyone else only their own. */
function readerOf(request: FastifyRequest) {
  const actor = sessionActorOf(request);
  return {
    accountId: actor.accountId,
    onlyUserId: can(actor.role, 'users.manage') ? null : actor.userId,
  };
}

export function registerActivityLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The account's activity log; an administrator sees everyone's entries, a sub-user its own.
  api.get(
    '/rpc-api/reseller/log/activity/get',
    {
      config: policy.reseller('activity.read'),
      schema: {
        ...operation('listActivityLog', "List the account's activity log"),
        tags: ['activity log'],
        querystring: activityLogQuerySchema,
        response: { 200: okSchema(activityLogResponseSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listActivity(ctx.db, { ...query, ...readerOf(request) });
      return ok({ ...page, page: query.page, pageSize: query.pageSize });
    },
  );

  // The users the log's user filter offers: a sub-user only itself.
  api.get(
    '/rpc-api/reseller/log/activity/users',
    {
      config: policy.reseller('activity.read'),
      schema: {
        ...operation('listActivityLogUsers', "List the users the activity log's filter offers"),
        tags: ['activity log'],
        querystring: activityUsersQuerySchema,
        response: { 200: okSchema(activityUsersResponseSchema) },
      },
    },
    async (request) => {
      const { accountId, onlyUserId } = readerOf(request);
      return ok(await activityUsers(ctx.db, accountId, onlyUserId, request.query));
    },
  );
}
