import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  computerListSchema,
  type ComputerList,
  type ListComputersQuery,
} from '../../../domain/api/computers';
import { apiGet } from '../../../lib/http/api-client';
import { computerKeys } from './keys';

/** GET /rpc-api/reseller/computer/get: one page, searched, filtered and sorted by the server. */
export function getComputers(
  query: ListComputersQuery,
  signal?: AbortSignal,
): Promise<ComputerList> {
  return apiGet('/reseller/computer/get', { ...query }, { schema: computerListSchema, signal });
}

export const computersQuery = (query: ListComputersQuery) =>
  queryOptions({
    queryKey: computerKeys.list(query),
    queryFn: ({ signal }) => getComputers(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useComputers(query: ListComputersQuery) {
  return useQuery(computersQuery(query));
}
