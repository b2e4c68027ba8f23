import { useQueryClient } from '@tanstack/react-query';
import {
  subUserSchema,
  type SubUser,
  type UpdateUserRequest,
} from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/update */
export function updateUser(request: UpdateUserRequest): Promise<SubUser> {
  return apiPost('/reseller/user/update', { ...request }, { schema: subUserSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
