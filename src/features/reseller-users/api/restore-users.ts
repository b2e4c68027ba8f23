import { useQueryClient } from '@tanstack/react-query';
import { doneSchema } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/restore: cancelled users become active again. */
export function restoreUsers(userIds: readonly string[]) {
  return apiPost('/reseller/user/restore', { userIds: userIds.join(',') }, { schema: doneSchema });
}

export function useRestoreUsers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: restoreUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
