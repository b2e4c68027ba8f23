import { ssoTestResponseSchema } from '../../../domain/api/sso';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/sso/test: the identity provider's address for a test sign-in. */
export async function testSso(): Promise<string> {
  const answer = await apiPost('/reseller/sso/test', undefined, { schema: ssoTestResponseSchema });
  return answer.redirectUrl;
}

export function useTestSso() {
  return useServerMutation({ mutationFn: testSso });
}
