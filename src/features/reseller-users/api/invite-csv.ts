import { useQueryClient } from '@tanstack/react-query';
import { csvInviteResultSchema, type CsvInviteRequest } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/**
 * POST /rpc-api/reseller/user/invite/csv: the whole file in one request; the server creates every
 * user or none, and a refusal lists the failed rows (ApiError.details).
 */
export function inviteFromCsv(request: CsvInviteRequest) {
  return apiPost('/reseller/user/invite/csv', { ...request }, { schema: csvInviteResultSchema });
}

export function useInviteFromCsv() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: inviteFromCsv,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
