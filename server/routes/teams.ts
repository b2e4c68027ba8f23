import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTeamSchema,
  renameTeamSchema,
  teamDoneSchema,
  teamIdSchema,
  teamListSchema,
  teamMembersSchema,
  teamMessages,
} from '../../src/domain/api/teams';
import type { AppContext } from '../context';
import { requestContext } from '../plugins/auth';
import { ok, okSchema } from '../plugins/reply';
import { sessionActorOf } from '../services/reseller-users/actor';
import {
  addMembers,
  createTeam,
  deleteTeam,
  listTeams,
  removeMembers,
  renameTeam,
} from '../services/teams/teams';
import { operation } from '../plugins/openapi';

/**
 * Teams (the spec names no endpoints for them; these sit next to the user calls). Administrators
 * and sub-administrators only; a user belongs to at most one team.
 */
export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const done = { 200: okSchema(teamDoneSchema) };

  api.get(
    '/rpc-api/reseller/team/get',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('listTeams', "List the account's teams and their members"),
        tags,
        response: { 200: okSchema(teamListSchema) },
      },
    },
    async (request) => ok({ teams: await listTeams(ctx.db, sessionActorOf(request)) }),
  );

  api.post(
    '/rpc-api/reseller/team/create',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('createTeam', 'Create a team', {
          description:
            'A name another team of the account has answers 409 CONFLICT on the name field.',
          errors: [409],
        }),
        tags,
        body: createTeamSchema,
        response: done,
      },
    },
    async (request) => {
      await createTeam(ctx.db, sessionActorOf(request), request.body.name, requestContext(request));
      return ok({ message: teamMessages.created });
    },
  );

  api.post(
    '/rpc-api/reseller/team/rename',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('renameTeam', 'Rename a team', { errors: [404, 409] }),
        tags,
        body: renameTeamSchema,
        response: done,
      },
    },
    async (request) => {
      const { teamId, name } = request.body;
      await renameTeam(ctx.db, sessionActorOf(request), teamId, name, requestContext(request));
      return ok({ message: teamMessages.renamed });
    },
  );

  api.post(
    '/rpc-api/reseller/team/delete',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('deleteTeam', 'Delete a team (its members stay users)', { errors: [404] }),
        tags,
        body: teamIdSchema,
        response: done,
      },
    },
    async (request) => {
      await deleteTeam(
        ctx.db,
        sessionActorOf(request),
        request.body.teamId,
        requestContext(request),
      );
      return ok({ message: teamMessages.deleted });
    },
  );

  api.post(
    '/rpc-api/reseller/team/members/add',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('addTeamMembers', 'Add users to a team', {
          description:
            'All or nothing: a user already in a team, cancelled or not of the account refuses the whole request.',
          errors: [404, 422],
        }),
        tags,
        body: teamMembersSchema,
        response: done,
      },
    },
    async (request) => {
      const { teamId, userIds } = request.body;
      await addMembers(ctx.db, sessionActorOf(request), teamId, userIds, requestContext(request));
      return ok({ message: teamMessages.membersAdded });
    },
  );

  api.post(
    '/rpc-api/reseller/team/members/remove',
    {
      config: policy.reseller('teams.manage'),
      schema: {
        ...operation('removeTeamMembers', 'Remove users from a team', { errors: [404] }),
        tags,
        body: teamMembersSchema,
        response: done,
      },
    },
    async (request) => {
      const { teamId, userIds } = request.body;
      await removeMembers(
        ctx.db,
        sessionActorOf(request),
        teamId,
        userIds,
        requestContext(request),
      );
      return ok({ message: teamMessages.membersRemoved });
    },
  );
}
