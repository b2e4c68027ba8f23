import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http/api-error';

const MAX_RETRIES = 2;

/**
 * A 4xx answer will not change on retry (and 401s are already refreshed by the http client);
 * network failures and 5xx get two more tries (online).
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  // Offline, a retry can only fail again: the screen says at once that it needs a connection.
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
