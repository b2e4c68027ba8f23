import { ssoStartResponseSchema } from '../../../domain/api/sso';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/sso/start: the identity provider's address for this e-mail or name. */
export async function startSso(request: { login: string; returnPath?: string }): Promise<string> {
  const body = {
    login: request.login,
    ...(request.returnPath && { returnPath: request.returnPath }),
  };
  const answer = await apiPost('/reseller/sso/start', body, { schema: ssoStartResponseSchema });
  return answer.redirectUrl;
}

export function useStartSso() {
  return useServerMutation({ mutationFn: startSso });
}
