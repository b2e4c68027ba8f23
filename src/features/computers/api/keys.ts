import type { ListComputersQuery } from '../../../domain/api/computers';

/** Query keys of the computers area: one factory, so a change can refresh every list at once. */
export const computerKeys = {
  all: ['computers'] as const,
  list: (query: ListComputersQuery) => [...computerKeys.all, 'list', query] as const,
  groups: () => [...computerKeys.all, 'groups'] as const,
  comments: (computerId: string) => [...computerKeys.all, 'comments', computerId] as const,
  messages: (computerId: string) => [...computerKeys.all, 'messages', computerId] as const,
  subUsers: (q: string) => [...computerKeys.all, 'sub-users', q] as const,
};
