import { roleOfFlags } from '../../../domain/api/reseller-users';
import { useQuery } from '@tanstack/react-query';
import type { ResellerRole } from '../../../domain/api/reseller-users';
import { resellerUserInfoQuery } from '../../../lib/session/user-info-query';

/** The signed-in user's role, or undefined while it loads (`query` says why it has none). */
export function useCurrentRole() {
  // user_info, as the reseller layout reads it: the role comes from the cache it filled.
  const query = useQuery(resellerUserInfoQuery);
  const role: ResellerRole | undefined = query.data ? roleOfFlags(query.data) : undefined;
  return { role, query };
}
