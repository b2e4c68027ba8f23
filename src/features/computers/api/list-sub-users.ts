import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../../domain/api/reseller-users';
import { apiGet } from '../../../lib/http/api-client';
import { computerKeys } from './keys';

/**
 * GET /rpc-api/reseller/user/get: the users computers can be allotted to, searched on the server
 * (an account can have thousands). Only sub-users take allotments; managers see every computer.
 */
export function useSubUserOptions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: computerKeys.subUsers(q),
      queryFn: async ({ signal }) => {
        const list = await apiGet(
          '/reseller/user/get',
          { q, sort: 'username', order: 'asc', pageSize: 50, status: 'all' },
          { schema: userListSchema, signal },
        );
        return list.users.filter((user) => user.role === 'sub_user');
      },
      placeholderData: keepPreviousData,
    }),
  );
}
