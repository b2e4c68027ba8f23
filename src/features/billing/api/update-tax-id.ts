import { useQueryClient } from '@tanstack/react-query';
import { textResultSchema } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { billingKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/vat/update (EU) or /rpc-api/reseller/gst/updateGSTNumber (India). */
export function updateTaxId(request: { kind: 'vat' | 'gst'; value: string }) {
  return request.kind === 'vat'
    ? apiPost('/reseller/vat/update', { vatid: request.value }, { schema: textResultSchema })
    : apiPost(
        '/reseller/gst/updateGSTNumber',
        { gstin: request.value },
        { schema: textResultSchema },
      );
}

export function useUpdateTaxId() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: updateTaxId,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
