import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountProfileSchema,
  textResponseSchema,
  type AccountProfile,
  type AccountUpdateRequest,
} from '../../../domain/api/reseller-account';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { accountKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** GET /rpc-api/reseller/account/get: the signed-in user's names, e-mail and proxy topic. */
export const accountProfileQuery = queryOptions({
  queryKey: accountKeys.account(),
  queryFn: ({ signal }): Promise<AccountProfile> =>
    apiGet('/reseller/account/get', undefined, { schema: accountProfileSchema, signal }),
});

export function useAccountProfile() {
  return useQuery(accountProfileQuery);
}

/** POST /rpc-api/reseller/account/update (names; the proxy topic as field `proxy`). */
export async function updateAccountProfile(request: AccountUpdateRequest): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/update',
    { ...request },
    {
      schema: textResponseSchema,
    },
  );
  return answer.text;
}

export function useUpdateAccountProfile() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateAccountProfile,
    // The header's name and user_info read the same row.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
