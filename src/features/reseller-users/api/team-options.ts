import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamListSchema } from '../../../domain/api/teams';
import { apiGet } from '../../../lib/http/api-client';
import { userKeys } from './keys';

/** GET /rpc-api/reseller/team/get: the account's teams, for the users list's team filter. */
export const teamOptionsQuery = queryOptions({
  queryKey: [...userKeys.all, 'team-options'] as const,
  queryFn: ({ signal }) =>
    apiGet('/reseller/team/get', undefined, { schema: teamListSchema, signal }),
  select: (list) => list.teams.map((team) => ({ value: team.id, label: team.name })),
});

export function useTeamOptions() {
  return useQuery(teamOptionsQuery);
}
