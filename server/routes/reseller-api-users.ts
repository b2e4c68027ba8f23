import type { FastifyInstance, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, errorCodes } from '../../src/domain/api/envelope';
import {
  doneSchema,
  inviteResultSchema,
  inviteUserSchema,
  subUserSchema,
  updateUserSchema,
  userIdsBodySchema,
} from '../../src/domain/api/reseller-users';
import {
  apiListUsersQuerySchema,
  apiUserListSchema,
} from '../../src/domain/api/reseller-api-lists';
import {
  exampleDeleteAnswer,
  exampleDeleteRequest,
  exampleInviteAnswer,
  exampleInviteRequest,
  exampleUpdateAnswer,
  exampleUpdateRequest,
  exampleUserList,
} from '../../src/domain/api/reseller-api-examples';
import { formatMessage } from '../../src/domain/messages';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { apiAccountOf } from '../plugins/api-key';
import { requestContext } from '../plugins/auth';
import { ok, okSchema } from '../plugins/reply';
import { loadActor, type Actor } from '../services/reseller-users/actor';
import { listApiUsers } from '../services/reseller-api/lists';
import { inviteUser } from '../services/reseller-users/users-add';
import { deleteUsers, updateUser } from '../services/reseller-users/users-lifecycle';

/**
 * The reseller API for sub-users: the same calls, rules, messages and activity entries as the
 * console's /rpc-api/reseller/user/* calls, authenticated by the account's API key (X-API-Key or
 * `Authorization: Bearer`) instead of a session. The key acts as the account's administrator.
 * Bodies may be form-encoded (like the console) or JSON; the same zod schema reads both.
 */
export function registerResellerApiUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reseller API'];
  const security = [{ apiKey: [] }];
  // The same limit as the other /reseller-api/ calls; it runs first so guessing keys is slow too.
  // 422: a rule no schema states (the plan's computers, a cursor of another list or account).
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
    422: errorEnvelopeSchema,
  };

  /** The account's administrator: what a key may do is what the administrator may do. */
  async function actorOf(request: FastifyRequest): Promise<Actor> {
    const admin = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', apiAccountOf(request))
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .orderBy('created_at')
      .executeTakeFirst();
    if (!admin) throw new AppError(errorCodes.NOT_AUTHORIZED, 'A valid API key is required.');
    return loadActor(ctx.db, admin.id);
  }

  /** Activity entries say the change came through the API (shown with the user agent). */
  const viaApi = (request: FastifyRequest) => {
    const info = requestContext(request);
    return { ip: info.ip, userAgent: `Reseller API key · ${info.userAgent || 'no user agent'}` };
  };

  api.get(
    '/reseller-api/v1/users',
    {
      config: policy.apiKey('users.manage'),
      schema: {
        tags,
        operationId: 'listApiUsers',
        summary: 'List users',
        description:
          'One page of the account\'s active and invited users: search (q) by e-mail or name, sort by created_date, username or isActive, asc or desc, filter by status ("all", "active", "invited"). Pages by cursor: `limit` rows, then send `next_cursor` as `cursor` (with the same sort and filters) until it is null.',
        security,
        querystring: apiListUsersQuerySchema,
        response: {
          200: okSchema(apiUserListSchema).meta({ example: exampleUserList }),
          ...errors,
        },
      },
    },
    async (request) => ok(await listApiUsers(ctx, await actorOf(request), request.query)),
  );

  api.post(
    '/reseller-api/v1/users/invite',
    {
      config: policy.apiKey('users.manage'),
      schema: {
        tags,
        operationId: 'inviteApiUser',
        summary: 'Invite a user',
        description:
          'E-mails a single-use invitation link (7 days) to the address; role sub_user or sub_admin; allotedComputers is the number of computers the user may hold.',
        security,
        body: inviteUserSchema.meta({ example: exampleInviteRequest }),
        response: {
          200: okSchema(inviteResultSchema).meta({ example: exampleInviteAnswer }),
          ...errors,
          // An address another user holds.
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const user = await inviteUser(ctx, await actorOf(request), request.body, viaApi(request));
      return ok({ user, message: formatMessage('invitation.sent') });
    },
  );

  api.post(
    '/reseller-api/v1/users/update',
    {
      config: policy.apiKey('users.manage'),
      schema: {
        tags,
        operationId: 'updateApiUser',
        summary: 'Update a user',
        description: 'Names, role and allotted computers of one user of the account.',
        security,
        body: updateUserSchema.meta({ example: exampleUpdateRequest }),
        response: {
          200: okSchema(subUserSchema).meta({ example: exampleUpdateAnswer }),
          ...errors,
        },
      },
    },
    async (request) =>
      ok(await updateUser(ctx.db, await actorOf(request), request.body, viaApi(request))),
  );

  api.post(
    '/reseller-api/v1/users/delete',
    {
      config: policy.apiKey('users.manage'),
      schema: {
        tags,
        operationId: 'deleteApiUsers',
        summary: 'Delete users',
        description:
          'Cancels the listed users of the account (userIds: comma-separated ids; all or none): they are signed out and can be restored from the console.',
        security,
        body: userIdsBodySchema.meta({ example: exampleDeleteRequest }),
        response: {
          200: okSchema(doneSchema).meta({ example: exampleDeleteAnswer }),
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const count = await deleteUsers(ctx.db, actor, request.body.userIds, viaApi(request));
      return ok({ message: formatMessage('user.deleted'), count });
    },
  );
}
