import { roleOfFlags } from '../../../domain/api/reseller-users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResellerRole } from '../../../domain/api/reseller-users';
import { resellerUserInfoSchema } from '../../../domain/api/session';
import { apiGet } from '../../../lib/http/api-client';
import { userInfoKey } from '../../../lib/session/user-info-key';

/**
 * GET /rpc-api/reseller/user_info, under the same key the reseller layout uses, so the role
 * comes from the cache the shell already filled.
 */
const currentUserQuery = queryOptions({
  queryKey: userInfoKey('reseller'),
  queryFn: ({ signal }) =>
    apiGet('/reseller/user_info', undefined, { schema: resellerUserInfoSchema, signal }),
});

/** The signed-in user's role, or undefined while it loads (`query` says why it has none). */
export function useCurrentRole() {
  const query = useQuery(currentUserQuery);
  const role: ResellerRole | undefined = query.data ? roleOfFlags(query.data) : undefined;
  return { role, query };
}
