import { useQueryClient } from '@tanstack/react-query';
import { doneSchema } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/delete: one or many (comma-separated), all or nothing. */
export function deleteUsers(userIds: readonly string[]) {
  return apiPost('/reseller/user/delete', { userIds: userIds.join(',') }, { schema: doneSchema });
}

export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: deleteUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
