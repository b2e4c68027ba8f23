import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingInfoSchema, type BillingInfo } from '../../../domain/api/billing';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

/** GET /rpc-api/reseller/ecom/billingInfo: address, card on file, plan, pending charges, tax. */
export function getBillingInfo(signal?: AbortSignal): Promise<BillingInfo> {
  return apiGet('/reseller/ecom/billingInfo', undefined, { schema: billingInfoSchema, signal });
}

export const billingInfoQuery = queryOptions({
  queryKey: billingKeys.info(),
  queryFn: ({ signal }) => getBillingInfo(signal),
});

export function useBillingInfo() {
  return useQuery(billingInfoQuery);
}
