import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import { compileByShape } from '../../db/compile-once';
import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import {
  addDaysIso,
  monthLabel,
  quarterOf,
  rangeBuckets,
  resolveReportRange,
  type CommissionKind,
  type CommissionStatus,
  type CustomerRow,
  type DashboardSummary,
  type PartnerProgram,
  type PeriodFigures,
  type ReportRangeQuery,
  type ReportTotals,
  type ResolvedRange,
  type SeriesPoint,
  type TransactionsReport,
  type UserReport,
} from '../../../src/domain/api/partner-reports';

const CURRENCY = 'USD';

/**
 * Only an approved partner may read reports (a partner waiting for approval has none): the
 * refusal, or undefined. The status is the one the partner session check read with the session
 * (route-policy.ts).
 */
export function approvalRefusal(request: FastifyRequest): AppError | undefined {
  return request.partnerStatus === 'APPROVED'
    ? undefined
    : new AppError(errorCodes.FORBIDDEN, formatMessage('permission.denied'));
}

export function rangeOrThrow(query: ReportRangeQuery, now: string): ResolvedRange {
  const result = resolveReportRange(query, now.slice(0, 10));
  if (!result.ok) throw new AppError(errorCodes.RULE_FAILED, result.message);
  return result.range;
}

const startOf = (day: string) => `${day}T00:00:00.000Z`;
const endOf = (day: string) => `${addDaysIso(day, 1)}T00:00:00.000Z`;

interface CommissionRow {
  id: string;
  referral_id: string;
  kind: string;
  base_amount_minor: number;
  commission_minor: number;
  status: string;
  earned_at: string;
  paid_at: string | null;
  payout_paypal_email: string;
  customer_name: string;
  customer_email: string;
  signup_at: string;
}

/** The caller's own commissions in a range: every query is scoped to one partner. */
const partnerCommissions = compileByShape(
  (
    db,
    shape: { kind: boolean },
    values: { partnerId: string; program: PartnerProgram; from: string; to: string; kind?: string },
  ) => {
    let query = db
      .selectFrom('partner_commissions as c')
      .innerJoin('partner_referrals as r', 'r.id', 'c.referral_id')
      .select([
        'c.id',
        'c.referral_id',
        'c.kind',
        'c.base_amount_minor',
        'c.commission_minor',
        'c.status',
        'c.earned_at',
        'c.paid_at',
        'c.payout_paypal_email',
        'r.customer_name',
        'r.customer_email',
        'r.signup_at',
      ])
      .where('c.partner_id', '=', values.partnerId)
      .where('r.partner_id', '=', values.partnerId)
      .where('c.program', '=', values.program)
      .where('c.earned_at', '>=', values.from)
      .where('c.earned_at', '<', values.to);
    if (shape.kind) query = query.where('c.kind', '=', values.kind ?? '');
    return query.orderBy('c.earned_at', 'desc').orderBy('c.id');
  },
);

function commissionsOf(
  db: Executor,
  partnerId: string,
  program: PartnerProgram,
  range: { from: string; to: string },
  kind?: CommissionKind,
): Promise<CommissionRow[]> {
  const values = { partnerId, program, from: startOf(range.from), to: endOf(range.to) };
  return partnerCommissions(db, { kind: Boolean(kind) }, kind ? { ...values, kind } : values);
}

const emptyTotals = (): ReportTotals => ({
  customers: 0,
  payments: 0,
  paymentsMinor: 0,
  commissionMinor: 0,
  pendingMinor: 0,
  approvedMinor: 0,
  paidMinor: 0,
});

function addTo(target: Omit<ReportTotals, 'customers'>, row: CommissionRow) {
  // A refund (negative, see recordReferralRefund) nets out of the sums but is not a payment.
  if (row.base_amount_minor > 0) target.payments += 1;
  target.paymentsMinor += row.base_amount_minor;
  target.commissionMinor += row.commission_minor;
  const status = row.status as CommissionStatus;
  if (status === 'pending') target.pendingMinor += row.commission_minor;
  else if (status === 'approved') target.approvedMinor += row.commission_minor;
  else target.paidMinor += row.commission_minor;
}

function seriesOf(range: ResolvedRange, rows: CommissionRow[]): SeriesPoint[] {
  const buckets = rangeBuckets(range);
  const byKey = new Map(buckets.map((b) => [b.key, { ...b, commissionMinor: 0, pendingMinor: 0 }]));
  const keyLength = buckets[0]?.key.length ?? 10;
  for (const row of rows) {
    const point = byKey.get(row.earned_at.slice(0, keyLength));
    if (!point) continue;
    point.commissionMinor += row.commission_minor;
    if (row.status === 'pending') point.pendingMinor += row.commission_minor;
  }
  return [...byKey.values()];
}

/** Commissions per referred customer in a range, with totals and a chart series. */
export async function userReport(
  db: Executor,
  partnerId: string,
  program: PartnerProgram,
  kind: CommissionKind,
  range: ResolvedRange,
): Promise<UserReport> {
  const rows = await commissionsOf(db, partnerId, program, range, kind);
  const byCustomer = new Map<string, CustomerRow>();
  /** Customers whose last payment date is set: rows come newest first, refunds skipped. */
  const dated = new Set<string>();
  const totals = emptyTotals();
  for (const row of rows) {
    let customer = byCustomer.get(row.referral_id);
    if (!customer) {
      customer = {
        referralId: row.referral_id,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        signupDate: row.signup_at.slice(0, 10),
        lastPaymentDate: row.earned_at.slice(0, 10),
        payments: 0,
        paymentsMinor: 0,
        commissionMinor: 0,
        pendingMinor: 0,
        approvedMinor: 0,
        paidMinor: 0,
      };
      byCustomer.set(row.referral_id, customer);
    }
    if (row.base_amount_minor > 0 && !dated.has(row.referral_id)) {
      customer.lastPaymentDate = row.earned_at.slice(0, 10);
      dated.add(row.referral_id);
    }
    addTo(customer, row);
    addTo(totals, row);
  }
  totals.customers = byCustomer.size;
  const customers = [...byCustomer.values()].sort(
    (a, b) => b.commissionMinor - a.commissionMinor || a.customerName.localeCompare(b.customerName),
  );
  return {
    program,
    kind,
    currency: CURRENCY,
    range,
    rows: customers,
    totals,
    series: seriesOf(range, rows),
  };
}

/** Every commission (bounty and referral) of one product in a range. */
export async function transactionsReport(
  db: Executor,
  partnerId: string,
  program: PartnerProgram,
  range: ResolvedRange,
): Promise<TransactionsReport> {
  const rows = await commissionsOf(db, partnerId, program, range);
  const totals = emptyTotals();
  const customers = new Set<string>();
  for (const row of rows) {
    addTo(totals, row);
    customers.add(row.referral_id);
  }
  totals.customers = customers.size;
  return {
    program,
    currency: CURRENCY,
    range,
    rows: rows.map((row) => ({
      id: row.id,
      date: row.earned_at,
      customerName: row.customer_name,
      customerEmail: row.customer_email,
      kind: row.kind as CommissionKind,
      paymentMinor: row.base_amount_minor,
      commissionMinor: row.commission_minor,
      status: row.status as CommissionStatus,
      paidAt: row.paid_at ?? '',
      payoutPaypalEmail: row.payout_paypal_email,
    })),
    totals,
    series: seriesOf(range, rows),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

async function figures(
  db: Executor,
  partnerId: string,
  from: string,
  toExclusive: string,
  label: string,
): Promise<PeriodFigures> {
  const clicks = await db
    .selectFrom('partner_clicks')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('partner_id', '=', partnerId)
    .where('created_at', '>=', from)
    .where('created_at', '<', toExclusive)
    .executeTakeFirst();
  const signups = await db
    .selectFrom('partner_referrals')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('partner_id', '=', partnerId)
    .where('signup_at', '>=', from)
    .where('signup_at', '<', toExclusive)
    .executeTakeFirst();
  const commissions = await db
    .selectFrom('partner_commissions')
    .select(['referral_id', 'commission_minor', 'status'])
    .where('partner_id', '=', partnerId)
    .where('earned_at', '>=', from)
    .where('earned_at', '<', toExclusive)
    .execute();
  return {
    label,
    clicks: Number(clicks?.n ?? 0),
    signups: Number(signups?.n ?? 0),
    payingCustomers: new Set(commissions.map((c) => c.referral_id)).size,
    earnedMinor: commissions.reduce((sum, c) => sum + c.commission_minor, 0),
    pendingMinor: commissions
      .filter((c) => c.status === 'pending')
      .reduce((sum, c) => sum + c.commission_minor, 0),
  };
}

/** This month, this quarter and the last 12 months of commissions per product (UTC calendar). */
export async function dashboardSummary(
  db: Executor,
  partnerId: string,
  now: string,
): Promise<DashboardSummary> {
  const year = Number(now.slice(0, 4));
  const month = Number(now.slice(5, 7));
  const monthStart = `${String(year)}-${pad(month)}-01T00:00:00.000Z`;
  const nextMonth = month === 12 ? `${String(year + 1)}-01` : `${String(year)}-${pad(month + 1)}`;
  const quarter = quarterOf(month);
  const quarterStart = `${String(year)}-${pad(quarter * 3 - 2)}-01T00:00:00.000Z`;
  const end = `${nextMonth}-01T00:00:00.000Z`;

  const keys: { key: string; label: string }[] = [];
  for (let i = 11; i >= 0; i -= 1) {
    const m0 = year * 12 + (month - 1) - i;
    const y = Math.floor(m0 / 12);
    const m = (m0 % 12) + 1;
    keys.push({ key: `${String(y)}-${pad(m)}`, label: monthLabel(y, m) });
  }
  const firstKey = keys[0]?.key ?? '';
  const rows = await db
    .selectFrom('partner_commissions')
    .select(['program', 'commission_minor', 'earned_at'])
    .where('partner_id', '=', partnerId)
    .where('earned_at', '>=', `${firstKey}-01T00:00:00.000Z`)
    .where('earned_at', '<', end)
    .execute();
  const series = keys.map((k) => ({ ...k, rpcMinor: 0, hdMinor: 0 }));
  const byKey = new Map(series.map((point) => [point.key, point]));
  for (const row of rows) {
    const point = byKey.get(row.earned_at.slice(0, 7));
    if (!point) continue;
    if (row.program === 'hd') point.hdMinor += row.commission_minor;
    else point.rpcMinor += row.commission_minor;
  }
  return {
    currency: CURRENCY,
    month: await figures(db, partnerId, monthStart, end, monthLabel(year, month)),
    quarter: await figures(db, partnerId, quarterStart, end, `Q${String(quarter)} ${String(year)}`),
    series,
  };
}
