import { useQueryClient } from '@tanstack/react-query';
import type { SignInRequest, SignInResponse } from '../../../domain/api/session';
import { SELECT_USERNAME_STEP, TWOFA_LOGIN_STEP } from '../../../domain/api/two-factor-step';
import { apiPost } from '../../../lib/http/api-client';
import { setProductType } from '../../../lib/session/product-type';
import { markSignedIn } from '../../../lib/session/signed-in';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user_signin: sets the HttpOnly session cookies on success. */
export function signInReseller(request: SignInRequest): Promise<SignInResponse> {
  return apiPost<SignInResponse>('/reseller/user_signin', {
    username: request.username,
    password: request.password,
  });
}

/** Signs in and switches the console to the reseller flows; the caller navigates to `next`. */
export function useResellerSignIn() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: signInReseller,
    onSuccess: (response) => {
      // A second factor or a username choice is still needed: no session yet, nothing marked.
      if (response.next === TWOFA_LOGIN_STEP || response.next === SELECT_USERNAME_STEP) return;
      // Nothing cached from a previous account may leak into this one.
      queryClient.clear();
      setProductType('reseller');
      markSignedIn('reseller');
    },
  });
}
