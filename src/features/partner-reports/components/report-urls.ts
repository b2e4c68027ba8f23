import type { PartnerProgram } from '../../../domain/api/partner-reports';

/** Console paths of the commission reports (spec section 2, partner routes). */
export const reportPaths = {
  root: '/partner/newcommissionreport',
  bounty: '/partner/newcommissionreport/bounty',
  referral: '/partner/newcommissionreport/referral',
  quarterly: (program: PartnerProgram, quarter: number, year: number) =>
    `/partner/newcommissionreport/referral/${program}/quarterly/${String(quarter)}/${String(year)}`,
  monthly: (program: PartnerProgram, fm: number, fy: number, tm: number, ty: number) =>
    `/partner/newcommissionreport/referral/${program}/monthly/${String(fm)}/${String(fy)}/${String(tm)}/${String(ty)}`,
} as const;

/** The current quarter's view, or the last three months including this one. */
export function defaultViewPath(
  program: PartnerProgram,
  mode: 'quarterly' | 'monthly',
  now = new Date(),
): string {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  if (mode === 'quarterly')
    return reportPaths.quarterly(program, Math.floor((month - 1) / 3) + 1, year);
  const start = new Date(year, month - 3, 1);
  return reportPaths.monthly(program, start.getMonth() + 1, start.getFullYear(), month, year);
}
