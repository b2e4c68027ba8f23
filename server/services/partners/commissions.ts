import crypto from 'node:crypto';
import type { Executor } from '../../db/database';
import {
  bountyCommission,
  referralCommission,
  type CommissionStatus,
  type PartnerProgram,
} from '../../../src/domain/api/partner-reports';

/** The commission rules the database starts with (the operator may change the rows). */
export const defaultCommissionRules = [
  { program: 'rpc', kind: 'bounty', bountyMinor: 5_000, basisPoints: 0 },
  { program: 'hd', kind: 'bounty', bountyMinor: 4_000, basisPoints: 0 },
  { program: 'rpc', kind: 'referral', bountyMinor: 0, basisPoints: 2_000 },
  { program: 'hd', kind: 'referral', bountyMinor: 0, basisPoints: 1_500 },
] as const;

export async function ensureCommissionRules(db: Executor, now: string): Promise<void> {
  for (const rule of defaultCommissionRules) {
    const existing = await db
      .selectFrom('partner_commission_rules')
      .select('id')
      .where('program', '=', rule.program)
      .where('kind', '=', rule.kind)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('partner_commission_rules')
      .values({
        id: crypto.randomUUID(),
        program: rule.program,
        kind: rule.kind,
        bounty_amount_minor: rule.bountyMinor,
        referral_basis_points: rule.basisPoints,
        currency: 'USD',
        created_at: now,
      })
      .execute();
  }
}

const DAY_MS = 86_400_000;

/**
 * A commission's status by its age: pending for the 30-day refund window, then approved, then
 * paid with the monthly PayPal payout once it is over 60 days old.
 */
export function commissionStatusAt(earnedAt: string, now: string): CommissionStatus {
  const age = (new Date(now).getTime() - new Date(earnedAt).getTime()) / DAY_MS;
  if (age <= 30) return 'pending';
  if (age <= 60) return 'approved';
  return 'paid';
}

/** The referral columns a commission row copies (as the database types them). */
interface ReferralRef {
  id: string;
  partner_id: string;
  program: string;
  kind: string;
}

/** A commission on one payment (or refund, negative), pending until settleCommissions. */
async function insertPendingCommission(
  db: Executor,
  referral: ReferralRef,
  row: {
    paymentId: string;
    baseMinor: number;
    commissionMinor: number;
    currency: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('partner_commissions')
    .values({
      id: crypto.randomUUID(),
      partner_id: referral.partner_id,
      referral_id: referral.id,
      payment_id: row.paymentId,
      program: referral.program,
      kind: referral.kind,
      base_amount_minor: row.baseMinor,
      commission_minor: row.commissionMinor,
      currency: row.currency,
      status: 'pending',
      earned_at: row.at,
      paid_at: null,
      payout_paypal_email: '',
    })
    .execute();
}

export interface PaymentInput {
  referralId: string;
  amountMinor: number;
  currency: string;
  paidAt: string;
  description?: string;
}

/**
 * Records a referred customer's payment and derives its commission from the rules: a referral
 * referral earns its percentage on every payment, a bounty referral the fixed bounty on its
 * first payment only. Returns the commission in minor units (0 when none is due).
 */
export async function recordReferralPayment(db: Executor, input: PaymentInput): Promise<number> {
  const referral = await db
    .selectFrom('partner_referrals')
    .innerJoin('partners', 'partners.id', 'partner_referrals.partner_id')
    .select([
      'partner_referrals.id',
      'partner_referrals.partner_id',
      'partner_referrals.program',
      'partner_referrals.kind',
      'partners.paypal_email',
    ])
    .where('partner_referrals.id', '=', input.referralId)
    .executeTakeFirstOrThrow();
  const paymentId = crypto.randomUUID();
  const earlier = await db
    .selectFrom('partner_referral_payments')
    .select('id')
    .where('referral_id', '=', referral.id)
    .where('paid_at', '<=', input.paidAt)
    .where('amount_minor', '>', 0)
    .limit(1)
    .executeTakeFirst();
  await db
    .insertInto('partner_referral_payments')
    .values({
      id: paymentId,
      referral_id: referral.id,
      amount_minor: input.amountMinor,
      currency: input.currency,
      description: input.description ?? '',
      paid_at: input.paidAt,
    })
    .execute();
  const rule = await db
    .selectFrom('partner_commission_rules')
    .selectAll()
    .where('program', '=', referral.program)
    .where('kind', '=', referral.kind)
    .executeTakeFirst();
  if (!rule || input.amountMinor <= 0) return 0;
  const commission =
    referral.kind === 'bounty'
      ? bountyCommission(earlier === undefined, rule.bounty_amount_minor)
      : referralCommission(input.amountMinor, rule.referral_basis_points);
  if (commission === 0) return 0;
  await insertPendingCommission(db, referral, {
    paymentId,
    baseMinor: input.amountMinor,
    commissionMinor: commission,
    currency: input.currency,
    at: input.paidAt,
  });
  return commission;
}

export interface RefundInput {
  /** The reseller account refunded. */
  accountId: string;
  /** The refunded amount net of tax (positive). */
  amountMinor: number;
  currency: string;
  refundedAt: string;
  description?: string;
}

/**
 * A refund to a referred customer takes back what it had earned the partner: a referral loses its
 * percentage of the refunded amount; a bounty is taken back whole while it is still pending (the
 * refund came within the 30-day refund window of the first payment). The refund is written as a
 * negative payment with a negative commission, so totals net out and no row already paid out is
 * rewritten. Runs in the caller's transaction. Returns the commission taken back (<= 0).
 */
export async function recordReferralRefund(db: Executor, input: RefundInput): Promise<number> {
  const referral = await db
    .selectFrom('partner_referrals')
    .select(['id', 'partner_id', 'program', 'kind'])
    .where('reseller_account_id', '=', input.accountId)
    .executeTakeFirst();
  if (!referral || input.amountMinor <= 0) return 0;
  let takenBack = 0;
  if (referral.kind === 'bounty') {
    const bounty = await db
      .selectFrom('partner_commissions')
      .select(['commission_minor', 'status'])
      .where('referral_id', '=', referral.id)
      .execute();
    const net = bounty.reduce((sum, row) => sum + row.commission_minor, 0);
    const isPending = bounty.some((row) => row.commission_minor > 0 && row.status === 'pending');
    if (net > 0 && isPending) takenBack = -net;
  } else {
    const rule = await db
      .selectFrom('partner_commission_rules')
      .select('referral_basis_points')
      .where('program', '=', referral.program)
      .where('kind', '=', referral.kind)
      .executeTakeFirst();
    takenBack = -referralCommission(input.amountMinor, rule?.referral_basis_points ?? 0);
  }
  const paymentId = crypto.randomUUID();
  await db
    .insertInto('partner_referral_payments')
    .values({
      id: paymentId,
      referral_id: referral.id,
      amount_minor: -input.amountMinor,
      currency: input.currency,
      description: input.description ?? 'Refund',
      paid_at: input.refundedAt,
    })
    .execute();
  if (takenBack === 0) return 0;
  await insertPendingCommission(db, referral, {
    paymentId,
    baseMinor: -input.amountMinor,
    commissionMinor: takenBack,
    currency: input.currency,
    at: input.refundedAt,
  });
  return takenBack;
}

/**
 * Moves commissions along by age (pending → approved → paid). Paid ones carry the PayPal
 * e-mail they were paid to. Idempotent; the seed and an operator job run it.
 */
export async function settleCommissions(db: Executor, now: string): Promise<void> {
  const approvedBefore = new Date(new Date(now).getTime() - 30 * DAY_MS).toISOString();
  const paidBefore = new Date(new Date(now).getTime() - 60 * DAY_MS).toISOString();
  await db
    .updateTable('partner_commissions')
    .set({ status: 'approved' })
    .where('status', '=', 'pending')
    .where('earned_at', '<', approvedBefore)
    .execute();
  const due = await db
    .selectFrom('partner_commissions')
    .innerJoin('partners', 'partners.id', 'partner_commissions.partner_id')
    .select(['partner_commissions.id', 'partner_commissions.earned_at', 'partners.paypal_email'])
    .where('partner_commissions.status', '!=', 'paid')
    .where('partner_commissions.earned_at', '<', paidBefore)
    .execute();
  for (const row of due) {
    const paidAt = new Date(new Date(row.earned_at).getTime() + 61 * DAY_MS).toISOString();
    await db
      .updateTable('partner_commissions')
      .set({
        status: 'paid',
        paid_at: paidAt < now ? paidAt : now,
        payout_paypal_email: row.paypal_email,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export type { PartnerProgram };
