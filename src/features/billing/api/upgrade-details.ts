import { queryOptions, useQuery } from '@tanstack/react-query';
import { upgradeDetailsSchema, type UpgradeDetails } from '../../../domain/api/billing';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

/** GET /rpc-api/reseller/ecom/upgradeDetails: the current plan and the plans one may move to. */
export function getUpgradeDetails(signal?: AbortSignal): Promise<UpgradeDetails> {
  return apiGet('/reseller/ecom/upgradeDetails', undefined, {
    schema: upgradeDetailsSchema,
    signal,
  });
}

export const upgradeDetailsQuery = queryOptions({
  queryKey: billingKeys.upgrade(),
  queryFn: ({ signal }) => getUpgradeDetails(signal),
});

export function useUpgradeDetails() {
  return useQuery(upgradeDetailsQuery);
}
