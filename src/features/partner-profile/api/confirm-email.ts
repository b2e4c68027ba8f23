import { messageResultSchema } from '../../../domain/api/partner-account';
import { apiPost } from '../../../lib/http/api-client';

/**
 * POST /rpc-api/partner/email/confirm: the token of the link mailed to the new address is the
 * proof, so no session is needed (the link may open in another browser).
 */
export async function confirmPartnerEmail(token: string): Promise<string> {
  const answer = await apiPost(
    '/partner/email/confirm',
    { token },
    { schema: messageResultSchema },
  );
  return answer.message;
}
