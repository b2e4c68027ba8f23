import { useQueryClient } from '@tanstack/react-query';
import {
  subUserSchema,
  type AddUserRequest,
  type SubUser,
} from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/add */
export function addUser(request: AddUserRequest): Promise<SubUser> {
  return apiPost('/reseller/user/add', { ...request }, { schema: subUserSchema });
}

export function useAddUser() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: addUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
