import { useQueryClient } from '@tanstack/react-query';
import { teamDoneSchema } from '../../../domain/api/teams';
import { apiPost } from '../../../lib/http/api-client';
import { teamKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/team/members/add */
export function addMembers(request: { teamId: string; userIds: string }) {
  return apiPost('/reseller/team/members/add', { ...request }, { schema: teamDoneSchema });
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: addMembers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
