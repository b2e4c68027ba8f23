import type { ListUsersQuery } from '../../../domain/api/reseller-users';

/** Query keys of the sub-user area: one factory, so a change can refresh every list at once. */
export const userKeys = {
  all: ['reseller-users'] as const,
  list: (query: ListUsersQuery) => [...userKeys.all, 'list', query] as const,
  cancelled: (query: ListUsersQuery) => [...userKeys.all, 'cancelled', query] as const,
};
