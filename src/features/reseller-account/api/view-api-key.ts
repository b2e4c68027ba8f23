import { apiKeyResponseSchema, type ApiKeyRequest } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/config/token/generate (View): the account's key, as message[0].token. */
export async function viewApiKey(request: ApiKeyRequest): Promise<string> {
  const answer = await apiPost('/reseller/config/token/generate', request, {
    schema: apiKeyResponseSchema,
  });
  return answer[0]?.token ?? '';
}

export function useViewApiKey() {
  return useServerMutation({ mutationFn: viewApiKey });
}
