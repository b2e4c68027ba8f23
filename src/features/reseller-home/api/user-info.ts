import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerUserInfoSchema, type ResellerUserInfo } from '../../../domain/api/session';
import { apiGet } from '../../../lib/http/api-client';
import { resellerKeys } from './keys';

/** GET /rpc-api/reseller/user_info: who is signed in, their plan and account state. */
export function getResellerUserInfo(signal?: AbortSignal): Promise<ResellerUserInfo> {
  return apiGet('/reseller/user_info', undefined, { schema: resellerUserInfoSchema, signal });
}

export const resellerUserInfoQuery = queryOptions({
  queryKey: resellerKeys.userInfo(),
  queryFn: ({ signal }) => getResellerUserInfo(signal),
});

export function useResellerUserInfo() {
  return useQuery(resellerUserInfoQuery);
}
