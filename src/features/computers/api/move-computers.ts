import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema, type MoveComputersRequest } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/move: groupId "" is "no group" */
export function moveComputers(request: MoveComputersRequest) {
  return apiPost('/reseller/computer/move', { ...request }, { schema: computerDoneSchema });
}

export function useMoveComputers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: moveComputers,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
