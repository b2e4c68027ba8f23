import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/group/rename */
export function renameGroup(request: { groupId: string; name: string }) {
  return apiPost('/reseller/group/rename', { ...request }, { schema: computerDoneSchema });
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: renameGroup,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
