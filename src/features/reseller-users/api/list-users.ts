import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  userListSchema,
  type ListUsersQuery,
  type UserList,
} from '../../../domain/api/reseller-users';
import { apiGet } from '../../../lib/http/api-client';
import { userKeys } from './keys';

/** GET /rpc-api/reseller/user/get: one page of sub-users, searched and sorted by the server. */
export function getUsers(query: ListUsersQuery, signal?: AbortSignal): Promise<UserList> {
  return apiGet('/reseller/user/get', { ...query }, { schema: userListSchema, signal });
}

export const usersQuery = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: ListUsersQuery) {
  return useQuery(usersQuery(query));
}
