import { useQueryClient } from '@tanstack/react-query';
import { textResultSchema, type UpdateBillingAddressRequest } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';
import { billingKeys } from './keys';

/** POST /rpc-api/reseller/ecom/updateBillingAddress: the address alone, the card on file kept. */
export function updateBillingAddress(request: UpdateBillingAddressRequest) {
  return apiPost('/reseller/ecom/updateBillingAddress', request, { schema: textResultSchema });
}

export function useUpdateBillingAddress() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateBillingAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
