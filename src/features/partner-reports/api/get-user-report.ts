import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useOfflineQuery } from '../../../offline/offline-query';
import {
  userReportSchema,
  type CommissionKind,
  type PartnerProgram,
  type UserReport,
} from '../../../domain/api/partner-reports';
import { apiGet, type RequestParams } from '../../../lib/http/api-client';
import { partnerReportKeys } from './keys';

const paths: Readonly<Record<CommissionKind, Readonly<Record<PartnerProgram, string>>>> = {
  bounty: {
    rpc: '/partner/getBountyPartnerUserReport',
    hd: '/partner/getBountyPartnerUserReport',
  },
  referral: { rpc: '/partner/getPartnerUserReport', hd: '/partner/getHelpdeskPartnerUserReport' },
};

/**
 * Commissions per referred customer: GET /partner/getBountyPartnerUserReport (with `program`),
 * /partner/getPartnerUserReport (remote access) or /partner/getHelpdeskPartnerUserReport.
 */
export function getUserReport(
  kind: CommissionKind,
  program: PartnerProgram,
  range: RequestParams,
  signal?: AbortSignal,
): Promise<UserReport> {
  const params = kind === 'bounty' ? { ...range, program } : range;
  return apiGet(paths[kind][program], params, { schema: userReportSchema, signal });
}

export const userReportQuery = (
  kind: CommissionKind,
  program: PartnerProgram,
  range: RequestParams,
) =>
  queryOptions({
    queryKey: partnerReportKeys.userReport(kind, program, range),
    queryFn: ({ signal }) => getUserReport(kind, program, range, signal),
    placeholderData: keepPreviousData,
  });

export function useUserReport(kind: CommissionKind, program: PartnerProgram, range: RequestParams) {
  return useOfflineQuery(userReportQuery(kind, program, range), 'commission-report');
}
