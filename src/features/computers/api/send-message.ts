import { useQueryClient } from '@tanstack/react-query';
import { computerDoneSchema } from '../../../domain/api/computers';
import { apiPost } from '../../../lib/http/api-client';
import { computerKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/computer/message/send */
export function sendMessage(request: { computerId: string; message: string }) {
  return apiPost('/reseller/computer/message/send', { ...request }, { schema: computerDoneSchema });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: sendMessage,
    // Lists, group counts and notes all read what changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: computerKeys.all }),
  });
}
