import { queryOptions } from '@tanstack/react-query';
import { homeSummarySchema, type HomeSummary } from '../../../domain/api/reseller-home';
import { apiGet } from '../../../lib/http/api-client';
import { useOfflineQuery } from '../../../offline/offline-query';
import { resellerKeys } from './keys';

/** GET /rpc-api/reseller/home/summary: computers and users against the plan, computers online. */
export function getHomeSummary(signal?: AbortSignal): Promise<HomeSummary> {
  return apiGet('/reseller/home/summary', undefined, { schema: homeSummarySchema, signal });
}

export const homeSummaryQuery = queryOptions({
  queryKey: [...resellerKeys.all, 'home-summary'] as const,
  queryFn: ({ signal }) => getHomeSummary(signal),
});

/** Kept on this device like the other dashboards, so the home screen opens offline. */
export function useHomeSummary(enabled: boolean) {
  return useOfflineQuery({ ...homeSummaryQuery, enabled }, 'dashboard');
}
