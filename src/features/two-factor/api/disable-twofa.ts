import { useQueryClient } from '@tanstack/react-query';
import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { twofaKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/twofa/user/disable: needs the password. */
export function useDisableTwofa() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: async (password: string) =>
      (await apiPost('/reseller/twofa/user/disable', { password }, { schema: textResponseSchema }))
        .text,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twofaKeys.all }),
  });
}
