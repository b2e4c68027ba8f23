import { useQueryClient } from '@tanstack/react-query';
import { inviteResultSchema, type InviteUserRequest } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/invite: answers the new user and "Invitation sent successfully". */
export function inviteUser(request: InviteUserRequest) {
  return apiPost('/reseller/user/invite', { ...request }, { schema: inviteResultSchema });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
