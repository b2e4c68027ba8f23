import { useQueryClient } from '@tanstack/react-query';
import { bulkResendResultSchema } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { userKeys } from './keys';

/** POST /rpc-api/reseller/user/invite/resend/bulk: a new link by e-mail to each selected user. */
export function resendInvitations(userIds: readonly string[]) {
  return apiPost(
    '/reseller/user/invite/resend/bulk',
    { userIds: userIds.join(',') },
    { schema: bulkResendResultSchema },
  );
}

export function useResendInvitations() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: resendInvitations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
