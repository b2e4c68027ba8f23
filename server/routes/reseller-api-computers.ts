import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiComputerListSchema,
  apiGroupListSchema,
  apiListComputersQuerySchema,
  apiListGroupsQuerySchema,
} from '../../src/domain/api/reseller-api-lists';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import { exampleComputerList, exampleGroupList } from '../../src/domain/api/reseller-api-examples';
import type { AppContext } from '../context';
import { apiAccountOf } from '../plugins/api-key';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { listApiComputers, listApiGroups } from '../services/reseller-api/lists';

/**
 * The reseller API's read calls for computers and groups, authenticated by the account's API key
 * (X-API-Key or `Authorization: Bearer`) and scoped to that key's account. The Personal Key is
 * never part of an answer.
 */
export function registerResellerApiComputerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reseller API'];

  api.get(
    '/reseller-api/v1/computers',
    {
      config: policy.apiKey('computers.manage'),
      schema: {
        tags,
        ...operation('listApiComputers', 'List computers', {
          description:
            'One page of the account\'s computers: search by name or description (q), filter by group ("all", "none" or a group id), sort by name, last_seen or status, asc or desc. Pages by cursor: `limit` rows, then send `next_cursor` as `cursor` (with the same sort and filters) until it is null.',
          errors: [422],
        }),
        querystring: apiListComputersQuerySchema,
        response: {
          200: okSchema(apiComputerListSchema).meta({ example: exampleComputerList }),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await listApiComputers(ctx, apiAccountOf(request), request.query)),
  );

  api.get(
    '/reseller-api/v1/groups',
    {
      config: policy.apiKey('computers.manage'),
      schema: {
        tags,
        ...operation('listApiGroups', 'List computer groups', {
          description:
            "The account's groups, A to Z, with how many computers each holds: all of them, or with `limit` (and then `cursor`: the answer's `next_cursor`) a page at a time.",
          errors: [422],
        }),
        querystring: apiListGroupsQuerySchema,
        response: {
          200: okSchema(apiGroupListSchema).meta({ example: exampleGroupList }),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await listApiGroups(ctx, apiAccountOf(request), request.query)),
  );
}
