import type { ActivityLogQuery } from '../../../domain/api/reseller-account';

/** Query keys of the activity log. */
export const activityLogKeys = {
  all: ['activity-log'] as const,
  list: (query: ActivityLogQuery) => [...activityLogKeys.all, 'list', query] as const,
  filterUsers: (search: string) => [...activityLogKeys.all, 'filter-users', search] as const,
};
