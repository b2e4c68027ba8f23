import { useQueryClient } from '@tanstack/react-query';
import { upgradeResultSchema, type Term } from '../../../domain/api/billing';
import { apiPost } from '../../../lib/http/api-client';
import { billingKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

export interface UpgradeRequest {
  planCode: string;
  term: Term;
  payment: 'card' | 'invoice';
  /** Absent: the card on file. */
  card?: { cardNumber: string; cvv: string; expMonth: string; expYear: string; holder: string };
}

/** POST continueUpg (card) or continueInvoiceUpg (invoice). */
export function continueUpgrade(request: UpgradeRequest) {
  const target = { planCode: request.planCode, term: request.term };
  if (request.payment === 'invoice') {
    return apiPost('/reseller/ecom/continueInvoiceUpg', target, { schema: upgradeResultSchema });
  }
  return apiPost(
    '/reseller/ecom/continueUpg',
    request.card
      ? { ...target, useCardOnFile: 'false', ...request.card }
      : { ...target, useCardOnFile: 'true' },
    { schema: upgradeResultSchema },
  );
}

export function useContinueUpgrade() {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: continueUpgrade,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['reseller'] });
    },
  });
}
