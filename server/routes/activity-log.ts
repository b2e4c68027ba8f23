import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityLogQuerySchema,
  activityLogResponseSchema,
} from '../../src/domain/api/reseller-account';
import type { AppContext } from '../context';
import { ok, okSchema } from '../plugins/reply';
import { sessionActorOf } from '../services/reseller-users/actor';
import { can } from '../../src/domain/api/reseller-users';
import { activityUsers, listActivity } from '../services/reseller-account/activity-log';
import { operation } from '../plugins/openapi';

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
      const actor = sessionActorOf(request);
      // Those who manage the users read everyone's lines; anyone else only their own.
      const onlyUserId = can(actor.role, 'users.manage') ? null : actor.userId;
      const query = request.query;
      const [page, filterUsers] = await Promise.all([
        listActivity(ctx.db, { ...query, accountId: actor.accountId, onlyUserId }),
        activityUsers(ctx.db, actor.accountId, onlyUserId, {
          search: query.userSearch,
          selected: query.user,
        }),
      ]);
      return ok({ ...page, ...filterUsers, page: query.page, pageSize: query.pageSize });
    },
  );
}
