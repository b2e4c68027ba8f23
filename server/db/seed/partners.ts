import crypto from 'node:crypto';
import type { Tx } from '../database';
import {
  bountyCommission,
  referralCommission,
  type PartnerProgram,
} from '../../../src/domain/api/partner-reports';
import {
  commissionStatusAt,
  defaultCommissionRules,
  ensureCommissionRules,
} from '../../services/partners/commissions';

/** A small deterministic generator, so the demo data is the same on every fresh database. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = [
  'Avery',
  'Jordan',
  'Casey',
  'Morgan',
  'Quinn',
  'Reese',
  'Harper',
  'Rowan',
  'Elliot',
  'Skyler',
  'Emerson',
  'Finley',
];
const LAST = [
  'Nguyen',
  'Garcia',
  'Okafor',
  'Lindqvist',
  'Haddad',
  'Moreau',
  'Tanaka',
  'Kowalski',
  'Silva',
  'Byrne',
  'Patel',
  'Fischer',
];
const COMPANY = ['IT', 'Tech', 'Support', 'Systems', 'Networks', 'Helpdesk'];

/** Monthly plan prices of referred customers, in cents. */
const PLANS: Readonly<Record<PartnerProgram, readonly number[]>> = {
  rpc: [2_995, 4_995, 7_495, 14_950],
  hd: [4_900, 9_900, 19_900],
};

const chunked = <T>(rows: T[], size = 200): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/**
 * 18 months of referral data for the demo partner, for both products: tracking-link clicks,
 * referred customers (referral and bounty links; some never confirmed), their monthly payments,
 * and the commissions derived from them with the database's rules and the status by age.
 */
export async function seedPartners(tx: Tx, now: string): Promise<void> {
  await ensureCommissionRules(tx, now);
  const partner = await tx
    .selectFrom('partners')
    .select(['id', 'paypal_email'])
    .where('partner_id', '=', 'demopartner')
    .executeTakeFirst();
  if (!partner) return;
  const random = generator(20_261_122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const nowMs = new Date(now).getTime();
  const rule = (program: string, kind: string) =>
    defaultCommissionRules.find((r) => r.program === program && r.kind === kind);

  const clicks: {
    id: string;
    partner_id: string;
    program: string;
    visitor_id: string;
    ip_hash: string;
    created_at: string;
  }[] = [];
  const referrals: {
    id: string;
    partner_id: string;
    program: string;
    kind: string;
    customer_name: string;
    customer_email: string;
    reseller_account_id: null;
    visitor_id: string;
    is_confirmed: number;
    reminded_at: null;
    signup_at: string;
  }[] = [];
  const payments: {
    id: string;
    referral_id: string;
    amount_minor: number;
    currency: string;
    description: string;
    paid_at: string;
  }[] = [];
  const commissions: {
    id: string;
    partner_id: string;
    referral_id: string;
    payment_id: string;
    program: string;
    kind: string;
    base_amount_minor: number;
    commission_minor: number;
    currency: string;
    status: string;
    earned_at: string;
    paid_at: string | null;
    payout_paypal_email: string;
  }[] = [];

  const today = new Date(now);
  let customerNumber = 0;
  for (let monthsBack = 17; monthsBack >= 0; monthsBack -= 1) {
    const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack, 1);
    const monthEnd = Math.min(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsBack + 1, 1),
      nowMs,
    );
    const at = () => new Date(monthStart + random() * (monthEnd - monthStart - 1)).toISOString();
    for (const program of ['rpc', 'hd'] as const) {
      for (const link of [program, `${program}-bounty`]) {
        const count = 10 + Math.floor(random() * 30);
        for (let i = 0; i < count; i += 1) {
          clicks.push({
            id: crypto.randomUUID(),
            partner_id: partner.id,
            program: link,
            visitor_id: crypto.randomUUID(),
            ip_hash: '',
            created_at: at(),
          });
        }
      }
      const newCustomers = 1 + Math.floor(random() * 3);
      for (let i = 0; i < newCustomers; i += 1) {
        customerNumber += 1;
        const first = pick(FIRST);
        const last = pick(LAST);
        const kind = random() < 0.3 ? 'bounty' : 'referral';
        // A customer who joined in the last two months may not have confirmed yet (the first
        // of this month's never has, so the demo always shows the unconfirmed list).
        const isConfirmed = !(monthsBack === 0 && i === 0) && !(monthsBack <= 1 && random() < 0.5);
        const signupAt = at();
        const referralId = crypto.randomUUID();
        referrals.push({
          id: referralId,
          partner_id: partner.id,
          program,
          kind,
          customer_name: `${first} ${last} (${last} ${pick(COMPANY)})`,
          customer_email: `${first}.${last}${String(customerNumber)}@example.net`.toLowerCase(),
          reseller_account_id: null,
          visitor_id: crypto.randomUUID(),
          is_confirmed: isConfirmed ? 1 : 0,
          reminded_at: null,
          signup_at: signupAt,
        });
        if (!isConfirmed) continue;
        const price = pick(PLANS[program]);
        const months = 1 + Math.floor(random() * 14);
        const commissionRule = rule(program, kind);
        for (let n = 0; n < months; n += 1) {
          const paid = new Date(signupAt);
          paid.setUTCDate(paid.getUTCDate() + 3);
          paid.setUTCMonth(paid.getUTCMonth() + n);
          const paidAt = paid.toISOString();
          if (paidAt > now) break;
          const paymentId = crypto.randomUUID();
          payments.push({
            id: paymentId,
            referral_id: referralId,
            amount_minor: price,
            currency: 'USD',
            description: `${program === 'hd' ? 'Helpdesk' : 'Remote access'} monthly plan`,
            paid_at: paidAt,
          });
          const commission =
            kind === 'bounty'
              ? bountyCommission(n === 0, commissionRule?.bountyMinor ?? 0)
              : referralCommission(price, commissionRule?.basisPoints ?? 0);
          if (commission === 0) continue;
          const status = commissionStatusAt(paidAt, now);
          const payoutAt = new Date(new Date(paidAt).getTime() + 61 * 86_400_000).toISOString();
          commissions.push({
            id: crypto.randomUUID(),
            partner_id: partner.id,
            referral_id: referralId,
            payment_id: paymentId,
            program,
            kind,
            base_amount_minor: price,
            commission_minor: commission,
            currency: 'USD',
            status,
            earned_at: paidAt,
            paid_at: status === 'paid' ? (payoutAt < now ? payoutAt : now) : null,
            payout_paypal_email: status === 'paid' ? partner.paypal_email : '',
          });
        }
      }
    }
  }
  // Every row of a table has the same keys, so multi-row inserts are portable here.
  for (const rows of chunked(clicks)) await tx.insertInto('partner_clicks').values(rows).execute();
  for (const rows of chunked(referrals))
    await tx.insertInto('partner_referrals').values(rows).execute();
  for (const rows of chunked(payments))
    await tx.insertInto('partner_referral_payments').values(rows).execute();
  for (const rows of chunked(commissions))
    await tx.insertInto('partner_commissions').values(rows).execute();
}
