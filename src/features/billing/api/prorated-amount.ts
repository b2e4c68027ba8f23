import { queryOptions, useQuery } from '@tanstack/react-query';
import { proratedAmountSchema, type ProratedAmount, type Term } from '../../../domain/api/billing';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

/** GET /rpc-api/reseller/ecom/proAmtUpg: what the change costs now, with tax (server-computed). */
export function getProratedAmount(
  planCode: string,
  term: Term,
  signal?: AbortSignal,
): Promise<ProratedAmount> {
  return apiGet(
    '/reseller/ecom/proAmtUpg',
    { planCode, term },
    { schema: proratedAmountSchema, signal },
  );
}

export const proratedAmountQuery = (planCode: string, term: Term) =>
  queryOptions({
    queryKey: billingKeys.proration(planCode, term),
    queryFn: ({ signal }) => getProratedAmount(planCode, term, signal),
    retry: false,
  });

export function useProratedAmount(planCode: string, term: Term) {
  return useQuery({ ...proratedAmountQuery(planCode, term), enabled: planCode !== '' });
}
