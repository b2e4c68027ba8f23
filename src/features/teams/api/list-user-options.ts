import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../../domain/api/reseller-users';
import { apiGet } from '../../../lib/http/api-client';
import { teamKeys } from './keys';

/**
 * GET /rpc-api/reseller/user/get for the team picker: the users whose name or e-mail contains
 * `search` (the first 100, A to Z), so any user of a large account can be found by typing.
 */
export function useUserOptions(search: string) {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.userOptions(search),
      queryFn: ({ signal }) =>
        apiGet(
          '/reseller/user/get',
          { q: search, sort: 'username', order: 'asc', pageSize: 100 },
          { schema: userListSchema, signal },
        ),
      placeholderData: keepPreviousData,
    }),
  );
}
