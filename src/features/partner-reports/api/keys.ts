import type { RequestParams } from '../../../lib/http/api-client';

/** Query keys of the partner reports: one factory, so a whole branch can be invalidated. */
export const partnerReportKeys = {
  all: ['partner', 'reports'] as const,
  userReport: (kind: string, program: string, params: RequestParams) =>
    [...partnerReportKeys.all, 'user-report', kind, program, params] as const,
  transactions: (program: string, params: RequestParams) =>
    [...partnerReportKeys.all, 'transactions', program, params] as const,
  unconfirmed: (program: string) => [...partnerReportKeys.all, 'unconfirmed', program] as const,
};
