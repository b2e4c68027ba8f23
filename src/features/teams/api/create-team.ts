import { useQueryClient } from '@tanstack/react-query';
import { teamDoneSchema } from '../../../domain/api/teams';
import { apiPost } from '../../../lib/http/api-client';
import { teamKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/team/create */
export function createTeam(request: { name: string }) {
  return apiPost('/reseller/team/create', { ...request }, { schema: teamDoneSchema });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: createTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
