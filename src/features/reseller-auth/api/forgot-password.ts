import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/forgot_password: mails a reset link; the answer is the same for any address. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiPost('/forgot_password', { email }, { schema: textResponseSchema });
  return answer.text;
}

export function useForgotPassword() {
  return useServerMutation({ mutationFn: requestPasswordReset });
}
