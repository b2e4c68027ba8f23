import { useQueryClient } from '@tanstack/react-query';
import { computerSavedSchema, type UpdateComputerRequest } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/update: a blank Personal Key keeps the current one */
export function updateComputer(request: UpdateComputerRequest) {
  return apiPost('/reseller/computer/update', { ...request }, { schema: computerSavedSchema });
}

export function useUpdateComputer() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateComputer,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
