import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../../domain/api/reseller-users';
import { apiGet } from '../../../lib/http/api-client';
import { teamKeys } from './keys';

/** GET /rpc-api/reseller/user/get: the users a team can take (the first 100, A to Z). */
export function useUserOptions() {
  return useQuery(
    queryOptions({
      queryKey: teamKeys.userOptions(),
      queryFn: ({ signal }) =>
        apiGet(
          '/reseller/user/get',
          { sort: 'username', order: 'asc', pageSize: 100 },
          { schema: userListSchema, signal },
        ),
    }),
  );
}
