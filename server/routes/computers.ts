import { exampleConsoleComputerList } from '../../src/domain/api/reseller-api-examples';
import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCommentSchema,
  addComputerSchema,
  allotComputersSchema,
  computerDoneSchema,
  computerIdQuerySchema,
  computerListSchema,
  computerMessages,
  computerNotesSchema,
  computerSavedSchema,
  createGroupSchema,
  deleteComputersSchema,
  groupIdSchema,
  groupListSchema,
  listComputersQuerySchema,
  moveComputersSchema,
  renameGroupSchema,
  sendMessageSchema,
  updateComputerSchema,
} from '../../src/domain/api/computers';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { ok, okSchema } from '../plugins/reply';
import {
  addComputer,
  allotComputers,
  deleteComputers,
  listComputers,
  moveComputers,
  updateComputer,
} from '../services/computers/computers';
import { createGroup, deleteGroup, listGroups, renameGroup } from '../services/computers/groups';
import { addComment, listComments, listMessages, sendMessage } from '../services/computers/notes';
import { sessionActorOf } from '../services/reseller-users/actor';
import { operation } from '../plugins/openapi';

/**
 * Computers and groups (the spec names no endpoints; these sit next to the user and team calls).
 * Administrators and sub-administrators manage them; a sub-user only lists the computers allotted
 * to them. Every call is scoped to the caller's account: another account's records are 404.
 */
export function registerComputerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Authentication runs before validation, so an anonymous caller learns nothing from a 400.
  const tags = ['computers'];
  const done = { 200: okSchema(computerDoneSchema) };
  const saved = { 200: okSchema(computerSavedSchema) };
  const notes = { 200: okSchema(computerNotesSchema) };

  api.get(
    '/rpc-api/reseller/computer/get',
    {
      config: policy.reseller('computers.own'),
      schema: {
        ...operation('listComputers', 'List computers, one page at a time', {
          description:
            "Administrators and sub-administrators see the account's computers; a user sees the computers allotted to them.",
        }),
        tags,
        querystring: listComputersQuerySchema,
        response: {
          200: okSchema(computerListSchema).meta({ example: exampleConsoleComputerList }),
        },
      },
    },
    async (request) => ok(await listComputers(ctx.db, sessionActorOf(request), request.query)),
  );

  api.post(
    '/rpc-api/reseller/computer/add',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('addComputer', 'Add a computer', {
          description:
            'Refused with 422 RULE_FAILED when the plan has no room for another computer.',
          errors: [404, 422],
        }),
        tags,
        body: addComputerSchema,
        response: saved,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const computer = await addComputer(ctx.db, actor, request.body, requestContext(request));
      return ok({ message: computerMessages.added, computer });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/update',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('updateComputer', "Change a computer's name, description or group", {
          errors: [404],
        }),
        tags,
        body: updateComputerSchema,
        response: saved,
      },
    },
    async (request) => {
      const { computerId, ...input } = request.body;
      const actor = sessionActorOf(request);
      const computer = await updateComputer(
        ctx.db,
        actor,
        computerId,
        input,
        requestContext(request),
      );
      return ok({ message: computerMessages.updated, computer });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/move',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('moveComputers', 'Move computers to a group', { errors: [404] }),
        tags,
        body: moveComputersSchema,
        response: done,
      },
    },
    async (request) => {
      const { computerIds, groupId } = request.body;
      const actor = sessionActorOf(request);
      const count = await moveComputers(
        ctx.db,
        actor,
        computerIds,
        groupId,
        requestContext(request),
      );
      return ok({ message: computerMessages.moved, count });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/allot',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('allotComputers', 'Allot computers to a user, or take them back', {
          errors: [404, 422],
        }),
        tags,
        body: allotComputersSchema,
        response: done,
      },
    },
    async (request) => {
      const { computerIds, userId } = request.body;
      const actor = sessionActorOf(request);
      const count = await allotComputers(
        ctx.db,
        actor,
        computerIds,
        userId,
        requestContext(request),
      );
      return ok({
        message: userId ? computerMessages.allotted : computerMessages.unallotted,
        count,
      });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/delete',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('deleteComputers', 'Delete computers', { errors: [404] }),
        tags,
        body: deleteComputersSchema,
        response: done,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const count = await deleteComputers(
        ctx.db,
        actor,
        request.body.computerIds,
        requestContext(request),
      );
      return ok({ message: computerMessages.deleted, count });
    },
  );

  api.get(
    '/rpc-api/reseller/computer/comment/get',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('listComputerComments', "List a computer's comments", { errors: [404] }),
        tags,
        querystring: computerIdQuerySchema,
        response: notes,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      return ok({ notes: await listComments(ctx.db, actor, request.query.computerId) });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/comment/add',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('addComputerComment', 'Comment on a computer', { errors: [404] }),
        tags,
        body: addCommentSchema,
        response: done,
      },
    },
    async (request) => {
      const { computerId, comment } = request.body;
      const actor = sessionActorOf(request);
      await addComment(ctx.db, actor, computerId, comment, requestContext(request));
      return ok({ message: computerMessages.commentAdded, count: 1 });
    },
  );

  api.get(
    '/rpc-api/reseller/computer/message/get',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('listComputerMessages', 'List the messages sent to a computer', {
          errors: [404],
        }),
        tags,
        querystring: computerIdQuerySchema,
        response: notes,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      return ok({ notes: await listMessages(ctx.db, actor, request.query.computerId) });
    },
  );

  api.post(
    '/rpc-api/reseller/computer/message/send',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('sendComputerMessage', 'Send a message to a computer', { errors: [404] }),
        tags,
        body: sendMessageSchema,
        response: done,
      },
    },
    async (request) => {
      const { computerId, message } = request.body;
      const actor = sessionActorOf(request);
      await sendMessage(ctx.db, actor, computerId, message, requestContext(request));
      return ok({ message: computerMessages.messageSent, count: 1 });
    },
  );

  api.get(
    '/rpc-api/reseller/group/get',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('listGroups', "List the account's computer groups"),
        tags,
        response: { 200: okSchema(groupListSchema) },
      },
    },
    async (request) => ok(await listGroups(ctx.db, sessionActorOf(request))),
  );

  api.post(
    '/rpc-api/reseller/group/create',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('createGroup', 'Create a computer group', {
          description:
            'A name another group of the account has answers 409 CONFLICT on the name field.',
          errors: [409],
        }),
        tags,
        body: createGroupSchema,
        response: done,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      await createGroup(ctx.db, actor, request.body.name, requestContext(request));
      return ok({ message: computerMessages.groupCreated, count: 1 });
    },
  );

  api.post(
    '/rpc-api/reseller/group/rename',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('renameGroup', 'Rename a computer group', { errors: [404, 409] }),
        tags,
        body: renameGroupSchema,
        response: done,
      },
    },
    async (request) => {
      const { groupId, name } = request.body;
      const actor = sessionActorOf(request);
      await renameGroup(ctx.db, actor, groupId, name, requestContext(request));
      return ok({ message: computerMessages.groupRenamed, count: 1 });
    },
  );

  // Its computers stay, in "no group"; count says how many were moved there.
  api.post(
    '/rpc-api/reseller/group/delete',
    {
      config: policy.reseller('computers.manage'),
      schema: {
        ...operation('deleteGroup', 'Delete a computer group (its computers become ungrouped)', {
          errors: [404],
        }),
        tags,
        body: groupIdSchema,
        response: done,
      },
    },
    async (request) => {
      const actor = sessionActorOf(request);
      const count = await deleteGroup(ctx.db, actor, request.body.groupId, requestContext(request));
      return ok({ message: computerMessages.groupDeleted, count });
    },
  );
}
