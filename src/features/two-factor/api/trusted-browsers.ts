import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { trustedBrowsersSchema } from '../../../domain/api/trusted-browsers';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { twofaKeys } from './keys';

const trustedBrowsersKey = [...twofaKeys.all, 'trusted-browsers'] as const;

/** GET /rpc-api/reseller/twofa/user/trustedBrowsers: browsers that skip the two-factor step. */
export const trustedBrowsersQuery = queryOptions({
  queryKey: trustedBrowsersKey,
  queryFn: ({ signal }) =>
    apiGet('/reseller/twofa/user/trustedBrowsers', undefined, {
      schema: trustedBrowsersSchema,
      signal,
    }),
});

export function useTrustedBrowsers() {
  return useQuery(trustedBrowsersQuery);
}

/** POST /rpc-api/reseller/twofa/user/trustedBrowsers/revoke: its next sign-in asks for a code. */
export function useRevokeTrustedBrowser() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (id: string) =>
      apiPost(
        '/reseller/twofa/user/trustedBrowsers/revoke',
        { id },
        { schema: z.object({ ok: z.literal(true) }) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustedBrowsersKey }),
  });
}
