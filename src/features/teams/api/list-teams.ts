import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamListSchema } from '../../../domain/api/teams';
import { apiGet } from '../../../lib/http/api-client';
import { teamKeys } from './keys';

/** GET /rpc-api/reseller/team/get: every team of the account with its members. */
export const teamsQuery = queryOptions({
  queryKey: teamKeys.list(),
  queryFn: ({ signal }) =>
    apiGet('/reseller/team/get', undefined, { schema: teamListSchema, signal }),
});

export function useTeams() {
  return useQuery(teamsQuery);
}
