import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import {
  transactionsReportSchema,
  type PartnerProgram,
  type TransactionsReport,
} from '../../../domain/api/partner-reports';
import { apiGet, type RequestParams } from '../../../lib/http/api-client';
import { partnerReportKeys } from './keys';

const paths: Readonly<Record<PartnerProgram, string>> = {
  rpc: '/partner/commission/getTrasactions',
  hd: '/partner/hd/commission/getTrasactions.json',
};

/** Every commission of one product in a date range (the spec's call names, typos included). */
export function getTransactions(
  program: PartnerProgram,
  range: RequestParams,
  signal?: AbortSignal,
): Promise<TransactionsReport> {
  return apiGet(paths[program], range, { schema: transactionsReportSchema, signal });
}

export const transactionsQuery = (program: PartnerProgram, range: RequestParams) =>
  queryOptions({
    queryKey: partnerReportKeys.transactions(program, range),
    queryFn: ({ signal }) => getTransactions(program, range, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(program: PartnerProgram, range: RequestParams) {
  return useOfflineQuery(transactionsQuery(program, range), 'commission-report');
}
