import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import {
  activityLogResponseSchema,
  type ActivityLogQuery,
  type ActivityLogResponse,
} from '../../../domain/api/reseller-account';
import { apiGet } from '../../../lib/http/api-client';
import { activityLogKeys } from './keys';
import { keepActivityEntries, storedActivityAnswer } from './stored-activity';

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

export const activityLogQuery = (query: ActivityLogQuery) =>
  queryOptions({
    queryKey: activityLogKeys.list(query),
    queryFn: ({ signal }) => getActivityLog(query, signal),
    placeholderData: keepPreviousData,
  });

/** The users whose e-mail or name has `search`, for the user filter of a large account. */
export const activityFilterUsersQuery = (search: string) =>
  queryOptions({
    queryKey: activityLogKeys.filterUsers(search),
    queryFn: ({ signal }) => getActivityLog({ userSearch: search, pageSize: 1 }, signal),
    select: (answer) => answer.users,
    staleTime: 60_000,
  });

export function useActivityLog(query: ActivityLogQuery) {
  return useOfflineQuery(activityLogQuery(query), 'activity-log', {
    keep: keepActivityEntries,
    fallback: (account) => storedActivityAnswer(account, query),
  });
}
