import { queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import { invoiceDetailSchema, type InvoiceDetail } from '../../../domain/api/invoices';
import { apiGet } from '../../../lib/http/api-client';
import { billingKeys } from './keys';

/** GET /rpc-api/reseller/ecom/invoiceDetails?invoiceID= */
export function getInvoiceDetail(invoiceID: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiGet(
    '/reseller/ecom/invoiceDetails',
    { invoiceID },
    { schema: invoiceDetailSchema, signal },
  );
}

export const invoiceDetailQuery = (invoiceID: string) =>
  queryOptions({
    queryKey: billingKeys.invoice(invoiceID),
    queryFn: ({ signal }) => getInvoiceDetail(invoiceID, signal),
  });

export function useInvoiceDetail(invoiceID: string) {
  return useOfflineQuery(invoiceDetailQuery(invoiceID), 'invoice-detail');
}
