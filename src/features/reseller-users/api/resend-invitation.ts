import { useQueryClient } from '@tanstack/react-query';
import { inviteResultSchema } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { userKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/invite/resend: a new link by e-mail; the old one stops working. */
export function resendInvitation(userId: string) {
  return apiPost('/reseller/user/invite/resend', { userId }, { schema: inviteResultSchema });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
