import { useQueryClient } from '@tanstack/react-query';
import { recoveryCodesResponseSchema } from '../../../domain/api/two-factor';
import { apiPost } from '../../../lib/http/api-client';
import { twofaKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/twofa/user/recoveryCode: new recovery codes (the old ones stop working). */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: async (password: string) =>
      (
        await apiPost(
          '/reseller/twofa/user/recoveryCode',
          { password },
          { schema: recoveryCodesResponseSchema },
        )
      ).recoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twofaKeys.all }),
  });
}
