import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/group/create */
export function createGroup(request: { name: string }) {
  return apiPost('/reseller/group/create', { ...request }, { schema: computerDoneSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: createGroup,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
