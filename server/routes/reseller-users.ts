import {
  exampleConsoleUserList,
  exampleInviteAnswer,
  exampleInviteRequest,
} from '../../src/domain/api/reseller-api-examples';
import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addUserSchema,
  csvInviteResultSchema,
  csvInviteSchema,
  doneSchema,
  inviteLinkSchema,
  inviteResultSchema,
  inviteUserSchema,
  listUsersQuerySchema,
  subUserSchema,
  updateUserSchema,
  userIdBodySchema,
  userIdsBodySchema,
  userListSchema,
  userMessages,
} from '../../src/domain/api/reseller-users';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import { invitationsSentText } from '../../src/domain/csv-invitation';
import { formatMessage } from '../../src/domain/messages';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { sessionActorOf } from '../services/reseller-users/actor';
import { CsvFailure, inviteFromCsv } from '../services/reseller-users/csv-invite';
import { listCancelledUsers, listUsers } from '../services/reseller-users/users';
import { addUser, inviteUser } from '../services/reseller-users/users-add';
import { copyInvitationLink, resendInvitation } from '../services/reseller-users/users-invitations';
import { deleteUsers, restoreUsers, updateUser } from '../services/reseller-users/users-lifecycle';
import { operation } from '../plugins/openapi';

/**
 * Sub-users (spec section 7, "Users"): list, add, invite, resend, copy link, update, delete,
 * cancelled users and restore. Every call is scoped to the caller's account and checked against
 * the caller's role (`permissions` in src/domain/api/reseller-users.ts).
 */
export function registerResellerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before validation, so an anonymous caller learns nothing from a 400.
  const tags = ['reseller users'];
  // Each invitation is an e-mail to an address the caller chooses: per signed-in user, a pace
  // that fits inviting people one by one (many at once go through the CSV import) but keeps a
  // stolen session or a careless script from mailing one inbox, or many, without end.
  const byUser = (name: string, max: number) =>
    limitAll(app, [
      { max, timeWindow: '15 minutes', key: (r) => `${name}:${r.principal?.sub ?? r.ip}` },
    ]);
  const inviteLimit = byUser('invite', 60);
  const resendLimit = byUser('invite-resend', 20);
  const csvLimit = byUser('invite-csv', ctx.config.csvImportLimitPerUser);

  api.get(
    '/rpc-api/reseller/user/get',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('listUsers', "List the account's users, one page at a time"),
        tags,
        querystring: listUsersQuerySchema,
        response: { 200: okSchema(userListSchema).meta({ example: exampleConsoleUserList }) },
      },
    },
    async (request) => ok(await listUsers(ctx.db, sessionActorOf(request), request.query)),
  );

  api.get(
    '/rpc-api/reseller/account/get/cancelusers',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('listCancelledUsers', "List the account's cancelled users"),
        tags,
        querystring: listUsersQuerySchema,
        response: { 200: okSchema(userListSchema) },
      },
    },
    async (request) => ok(await listCancelledUsers(ctx.db, sessionActorOf(request), request.query)),
  );

  api.post(
    '/rpc-api/reseller/user/add',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('addUser', 'Add a user with a password, no invitation', {
          description:
            'Refused with 409 when the plan has no room for another user or the email is taken.',
          errors: [409, 422],
        }),
        tags,
        body: addUserSchema,
        response: { 200: okSchema(subUserSchema) },
      },
    },
    async (request) =>
      ok(await addUser(ctx, sessionActorOf(request), request.body, requestContext(request))),
  );

  api.post(
    '/rpc-api/reseller/user/invite',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('inviteUser', 'Invite a user by email', {
          description:
            'Refused with 409 when the plan has no room for another user or the email is taken.',
          errors: [409, 422],
        }),
        tags,
        body: inviteUserSchema.meta({ example: exampleInviteRequest }),
        response: { 200: okSchema(inviteResultSchema).meta({ example: exampleInviteAnswer }) },
      },
      preHandler: inviteLimit,
    },
    async (request) => {
      const user = await inviteUser(
        ctx,
        sessionActorOf(request),
        request.body,
        requestContext(request),
      );
      return ok({ user, message: formatMessage('invitation.sent') });
    },
  );

  // One request, one transaction: every row is created or none (the answer names failed rows).
  api.post(
    '/rpc-api/reseller/user/invite/csv',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('inviteUsersFromCsv', 'Invite the users listed in a CSV file', {
          description:
            'All or nothing in one transaction. A file whose content breaks the rules answers 422: ' +
            'CSV_ROWS_FAILED naming each failed row (`field` is `row.<n>.<column>`), or ' +
            'RULE_FAILED for the file as a whole (not CSV, no rows, more than 500 users).',
          errors: [409],
        }),
        tags,
        body: csvInviteSchema,
        response: { 200: okSchema(csvInviteResultSchema), 422: errorEnvelopeSchema },
      },
      preHandler: csvLimit,
    },
    async (request, reply) => {
      const actor = sessionActorOf(request);
      try {
        const created = await inviteFromCsv(ctx, actor, request.body, requestContext(request));
        return ok({ created, message: invitationsSentText(created) });
      } catch (error) {
        if (error instanceof CsvFailure) return reply.code(error.statusCode).send(error.envelope());
        throw error;
      }
    },
  );

  api.post(
    '/rpc-api/reseller/user/invite/resend',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('resendInvitation', 'Send an invitation again with a new link', {
          errors: [404, 422],
        }),
        tags,
        body: userIdBodySchema,
        response: { 200: okSchema(inviteResultSchema) },
      },
      preHandler: resendLimit,
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const user = await resendInvitation(ctx, actor, request.body.userId, requestContext(request));
      return ok({ user, message: formatMessage('invitation.sent') });
    },
  );

  api.post(
    '/rpc-api/reseller/user/invite/link',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('copyInvitationLink', "Get a pending invitation's link to share", {
          errors: [404],
        }),
        tags,
        body: userIdBodySchema,
        response: { 200: okSchema(inviteLinkSchema) },
      },
    },
    async (request) =>
      ok(
        await copyInvitationLink(
          ctx,
          sessionActorOf(request),
          request.body.userId,
          requestContext(request),
        ),
      ),
  );

  api.post(
    '/rpc-api/reseller/user/update',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('updateUser', "Change a user's name, role or allotted computers", {
          errors: [404, 409, 422],
        }),
        tags,
        body: updateUserSchema,
        response: { 200: okSchema(subUserSchema) },
      },
    },
    async (request) =>
      ok(await updateUser(ctx.db, sessionActorOf(request), request.body, requestContext(request))),
  );

  api.post(
    '/rpc-api/reseller/user/delete',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('deleteUsers', 'Cancel users (they can be restored)', { errors: [404, 422] }),
        tags,
        body: userIdsBodySchema,
        response: { 200: okSchema(doneSchema) },
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const count = await deleteUsers(ctx.db, actor, request.body.userIds, requestContext(request));
      return ok({ message: formatMessage('user.deleted'), count });
    },
  );

  api.post(
    '/rpc-api/reseller/user/restore',
    {
      config: policy.reseller('users.manage'),
      schema: {
        ...operation('restoreUsers', 'Restore cancelled users', {
          description: 'Refused with 409 when the plan has no room for them.',
          errors: [404, 409],
        }),
        tags,
        body: userIdsBodySchema,
        response: { 200: okSchema(doneSchema) },
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const count = await restoreUsers(
        ctx.db,
        actor,
        request.body.userIds,
        requestContext(request),
      );
      return ok({ message: userMessages.userRestored, count });
    },
  );
}
