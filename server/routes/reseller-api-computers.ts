import type { FastifyInstance } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupListSchema } from '../../src/domain/api/computers';
import {
  apiComputerListSchema,
  apiListComputersQuerySchema,
} from '../../src/domain/api/reseller-api-lists';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import type { AppContext } from '../context';
import { apiAccountOf } from '../plugins/api-key';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { listGroupsWithCounts } from '../services/computers/repository';
import { listApiComputers } from '../services/reseller-api/lists';

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
        }),
        querystring: apiListComputersQuerySchema,
        response: {
          200: okSchema(apiComputerListSchema).meta({
            example: {
              code: 200,
              status: 'OK',
              message: {
                computers: [
                  {
                    id: '5b0c3f7e-4a55-4b1f-9f5e-0d7a2c1e9b10',
                    name: 'ACME-WS-01',
                    description: 'Reception desk workstation',
                    groupId: '0f3c2a54-8d1b-4e6a-b5a7-2b9c4d8e7f61',
                    groupName: 'Head Office',
                    allottedTo: null,
                    status: 'online',
                    lastSeen: '2026-11-22T08:15:00.000Z',
                    createdAt: '2026-01-10T12:00:00.000Z',
                  },
                ],
                total: 1,
                page: 1,
                pageSize: 25,
                limit: 25,
                next_cursor: null,
              },
            },
          }),
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
          description: "The account's groups, A to Z, with how many computers each holds.",
        }),
        response: {
          200: okSchema(groupListSchema).meta({
            example: {
              code: 200,
              status: 'OK',
              message: {
                groups: [
                  {
                    id: '0f3c2a54-8d1b-4e6a-b5a7-2b9c4d8e7f61',
                    name: 'Head Office',
                    computerCount: 8,
                  },
                ],
                ungrouped: 0,
              },
            },
          }),
          401: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await listGroupsWithCounts(ctx.db, apiAccountOf(request))),
  );
}
