import { useMutation, useQueryClient } from '@tanstack/react-query';
import { textResponseSchema } from '../../../domain/api/reseller-account';
import { apiPost } from '../../../lib/http/api-client';
import { twofaKeys } from './keys';

/** POST /rpc-api/reseller/twofa/user/disable: needs the password. */
export function useDisableTwofa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (await apiPost('/reseller/twofa/user/disable', { password }, { schema: textResponseSchema }))
        .text,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twofaKeys.all }),
  });
}
