import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/comment/add */
export function addComment(request: { computerId: string; comment: string }) {
  return apiPost('/reseller/computer/comment/add', { ...request }, { schema: computerDoneSchema });
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: addComment,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
