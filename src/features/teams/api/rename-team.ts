import { useQueryClient } from '@tanstack/react-query';
import { teamDoneSchema } from '../../../domain/api/teams';
import { apiPost } from '../../../lib/http/api-client';
import { teamKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/team/rename */
export function renameTeam(request: { teamId: string; name: string }) {
  return apiPost('/reseller/team/rename', { ...request }, { schema: teamDoneSchema });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: renameTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
