import { useQueryClient } from '@tanstack/react-query';
import { teamDoneSchema } from '../../../domain/api/teams';
import { apiPost } from '../../../lib/http/api-client';
import { teamKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/team/delete */
export function deleteTeam(request: { teamId: string }) {
  return apiPost('/reseller/team/delete', { ...request }, { schema: teamDoneSchema });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: deleteTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
