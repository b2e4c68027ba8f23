import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { updateCardResponseSchema, type UpdateCardRequest } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { billingKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

export type UpdateCardResult = z.infer<typeof updateCardResponseSchema>;

/** POST /rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus: the number goes to the server only. */
export function updateCard(request: UpdateCardRequest): Promise<UpdateCardResult> {
  return apiPost('/reseller/v1_ecom/updateCCAndGetPendingStatus', request, {
    schema: updateCardResponseSchema,
  });
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
