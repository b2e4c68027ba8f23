import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema, type DeleteComputersRequest } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/delete: comma-separated ids, all or nothing */
export function deleteComputers(request: DeleteComputersRequest) {
  return apiPost('/reseller/computer/delete', { ...request }, { schema: computerDoneSchema });
}

export function useDeleteComputers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: deleteComputers,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
