import { useQueryClient } from '@tanstack/react-query';
import { teamDoneSchema } from '../../../domain/api/teams';
import { apiPost } from '../../../lib/http/api-client';
import { teamKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/team/members/remove */
export function removeMembers(request: { teamId: string; userIds: string }) {
  return apiPost('/reseller/team/members/remove', { ...request }, { schema: teamDoneSchema });
}

export function useRemoveMembers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: removeMembers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
