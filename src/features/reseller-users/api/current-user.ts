import { roleOfFlags } from '../../../domain/api/reseller-users';
import { useQuery } from '@tanstack/react-query';
import type { ResellerRole } from '../../../domain/api/reseller-users';
import { resellerUserInfoQuery } from '../../../lib/session/user-info-query';

/** user_info, as the reseller layout reads it: the role comes from the cache it filled. */
export const currentUserQuery = resellerUserInfoQuery;

/** The signed-in user's role, or undefined while it loads (`query` says why it has none). */
export function useCurrentRole() {
  const query = useQuery(currentUserQuery);
  const { data } = query;
  const role: ResellerRole | undefined = data ? roleOfFlags(data) : undefined;
  return { role, email: data?.email, query };
}
