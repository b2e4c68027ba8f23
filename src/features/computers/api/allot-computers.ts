import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema, type AllotComputersRequest } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/allot: userId "" takes the computers back */
export function allotComputers(request: AllotComputersRequest) {
  return apiPost('/reseller/computer/allot', { ...request }, { schema: computerDoneSchema });
}

export function useAllotComputers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: allotComputers,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
