import { useQueryClient } from '@tanstack/react-query';
import { apiKeyResponseSchema, type ApiKeyRequest } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { apiKeyUsageQuery } from './api-key-usage';

/** POST /rpc-api/reseller/config/token/generate (View): the account's key, as message[0].token. */
export async function viewApiKey(request: ApiKeyRequest): Promise<string> {
  const answer = await apiPost('/reseller/config/token/generate', request, {
    schema: apiKeyResponseSchema,
  });
  return answer[0]?.token ?? '';
}

export function useViewApiKey() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: viewApiKey,
    // The first view makes the key, a change replaces it: the tab's dates change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyUsageQuery.queryKey }),
  });
}
