import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/group/delete: its computers move to no group */
export function deleteGroup(request: { groupId: string }) {
  return apiPost('/reseller/group/delete', { ...request }, { schema: computerDoneSchema });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: deleteGroup,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
