import { apiKeyResponseSchema, type ApiKeyRequest } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/config/token/update (Change): a new key replaces the old one. */
export async function changeApiKey(request: ApiKeyRequest): Promise<string> {
  const answer = await apiPost('/reseller/config/token/update', request, {
    schema: apiKeyResponseSchema,
  });
  return answer[0]?.token ?? '';
}

export function useChangeApiKey() {
  return useServerMutation({ mutationFn: changeApiKey });
}
