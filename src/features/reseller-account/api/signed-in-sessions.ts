import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  signedInSessionsSchema,
  signOutOthersResponseSchema,
  signOutSessionResponseSchema,
  type SignOutOthersResponse,
} from '../../../domain/api/sessions';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { accountKeys } from './keys';

/** GET /rpc-api/reseller/sessions: where the signed-in user is signed in. */
export const signedInSessionsQuery = queryOptions({
  queryKey: [...accountKeys.all, 'signed-in-sessions'] as const,
  queryFn: ({ signal }) =>
    apiGet('/reseller/sessions', undefined, { schema: signedInSessionsSchema, signal }),
});

export function useSignedInSessions() {
  return useQuery(signedInSessionsQuery);
}

/** After a sign-out the list is read again: the server's is the list that counts. */
function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: signedInSessionsQuery.queryKey });
}

/** POST /rpc-api/reseller/sessions/signOut: that browser's next call is refused. */
export function useSignOutSession() {
  const refreshList = useRefreshList();
  return useServerMutation({
    mutationFn: (id: string) =>
      apiPost(
        '/reseller/sessions/signOut',
        { sessionId: id },
        { schema: signOutSessionResponseSchema },
      ),
    onSettled: refreshList,
  });
}

/** POST /rpc-api/reseller/sessions/signOutOthers: every session but this browser's ends. */
export function useSignOutOtherSessions() {
  const refreshList = useRefreshList();
  return useServerMutation({
    mutationFn: (): Promise<SignOutOthersResponse> =>
      apiPost('/reseller/sessions/signOutOthers', undefined, {
        schema: signOutOthersResponseSchema,
      }),
    onSettled: refreshList,
  });
}
