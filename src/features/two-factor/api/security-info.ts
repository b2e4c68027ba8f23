import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityInfoSchema } from '../../../domain/api/two-factor';
import { apiGet } from '../../../lib/http/api-client';
import { twofaKeys } from './keys';

/** GET /rpc-api/reseller/twofa/user/securityinfo: whether two-factor is on, and how. */
export const securityInfoQuery = queryOptions({
  queryKey: twofaKeys.securityInfo(),
  queryFn: ({ signal }) =>
    apiGet('/reseller/twofa/user/securityinfo', undefined, { schema: securityInfoSchema, signal }),
});

export function useSecurityInfo() {
  return useQuery(securityInfoQuery);
}
