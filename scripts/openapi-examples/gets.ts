import type { Recorder } from './recorder';

/**
 * The query each GET of the capture is sent with, where it needs one: ids come from the answers
 * recorded before it (the first invoice of the list, the first computer), so every call names
 * a record of the demo data.
 */

type Message = Record<string, unknown>;
const messageOf = (recorder: Recorder, operationId: string): Message => {
  const answer = recorder.examples.get(operationId)?.response as { message?: Message } | undefined;
  if (!answer?.message) throw new Error(`${operationId} has no recorded answer yet`);
  return answer.message;
};
const firstId = (recorder: Recorder, operationId: string, list: string): string => {
  const items = messageOf(recorder, operationId)[list] as { id?: string }[];
  const first = items[0];
  const id = first?.id;
  if (id === undefined) throw new Error(`${operationId} lists no ${list}`);
  return id;
};

export const queries: Record<string, (recorder: Recorder) => Record<string, string>> = {
  listInvoices: () => ({ page: '1', pageSize: '3', sort: 'issuedAt', order: 'desc' }),
  getInvoice: (r) => ({ invoiceID: firstId(r, 'listInvoices', 'items') }),
  quoteUpgrade: () => ({ planCode: 'BR-250', term: 'month' }),
  getStateSalesTax: () => ({ state: 'CA' }),
  getVatDetails: () => ({ country: 'DE' }),
  validateUsZipCode: () => ({ zip: '94105', state: 'CA' }),
  listActivityLog: () => ({ page: '1', pageSize: '3', sort: 'created_at', order: 'desc' }),
  listPartnerStates: () => ({ country: 'US' }),
  listUsers: () => ({ page: '1', pageSize: '5', sort: 'created_date', order: 'desc' }),
  listCancelledUsers: () => ({ page: '1', pageSize: '5' }),
  listComputers: () => ({ page: '1', pageSize: '5', sort: 'name', order: 'asc' }),
  listComputerComments: (r) => ({ computerId: firstId(r, 'listComputers', 'computers') }),
  listComputerMessages: (r) => ({ computerId: firstId(r, 'listComputers', 'computers') }),
};
