import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import {
  activityLogResponseSchema,
  activityUsersResponseSchema,
  type ActivityLogQuery,
  type ActivityLogResponse,
  type ActivityUsersQuery,
  type ActivityUsersResponse,
} from '../../../domain/api/reseller-account';
import { apiGet } from '../../../lib/http/api-client';
import { activityLogKeys } from './keys';
import { keepActivityEntries, storedActivityAnswer, storedActivityUsers } from './stored-activity';

/** GET /rpc-api/reseller/log/activity/get: one page of the filtered, sorted log. */
export function getActivityLog(
  query: ActivityLogQuery,
  signal?: AbortSignal,
): Promise<ActivityLogResponse> {
  return apiGet(
    '/reseller/log/activity/get',
    { ...query, tz: new Date().getTimezoneOffset() },
    { schema: activityLogResponseSchema, signal },
  );
}

/** GET /rpc-api/reseller/log/activity/users: the users the log's filter offers. */
export function getActivityUsers(
  query: ActivityUsersQuery,
  signal?: AbortSignal,
): Promise<ActivityUsersResponse> {
  return apiGet('/reseller/log/activity/users', query, {
    schema: activityUsersResponseSchema,
    signal,
  });
}

export const activityLogQuery = (query: ActivityLogQuery) =>
  queryOptions({
    queryKey: activityLogKeys.list(query),
    queryFn: ({ signal }) => getActivityLog(query, signal),
    placeholderData: keepPreviousData,
  });

/** The filter's users change far less often than the pages: a minute before they are asked again. */
const FILTER_USERS_STALE_MS = 60_000;

/** The users whose e-mail or name has `search`, for the user filter of a large account. */
export const activityFilterUsersQuery = (search: string) =>
  queryOptions({
    queryKey: activityLogKeys.filterUsers(search),
    queryFn: ({ signal }) => getActivityUsers({ search }, signal),
    select: (answer) => answer.users,
    staleTime: FILTER_USERS_STALE_MS,
  });

export function useActivityLog(query: ActivityLogQuery) {
  return useOfflineQuery(activityLogQuery(query), 'activity-log', {
    keep: keepActivityEntries,
    fallback: (account) => storedActivityAnswer(account, query),
  });
}

/** The users the filter offers first, with `user` (the one the log is filtered by) among them. */
export function useActivityUsers(user: string) {
  return useOfflineQuery(
    queryOptions({
      queryKey: activityLogKeys.users(user),
      queryFn: ({ signal }) => getActivityUsers({ user }, signal),
      placeholderData: keepPreviousData,
      staleTime: FILTER_USERS_STALE_MS,
    }),
    'activity-log',
    { fallback: (account) => storedActivityUsers(account, '') },
  );
}
