import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerUserInfoSchema } from '../../../domain/api/session';
import { apiGet } from '../../../lib/http/api-client';
import { userInfoKey } from '../../../lib/session/user-info-key';

/** The partner's status (same key as the rest of the partner area): reports need approval. */
export const userInfoQuery = queryOptions({
  queryKey: userInfoKey('partner'),
  queryFn: ({ signal }) =>
    apiGet('/partner/user_info', undefined, { schema: partnerUserInfoSchema, signal }),
});
export const usePartnerStatus = () => useQuery(userInfoQuery);
