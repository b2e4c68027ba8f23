/**
 * Partner commission reports and dashboard (spec section 7, "Reports" and "Commission"): the
 * request and answer schemas shared by the console and the server, and the pure range rules.
 * Money is integer minor units with its currency; every amount is computed on the server.
 * Dates on the wire are calendar days: mm-dd-yyyy in requests (spec section 9), yyyy-mm-dd in answers.
 */
import { z } from 'zod';

export const partnerPrograms = ['rpc', 'hd'] as const;
export type PartnerProgram = (typeof partnerPrograms)[number];
export const commissionKinds = ['bounty', 'referral'] as const;
export type CommissionKind = (typeof commissionKinds)[number];
export const commissionStatuses = ['pending', 'approved', 'paid'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];

export const programNames: Readonly<Record<PartnerProgram, string>> = {
  rpc: 'Remote access',
  hd: 'Helpdesk',
};

/** Texts the spec does not give (chosen). */
export const partnerReportMessages = {
  rangeInvalid: 'Select a valid date range',
  rangeOrder: 'The start of the range must not be after its end',
  rangeTooLong: 'Select a range of at most 24 months',
  notApproved: 'Your partner account is not approved yet',
  alreadyReminded: 'A reminder was already sent to this user today. Try again tomorrow.',
  reminderSent: 'A reminder to confirm the account has been sent',
} as const;

/** The longest range a report covers, in months (and 731 days for date ranges). */
export const MAX_REPORT_MONTHS = 24;
const MAX_REPORT_DAYS = 731;

const text = z.string().trim().max(20).optional();

/**
 * Every report takes one of three ranges: `from`/`to` (mm-dd-yyyy), `quarter`/`year`, or
 * `from_month`/`from_year`/`to_month`/`to_year` (the spec's route parameters).
 */
// Each parameter's own shape; which of the three ranges is given, its order and its length are
// checked across parameters (rangeOf) and answer VALIDATION_FAILED with the range messages.
const mdy = { pattern: '^ *(?:0[1-9]|1[0-2])-(?:0[1-9]|1\\d|2[0-8])-20\\d\\d *$' };
const month = { pattern: '^ *(?:[1-9]|1[0-2]) *$' };
const year = { pattern: '^ *20\\d\\d *$' };
export const reportRangeQuerySchema = z.object({
  from: text.meta(mdy),
  to: text.meta(mdy),
  quarter: text.meta({ pattern: '^ *[1-4] *$' }),
  year: text.meta(year),
  from_month: text.meta(month),
  from_year: text.meta(year),
  to_month: text.meta(month),
  to_year: text.meta(year),
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const bountyReportQuerySchema = reportRangeQuerySchema.extend({
  program: z.enum(partnerPrograms).prefault('rpc'),
});

export type RangeType = 'dates' | 'quarterly' | 'monthly';

export interface ResolvedRange {
  type: RangeType;
  /** First day, yyyy-mm-dd. */
  from: string;
  /** Last day (inclusive), yyyy-mm-dd. */
  to: string;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (y: number, m: number, d: number) => `${String(y)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const intIn = (value: string | undefined, min: number, max: number): number | null => {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
};

/** mm-dd-yyyy to yyyy-mm-dd, or null for anything that is not a real calendar day. */
export function mdyToIso(value: string | undefined): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value ?? '');
  if (!match) return null;
  const [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return isoDay(y, m, d);
}

/** yyyy-mm-dd to mm-dd-yyyy. */
export function isoToMdy(iso: string): string {
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

export const monthLabel = (y: number, m: number) => `${MONTHS[m - 1] ?? ''} ${String(y)}`;

/** The quarter (1–4) of a month (1–12). */
export const quarterOf = (month: number) => Math.floor((month - 1) / 3) + 1;

export type RangeResult = { ok: true; range: ResolvedRange } | { ok: false; message: string };

/**
 * Which range a query asks for, checked: a quarter, a month range (across a year end too), or
 * a date range. With none of them, the last 7 days up to `today` (yyyy-mm-dd).
 */
export function resolveReportRange(query: ReportRangeQuery, today: string): RangeResult {
  const fail = (message: string): RangeResult => ({ ok: false, message });
  if (query.quarter !== undefined || query.year !== undefined) {
    const quarter = intIn(query.quarter, 1, 4);
    const year = intIn(query.year, 2000, 2100);
    if (quarter === null || year === null) return fail(partnerReportMessages.rangeInvalid);
    const firstMonth = quarter * 3 - 2;
    return {
      ok: true,
      range: {
        type: 'quarterly',
        from: isoDay(year, firstMonth, 1),
        to: isoDay(year, firstMonth + 2, daysInMonth(year, firstMonth + 2)),
        label: `Q${String(quarter)} ${String(year)}`,
      },
    };
  }
  const hasMonths = [query.from_month, query.from_year, query.to_month, query.to_year].some(
    (v) => v !== undefined,
  );
  if (hasMonths) {
    const fm = intIn(query.from_month, 1, 12);
    const fy = intIn(query.from_year, 2000, 2100);
    const tm = intIn(query.to_month, 1, 12);
    const ty = intIn(query.to_year, 2000, 2100);
    if (fm === null || fy === null || tm === null || ty === null) {
      return fail(partnerReportMessages.rangeInvalid);
    }
    const span = (ty - fy) * 12 + (tm - fm) + 1;
    if (span < 1) return fail(partnerReportMessages.rangeOrder);
    if (span > MAX_REPORT_MONTHS) return fail(partnerReportMessages.rangeTooLong);
    return {
      ok: true,
      range: {
        type: 'monthly',
        from: isoDay(fy, fm, 1),
        to: isoDay(ty, tm, daysInMonth(ty, tm)),
        label: span === 1 ? monthLabel(fy, fm) : `${monthLabel(fy, fm)} – ${monthLabel(ty, tm)}`,
      },
    };
  }
  if (query.from !== undefined || query.to !== undefined) {
    const from = mdyToIso(query.from);
    const to = mdyToIso(query.to);
    if (from === null || to === null) return fail(partnerReportMessages.rangeInvalid);
    if (from > to) return fail(partnerReportMessages.rangeOrder);
    if (daysBetween(from, to) > MAX_REPORT_DAYS) return fail(partnerReportMessages.rangeTooLong);
    return {
      ok: true,
      range: { type: 'dates', from, to, label: `${isoToMdy(from)} to ${isoToMdy(to)}` },
    };
  }
  const from = addDaysIso(today, -6);
  return {
    ok: true,
    range: { type: 'dates', from, to: today, label: `${isoToMdy(from)} to ${isoToMdy(today)}` },
  };
}

export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round(
    (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000,
  );
}

/** The chart's buckets for a range: days for up to 62 days, otherwise months. */
export function rangeBuckets(range: ResolvedRange): { key: string; label: string }[] {
  const buckets: { key: string; label: string }[] = [];
  if (range.type === 'dates' && daysBetween(range.from, range.to) <= 62) {
    for (let day = range.from; day <= range.to; day = addDaysIso(day, 1)) {
      buckets.push({ key: day, label: `${day.slice(5, 7)}/${day.slice(8, 10)}` });
    }
    return buckets;
  }
  let y = Number(range.from.slice(0, 4));
  let m = Number(range.from.slice(5, 7));
  const end = range.to.slice(0, 7);
  for (;;) {
    const key = `${String(y)}-${pad(m)}`;
    if (key > end) break;
    buckets.push({ key, label: monthLabel(y, m) });
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
  return buckets;
}

// --- Commission arithmetic (the rules live in the database; this is how they apply) ---

/** Referral: a percentage, in basis points, of each payment, rounded half up to a minor unit. */
export function referralCommission(paymentMinor: number, basisPoints: number): number {
  return Math.round((paymentMinor * basisPoints) / 10_000);
}

/** Bounty: the fixed amount, only on the referred customer's first payment. */
export function bountyCommission(isFirstPayment: boolean, bountyMinor: number): number {
  return isFirstPayment ? bountyMinor : 0;
}

// --- Answers ---

const money = z.number().int();

export const reportTotalsSchema = z.object({
  customers: z.number().int(),
  payments: z.number().int(),
  paymentsMinor: money,
  commissionMinor: money,
  pendingMinor: money,
  approvedMinor: money,
  paidMinor: money,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const seriesPointSchema = z.object({
  key: z.string(),
  label: z.string(),
  commissionMinor: money,
  pendingMinor: money,
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const rangeSchema = z.object({
  type: z.enum(['dates', 'quarterly', 'monthly']),
  from: z.string(),
  to: z.string(),
  label: z.string(),
});

/** One referred customer in a range. */
export const customerRowSchema = z.object({
  referralId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  signupDate: z.string(),
  lastPaymentDate: z.string(),
  payments: z.number().int(),
  paymentsMinor: money,
  commissionMinor: money,
  pendingMinor: money,
  approvedMinor: money,
  paidMinor: money,
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

/** /partner/getBountyPartnerUserReport, /partner/getPartnerUserReport, /partner/getHelpdeskPartnerUserReport. */
export const userReportSchema = z.object({
  program: z.enum(partnerPrograms),
  kind: z.enum(commissionKinds),
  currency: z.string(),
  range: rangeSchema,
  rows: z.array(customerRowSchema),
  totals: reportTotalsSchema,
  series: z.array(seriesPointSchema),
});
export type UserReport = z.infer<typeof userReportSchema>;

export const transactionRowSchema = z.object({
  id: z.string(),
  date: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  kind: z.enum(commissionKinds),
  paymentMinor: money,
  commissionMinor: money,
  status: z.enum(commissionStatuses),
  paidAt: z.string(),
  payoutPaypalEmail: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** /partner/commission/getTrasactions and /partner/hd/commission/getTrasactions.json. */
export const transactionsReportSchema = z.object({
  program: z.enum(partnerPrograms),
  currency: z.string(),
  range: rangeSchema,
  rows: z.array(transactionRowSchema),
  totals: reportTotalsSchema,
  series: z.array(seriesPointSchema),
});
export type TransactionsReport = z.infer<typeof transactionsReportSchema>;

export const periodFiguresSchema = z.object({
  label: z.string(),
  clicks: z.number().int(),
  signups: z.number().int(),
  payingCustomers: z.number().int(),
  earnedMinor: money,
  pendingMinor: money,
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** GET /partner/dashboard/summary: this month and quarter, and the last 12 months. */
export const dashboardSummarySchema = z.object({
  currency: z.string(),
  month: periodFiguresSchema,
  quarter: periodFiguresSchema,
  series: z.array(
    z.object({ key: z.string(), label: z.string(), rpcMinor: money, hdMinor: money }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

// --- Referred users who have not confirmed their account ---

export const unconfirmedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  signupDate: z.string(),
  remindedAt: z.string(),
  canRemind: z.boolean(),
});
export type UnconfirmedUser = z.infer<typeof unconfirmedUserSchema>;
/**
 * The referred users of one product who have not confirmed, and how many were referred at all
 * (so an empty list can say whether everyone confirmed or nobody was referred).
 */
export const unconfirmedUsersSchema = z.object({
  referredCount: z.number().int(),
  users: z.array(unconfirmedUserSchema),
});
export type UnconfirmedUsers = z.infer<typeof unconfirmedUsersSchema>;

export const askToConfirmSchema = z.object({ id: z.string().trim().min(1).max(64) });
