import type { ActivityLogQuery } from '../../../domain/api/reseller-account';

/** Query keys of the activity log. */
export const activityLogKeys = {
  all: ['activity-log'] as const,
  list: (query: ActivityLogQuery) => [...activityLogKeys.all, 'list', query] as const,
  /** The filter's first users, with the one the log is filtered by. */
  users: (user: string) => [...activityLogKeys.all, 'users', user] as const,
  filterUsers: (search: string) => [...activityLogKeys.all, 'filter-users', search] as const,
};
