import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyUsageSchema, type ApiKeyUsage } from '../../../domain/api/reseller-account';
import { apiGet } from '../../../lib/http/api-client';
import { accountKeys } from './keys';

/** GET /rpc-api/reseller/config/token/usage: when the key was made and last used (not the key). */
export function getApiKeyUsage(signal?: AbortSignal): Promise<ApiKeyUsage> {
  return apiGet('/reseller/config/token/usage', undefined, { schema: apiKeyUsageSchema, signal });
}

export const apiKeyUsageQuery = queryOptions({
  queryKey: [...accountKeys.all, 'api-key-usage'] as const,
  queryFn: ({ signal }) => getApiKeyUsage(signal),
});

export function useApiKeyUsage() {
  return useQuery(apiKeyUsageQuery);
}
