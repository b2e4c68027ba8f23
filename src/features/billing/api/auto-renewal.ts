import { useQueryClient } from '@tanstack/react-query';
import { autoRenewalSchema, type Term } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { billingKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/autorenewal/enableAutoRenewal */
export function enableAutoRenewal(enable: boolean) {
  return apiPost(
    '/reseller/autorenewal/enableAutoRenewal',
    { enable: String(enable) },
    { schema: autoRenewalSchema },
  );
}

/** POST /rpc-api/reseller/autorenewal/updateRenewDetails */
export function updateRenewDetails(renewTerm: Term) {
  return apiPost(
    '/reseller/autorenewal/updateRenewDetails',
    { renewTerm },
    { schema: autoRenewalSchema },
  );
}

export function useEnableAutoRenewal() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: enableAutoRenewal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.info() }),
  });
}

export function useUpdateRenewDetails() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateRenewDetails,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.info() }),
  });
}
