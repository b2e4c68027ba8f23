import { queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import { dashboardSummarySchema, type DashboardSummary } from '../../../domain/api/partner-reports';
import { apiGet } from '../../../lib/http/api-client';
import { partnerKeys } from './keys';

/** GET /rpc-api/partner/dashboard/summary: this month, this quarter and the last 12 months. */
export function getDashboardSummary(signal?: AbortSignal): Promise<DashboardSummary> {
  return apiGet('/partner/dashboard/summary', undefined, {
    schema: dashboardSummarySchema,
    signal,
  });
}

export const dashboardSummaryQuery = queryOptions({
  queryKey: [...partnerKeys.all, 'dashboard-summary'] as const,
  queryFn: ({ signal }) => getDashboardSummary(signal),
});

export function useDashboardSummary(enabled: boolean) {
  return useOfflineQuery({ ...dashboardSummaryQuery, enabled }, 'dashboard');
}
