import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /rpc-api/reseller/account/change/password: ends the user's other sessions. */
export async function changePassword(request: ChangePasswordRequest): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/change/password',
    { ...request },
    {
      schema: textResponseSchema,
    },
  );
  return answer.text;
}

export function useChangePassword() {
  return useServerMutation({ mutationFn: changePassword });
}
