import { useQueryClient } from '@tanstack/react-query';
import { payPendingResponseSchema } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { billingKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/v1_ecom/payPendingCharge: charges the card on file. */
export function payPendingCharge() {
  return apiPost('/reseller/v1_ecom/payPendingCharge', undefined, {
    schema: payPendingResponseSchema,
  });
}

export function usePayPendingCharge() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: payPendingCharge,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['reseller'] });
    },
  });
}
