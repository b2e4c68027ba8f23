import { useQueryClient } from '@tanstack/react-query';
import { apiKeyResponseSchema, type ApiKeyRequest } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { apiKeyUsageQuery } from './api-key-usage';

/** POST /rpc-api/reseller/config/token/update (Change): a new key replaces the old one. */
export async function changeApiKey(request: ApiKeyRequest): Promise<string> {
  const answer = await apiPost('/reseller/config/token/update', request, {
    schema: apiKeyResponseSchema,
  });
  return answer[0]?.token ?? '';
}

export function useChangeApiKey() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: changeApiKey,
    // The first view makes the key, a change replaces it: the tab's dates change with it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyUsageQuery.queryKey }),
  });
}
