import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerUserInfoSchema } from '../../../domain/api/session';
import { apiGet } from '../../../lib/http/api-client';

/** The partner's status (same key as the rest of the partner area): reports need approval. */
export const userInfoQuery = queryOptions({
  queryKey: ['partner', 'user-info'] as const,
  queryFn: ({ signal }) =>
    apiGet('/partner/user_info', undefined, { schema: partnerUserInfoSchema, signal }),
});
export const usePartnerStatus = () => useQuery(userInfoQuery);
