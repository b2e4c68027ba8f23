import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetLinkResponseSchema, textResponseSchema } from '../../../domain/api/reseller-account';
import { apiGet, apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** GET /rpc-api/reset_password/check: whether the e-mailed link can still be used. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['reseller-auth', 'reset-link', token],
    queryFn: ({ signal }) =>
      apiGet('/reset_password/check', { token }, { schema: resetLinkResponseSchema, signal }),
    retry: false,
    staleTime: Infinity,
  });

export function useResetLink(token: string) {
  return useQuery(resetLinkQuery(token));
}

export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /rpc-api/reset_password: sets the new password with the link's single-use token. */
export async function resetPassword(request: ResetPasswordRequest): Promise<string> {
  const answer = await apiPost('/reset_password', { ...request }, { schema: textResponseSchema });
  return answer.text;
}

export function useResetPassword() {
  return useServerMutation({ mutationFn: resetPassword });
}
