import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import { invoiceListSchema, type InvoiceList } from '../../../domain/api/invoices';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

export interface InvoiceQuery {
  page: number;
  pageSize: number;
  sort: 'issuedAt' | 'totalMinor' | 'number';
  order: 'asc' | 'desc';
}

/** GET /rpc-api/reseller/ecom/invoices: one page of the account's invoices. */
export function getInvoices(query: InvoiceQuery, signal?: AbortSignal): Promise<InvoiceList> {
  return apiGet('/reseller/ecom/invoices', { ...query }, { schema: invoiceListSchema, signal });
}

export const invoicesQuery = (query: InvoiceQuery) =>
  queryOptions({
    queryKey: billingKeys.invoices(query),
    queryFn: ({ signal }) => getInvoices(query, signal),
    placeholderData: keepPreviousData,
  });

export function useInvoices(query: InvoiceQuery) {
  return useOfflineQuery(invoicesQuery(query), 'invoices');
}
