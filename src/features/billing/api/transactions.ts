import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import { transactionListSchema } from '../../../domain/api/invoices';
import { API_BASE } from '../../../lib/http/api-base';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

export interface DateRange {
  /** yyyy-mm-dd, inclusive; empty for no bound. */
  from: string;
  to: string;
}

/** GET /rpc-api/reseller/ecom/transactions?from=&to= */
export function getTransactions(range: DateRange, signal?: AbortSignal) {
  return apiGet(
    '/reseller/ecom/transactions',
    { ...range },
    { schema: transactionListSchema, signal },
  );
}

export const transactionsQuery = (range: DateRange) =>
  queryOptions({
    queryKey: billingKeys.transactions(range),
    queryFn: ({ signal }) => getTransactions(range, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(range: DateRange) {
  return useOfflineQuery(transactionsQuery(range), 'transactions');
}

/** The CSV export is a plain download (GET, same origin, the session cookie goes with it). */
export function transactionsCsvUrl(range: DateRange): string {
  return `${API_BASE}/reseller/ecom/transactions/export?${new URLSearchParams({ ...range }).toString()}`;
}
