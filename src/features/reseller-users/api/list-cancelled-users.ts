import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  userListSchema,
  type ListUsersQuery,
  type UserList,
} from '../../../domain/api/reseller-users';
import { apiGet } from '../../../lib/http/api-client';
import { userKeys } from './keys';

/** GET /rpc-api/reseller/account/get/cancelusers */
export function getCancelledUsers(query: ListUsersQuery, signal?: AbortSignal): Promise<UserList> {
  return apiGet(
    '/reseller/account/get/cancelusers',
    { ...query },
    { schema: userListSchema, signal },
  );
}

export function useCancelledUsers(query: ListUsersQuery) {
  return useQuery(
    queryOptions({
      queryKey: userKeys.cancelled(query),
      queryFn: ({ signal }) => getCancelledUsers(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
