import type { ListUsersQuery } from '../../../domain/api/reseller-users';
import { API_BASE } from '../../../lib/http/api-base';

/** GET /rpc-api/reseller/user/export: the list with these filters, every page, as CSV. */
export function usersCsvUrl(query: Omit<ListUsersQuery, 'page' | 'pageSize'>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  return `${API_BASE}/reseller/user/export?${params.toString()}`;
}
