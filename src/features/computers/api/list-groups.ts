import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupListSchema, type GroupList } from '../../../domain/api/computers';
import { apiGet } from '../../../lib/http/api-client';
import { computerKeys } from './keys';

/** GET /rpc-api/reseller/group/get: every group of the account with its computer count. */
export function getGroups(signal?: AbortSignal): Promise<GroupList> {
  return apiGet('/reseller/group/get', undefined, { schema: groupListSchema, signal });
}

/** Managers only: a sub-user's screen does not ask (the server would answer 403). */
export function useGroups(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: computerKeys.groups(),
      queryFn: ({ signal }) => getGroups(signal),
      enabled: isEnabled,
    }),
  );
}
