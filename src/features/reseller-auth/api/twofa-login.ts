import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInResponse } from '../../../domain/api/session';
import { signInResponseSchema } from '../../../domain/api/session';
import { twofaLoginStateSchema } from '../../../domain/api/two-factor';
import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** GET /rpc-api/reseller/twofa/login/state: the factor the pending sign-in needs. */
export const twofaLoginStateQuery = queryOptions({
  queryKey: ['reseller-auth', 'twofa-state'],
  queryFn: ({ signal }) =>
    apiGet('/reseller/twofa/login/state', undefined, { schema: twofaLoginStateSchema, signal }),
  retry: false,
  staleTime: Infinity,
  // Each sign-in reads its own pending state: nothing is kept once the step is left.
  gcTime: 0,
});

const twofaStateHash = hashKey(twofaLoginStateQuery.queryKey);

export function useTwofaLoginState() {
  return useQuery(twofaLoginStateQuery);
}

/** POST /rpc-api/reseller/twofa/login/generatePasscode: texts a 6-digit code to the phone. */
export function useSendLoginCode() {
  return useServerMutation({
    mutationFn: async () =>
      (await apiPost('/reseller/twofa/login/generatePasscode', {}, { schema: textResponseSchema }))
        .text,
  });
}

/** The session starts: the console switches to the reseller flows (as after a sign-in). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return () => {
    // Nothing cached from a previous account may leak into this one. The pending sign-in's state
    // stays until the step unmounts: removing it under its mounted observer would refetch it,
    // and the spent challenge answers 401, which reads as an expired session and logs out.
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== twofaStateHash });
    setProductType('reseller');
    markSignedIn('reseller');
  };
}

/** POST /rpc-api/reseller/twofa/login/validatePasscode */
export function useValidatePasscode() {
  const signedIn = useSignedIn();
  return useServerMutation({
    // `trustBrowser`: the browser skips this step for 30 days (a cookie the server can revoke).
    mutationFn: ({ otp, trustBrowser }: { otp: string; trustBrowser: boolean }) =>
      apiPost<SignInResponse>(
        '/reseller/twofa/login/validatePasscode',
        { otp, trustBrowser: String(trustBrowser) },
        { schema: signInResponseSchema },
      ),
    onSuccess: signedIn,
  });
}

/** POST /rpc-api/reseller/twofa/login/deactivateTwoFA: a recovery code instead of the factor. */
export function useRecoverySignIn() {
  const signedIn = useSignedIn();
  return useServerMutation({
    mutationFn: (recoveryCode: string): Promise<SignInResponse> =>
      apiPost(
        '/reseller/twofa/login/deactivateTwoFA',
        { recoveryCode },
        { schema: signInResponseSchema },
      ),
    onSuccess: signedIn,
  });
}
