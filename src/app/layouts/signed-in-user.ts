import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '../../domain/constants';
import { partnerUserInfoQuery, resellerUserInfoQuery } from '../../lib/session/user-info-query';

/**
 * How long the first render of a signed-in screen waits for user_info, once the frame's code is
 * here: longer than the answer takes on a working server (it left with the start-up calls), far
 * shorter than a blank page a user would notice.
 */
export const FIRST_RENDER_WAIT_MS = 500;

/**
 * Puts user_info (its early GET, main.tsx) in the query cache before the first render. A
 * signed-in screen's greeting and frame need it: drawn without it, the first paint is a loader
 * and the screen comes one render later, its largest text last. Never throws; a failure is left
 * in the cache for the screen's own query to retry and show.
 */
export async function prefetchSignedInUser(
  queryClient: QueryClient,
  productType: ProductType,
): Promise<void> {
  const prefetched =
    productType === 'partner'
      ? queryClient.query(partnerUserInfoQuery)
      : queryClient.query(resellerUserInfoQuery);
  await Promise.race([
    // The query keeps a failure for the screen's own query to see; nothing to do with it here.
    prefetched.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}
