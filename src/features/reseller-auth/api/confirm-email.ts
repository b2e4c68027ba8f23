import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';

/**
 * POST /rpc-api/reseller/account/change/email/confirm: the token of the link mailed to the new
 * address is the proof, so no session is needed (the link may open in another browser).
 */
export async function confirmEmailChange(token: string): Promise<string> {
  const answer = await apiPost(
    '/reseller/account/change/email/confirm',
    { token },
    { schema: textResponseSchema },
  );
  return answer.text;
}
