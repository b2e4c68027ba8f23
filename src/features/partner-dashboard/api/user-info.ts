import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerUserInfoSchema, type PartnerUserInfo } from '../../../domain/api/session';
import { apiGet } from '../../../lib/http/api-client';
import { partnerKeys } from './keys';

/** GET /rpc-api/partner/user_info: the partner, their tracking links and account status. */
export function getPartnerUserInfo(signal?: AbortSignal): Promise<PartnerUserInfo> {
  return apiGet('/partner/user_info', undefined, { schema: partnerUserInfoSchema, signal });
}

export const partnerUserInfoQuery = queryOptions({
  queryKey: partnerKeys.userInfo(),
  queryFn: ({ signal }) => getPartnerUserInfo(signal),
});

export function usePartnerUserInfo() {
  return useQuery(partnerUserInfoQuery);
}
