import { useMutation } from '@tanstack/react-query';
import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';

/** POST /rpc-api/forgot_password: mails a reset link; the answer is the same for any address. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await apiPost('/forgot_password', { email }, { schema: textResponseSchema });
  return answer.text;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
