import { useQueryClient } from '@tanstack/react-query';
import { signInResponseSchema, type SignInResponse } from '../../../domain/api/session';
import { apiPost } from '../../../lib/http/api-client';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/support/otp_signin: a support agent signs in as a user with a code. */
export function useSupportSignIn() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (request: { username: string; otp: string }): Promise<SignInResponse> =>
      apiPost('/reseller/support/otp_signin', request, { schema: signInResponseSchema }),
    onSuccess: () => {
      queryClient.clear();
      setProductType('reseller');
      markSignedIn('reseller');
    },
  });
}
