import { useQueryClient } from '@tanstack/react-query';
import { enableTwofaResponseSchema } from '../../../domain/api/two-factor';
import { apiPost } from '../../../lib/http/api-client';
import { twofaKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/twofa/user/enable: password and the first code; recovery codes once. */
export function useEnableTwofa() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (request: { password: string; otp: string }) =>
      apiPost('/reseller/twofa/user/enable', request, { schema: enableTwofaResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twofaKeys.all }),
  });
}
