import { API_BASE } from '../../../lib/http/api-base';

/** GET /rpc-api/reseller/ecom/invoicePdf?invoiceID=: the invoice as a PDF, sent as a download. */
export function invoicePdfUrl(invoiceID: string): string {
  return `${API_BASE}/reseller/ecom/invoicePdf?${new URLSearchParams({ invoiceID }).toString()}`;
}
