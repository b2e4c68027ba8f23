import crypto from 'node:crypto';
import { AppError } from '../../app-error';
import type { Executor } from '../../db/database';
import type { Mailer } from '../mail';
import { sha256 } from '../crypto';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  partnerReportMessages,
  type PartnerProgram,
  type UnconfirmedUsers,
} from '../../../src/domain/api/partner-reports';

/** The four tracking programmes of a link `/ref/<program>/<partnerId>`. */
export const trackingPrograms = {
  rpc: { program: 'rpc', kind: 'referral' },
  hd: { program: 'hd', kind: 'referral' },
  'rpc-bounty': { program: 'rpc', kind: 'bounty' },
  'hd-bounty': { program: 'hd', kind: 'bounty' },
} as const;
export type TrackingProgram = keyof typeof trackingPrograms;

export const isTrackingProgram = (value: string): value is TrackingProgram =>
  Object.hasOwn(trackingPrograms, value);

/** The first-party cookie that remembers who referred a visitor: `<program>.<partnerId>.<visitor>`. */
export const REFERRAL_COOKIE = 'rpc_ref';
export const REFERRAL_COOKIE_DAYS = 90;

/**
 * Records a click on an approved partner's link. Returns the cookie value to set, or undefined
 * when the partner does not exist or is not approved (the visitor is still sent on).
 */
export async function recordClick(
  db: Executor,
  program: TrackingProgram,
  partnerLogin: string,
  ip: string,
  now: string,
): Promise<string | undefined> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'partner_id', 'account_status'])
    .where('partner_id', '=', partnerLogin.toLowerCase())
    .executeTakeFirst();
  if (partner?.account_status !== 'APPROVED') return undefined;
  const visitorId = crypto.randomUUID();
  await db
    .insertInto('partner_clicks')
    .values({
      id: crypto.randomUUID(),
      partner_id: partner.id,
      program,
      visitor_id: visitorId,
      ip_hash: sha256(ip),
      created_at: now,
    })
    .execute();
  return `${program}.${partner.partner_id}.${visitorId}`;
}

export interface AttributionInput {
  /** The value of the `rpc_ref` cookie sent with the signup request (may be missing). */
  cookie: string | undefined;
  resellerAccountId: string;
  customerName: string;
  customerEmail: string;
  now: string;
}

/**
 * Attribution of a reseller signup (for the reseller signup route to call, inside its
 * transaction): when the visitor arrived through a partner's tracking link within
 * REFERRAL_COOKIE_DAYS, the new account becomes that partner's referred customer (referral or
 * bounty, remote access or helpdesk, from the link's programme). Later payments are credited
 * with `recordReferralPayment` (commissions.ts). Returns the referral id, or undefined.
 */
export async function attributeSignup(
  db: Executor,
  input: AttributionInput,
): Promise<string | undefined> {
  const [program, partnerLogin, visitorId] = (input.cookie ?? '').split('.');
  if (!program || !partnerLogin || !visitorId || !isTrackingProgram(program)) return undefined;
  const click = await db
    .selectFrom('partner_clicks')
    .innerJoin('partners', 'partners.id', 'partner_clicks.partner_id')
    .select(['partners.id as partnerId', 'partner_clicks.created_at'])
    .where('partner_clicks.visitor_id', '=', visitorId)
    .where('partners.partner_id', '=', partnerLogin)
    .where('partners.account_status', '=', 'APPROVED')
    .executeTakeFirst();
  if (!click) return undefined;
  const age = new Date(input.now).getTime() - new Date(click.created_at).getTime();
  if (age > REFERRAL_COOKIE_DAYS * 86_400_000) return undefined;
  const id = crypto.randomUUID();
  const target = trackingPrograms[program];
  await db
    .insertInto('partner_referrals')
    .values({
      id,
      partner_id: click.partnerId,
      program: target.program,
      kind: target.kind,
      customer_name: input.customerName,
      customer_email: input.customerEmail,
      reseller_account_id: input.resellerAccountId,
      visitor_id: visitorId,
      is_confirmed: 0,
      reminded_at: null,
      signup_at: input.now,
    })
    .execute();
  return id;
}

const DAY_MS = 86_400_000;
const canRemind = (remindedAt: string | null, now: string) =>
  remindedAt === null || new Date(now).getTime() - new Date(remindedAt).getTime() >= DAY_MS;

/**
 * The partner's referred customers of one product who have not confirmed their account, and how
 * many customers of that product the partner referred in all.
 */
export async function unconfirmedUsers(
  db: Executor,
  partnerId: string,
  program: PartnerProgram,
  now: string,
): Promise<UnconfirmedUsers> {
  const { count } = await db
    .selectFrom('partner_referrals')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('partner_id', '=', partnerId)
    .where('program', '=', program)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('partner_referrals')
    .select(['id', 'customer_name', 'customer_email', 'signup_at', 'reminded_at'])
    .where('partner_id', '=', partnerId)
    .where('program', '=', program)
    .where('is_confirmed', '=', 0)
    .orderBy('signup_at', 'desc')
    .execute();
  const users = rows.map((row) => ({
    id: row.id,
    name: row.customer_name,
    email: row.customer_email,
    signupDate: row.signup_at,
    remindedAt: row.reminded_at ?? '',
    canRemind: canRemind(row.reminded_at, now),
  }));
  return { referredCount: Number(count), users };
}

/**
 * E-mails an unconfirmed referred user a reminder, at most once a day per user. Another
 * partner's user, a confirmed user or another product's user is "not found".
 */
export async function askToConfirm(
  db: Executor,
  mailer: Mailer,
  options: {
    partnerId: string;
    program: PartnerProgram;
    referralId: string;
    now: string;
    productName: string;
    publicOrigin: string;
  },
): Promise<void> {
  const row = await db
    .selectFrom('partner_referrals')
    .select(['id', 'customer_name', 'customer_email', 'reminded_at'])
    .where('id', '=', options.referralId)
    .where('partner_id', '=', options.partnerId)
    .where('program', '=', options.program)
    .where('is_confirmed', '=', 0)
    .executeTakeFirst();
  if (!row) throw new AppError(errorCodes.NOT_FOUND, 'Not found');
  if (!canRemind(row.reminded_at, options.now)) {
    throw new AppError(errorCodes.RATE_LIMITED, partnerReportMessages.alreadyReminded);
  }
  // Claim the day first, so two quick clicks cannot both send.
  const claimed = await db
    .updateTable('partner_referrals')
    .set({ reminded_at: options.now })
    .where('id', '=', row.id)
    .where((eb) =>
      row.reminded_at === null
        ? eb('reminded_at', 'is', null)
        : eb('reminded_at', '=', row.reminded_at),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    throw new AppError(errorCodes.RATE_LIMITED, partnerReportMessages.alreadyReminded);
  }
  await mailer.send({
    to: row.customer_email,
    subject: `Confirm your ${options.productName} account`,
    text: [
      `Hello ${row.customer_name},`,
      '',
      `You created a ${options.productName} account but have not confirmed it yet.`,
      `Open the confirmation e-mail we sent you, or sign in at ${options.publicOrigin}/rpc-app/reseller/login to finish.`,
    ].join('\n'),
  });
}
