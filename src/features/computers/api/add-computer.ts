import { useQueryClient } from '@tanstack/react-query';
import { computerSavedSchema, type AddComputerRequest } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/add */
export function addComputer(request: AddComputerRequest) {
  return apiPost('/reseller/computer/add', { ...request }, { schema: computerSavedSchema });
}

export function useAddComputer() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: addComputer,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
