import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import {
  dashboardSummarySchema,
  transactionsReportSchema,
  unconfirmedUsersSchema,
  userReportSchema,
} from '../../src/domain/api/partner-reports';
import { hashPassword } from '../../server/services/passwords';
import {
  recordReferralPayment,
  recordReferralRefund,
  settleCommissions,
} from '../../server/services/partners/commissions';
import { attributeSignup, recordClick } from '../../server/services/partners/referrals';
import { errorOf, expectRefusal } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let other: { id: string; referralId: string; bountyId: string; unconfirmedId: string };

const message = <S extends z.ZodType>(schema: S, response: LightMyRequestResponse): z.infer<S> =>
  schema.parse(response.json<{ message: unknown }>().message);

async function addApprovedPartner(partnerId: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await t.db
    .insertInto('partners')
    .values({
      id,
      partner_id: partnerId,
      email: `${partnerId}@example.org`,
      password_hash: await hashPassword('Other@1234'),
      company_name: 'Other Co',
      contact_person: 'Olive Other',
      address1: '1 Main Street',
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      country: 'United States of America',
      phone: '5125550100',
      partner_type: 'Reseller',
      paypal_email: 'pay@other.example.org',
      account_status: 'APPROVED',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A referred customer of `partnerLogin` that came through `program`'s link. */
async function referredCustomer(
  partnerLogin: string,
  program: 'rpc' | 'rpc-bounty' | 'hd',
  email: string,
) {
  const cookie = await recordClick(
    t.db,
    program,
    partnerLogin,
    '203.0.113.9',
    '2025-12-01T10:00:00.000Z',
  );
  const id = await attributeSignup(t.db, {
    cookie,
    resellerAccountId: crypto.randomUUID(),
    customerName: email.split('@')[0] ?? email,
    customerEmail: email,
    now: '2025-12-02T10:00:00.000Z',
  });
  if (!id) throw new Error('not attributed');
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const id = await addApprovedPartner('otherpartner');
  const referralId = await referredCustomer('otherpartner', 'rpc', 'ref.customer@example.net');
  const bountyId = await referredCustomer(
    'otherpartner',
    'rpc-bounty',
    'bounty.customer@example.net',
  );
  const unconfirmedId = await referredCustomer('otherpartner', 'rpc', 'late.customer@example.net');
  await t.db
    .updateTable('partner_referrals')
    .set({ is_confirmed: 1 })
    .where('id', 'in', [referralId, bountyId])
    .execute();
  // Payments on both sides of a quarter boundary and of a year end.
  for (const paidAt of [
    '2025-12-31T23:59:59.000Z',
    '2026-01-01T00:00:00.000Z',
    '2026-03-31T23:59:59.999Z',
    '2026-04-01T00:00:00.000Z',
  ]) {
    await recordReferralPayment(t.db, { referralId, amountMinor: 4_995, currency: 'USD', paidAt });
    await recordReferralPayment(t.db, {
      referralId: bountyId,
      amountMinor: 4_995,
      currency: 'USD',
      paidAt,
    });
  }
  await settleCommissions(t.db, new Date().toISOString());
  other = { id, referralId, bountyId, unconfirmedId };
});
afterAll(() => t.close());

const signedIn = (login: string, password?: string) =>
  signedInAgent(t.app, 'partner', login, { password });

describe('commission arithmetic', () => {
  it('referral: 20% of each payment, a payment counted in the quarter it falls in', async () => {
    const agent = await signedIn('otherpartner', 'Other@1234');
    const q1 = await agent.get('/rpc-api/partner/getPartnerUserReport', {
      quarter: '1',
      year: '2026',
    });
    expect(q1.statusCode).toBe(200);
    const report = message(userReportSchema, q1);
    expect(report.range).toMatchObject({
      type: 'quarterly',
      from: '2026-01-01',
      to: '2026-03-31',
      label: 'Q1 2026',
    });
    expect(report.totals).toMatchObject({
      customers: 1,
      payments: 2,
      paymentsMinor: 9_990,
      commissionMinor: 1_998,
    });
    const q2 = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getPartnerUserReport', { quarter: '2', year: '2026' }),
    );
    expect(q2.totals).toMatchObject({ payments: 1, commissionMinor: 999 });
  });

  it('bounty: the fixed $50 on the first payment only', async () => {
    const agent = await signedIn('otherpartner', 'Other@1234');
    const all = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getBountyPartnerUserReport', {
        from: '12-01-2025',
        to: '04-30-2026',
        program: 'rpc',
      }),
    );
    expect(all.totals).toMatchObject({ customers: 1, payments: 1, commissionMinor: 5_000 });
    expect(all.rows[0]).toMatchObject({
      customerEmail: 'bounty.customer@example.net',
      lastPaymentDate: '2025-12-31',
    });
    const later = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getBountyPartnerUserReport', {
        from: '01-01-2026',
        to: '04-30-2026',
      }),
    );
    expect(later.totals.commissionMinor).toBe(0);
  });

  it('a month range across a year end (Dec 2025 – Jan 2026)', async () => {
    const agent = await signedIn('otherpartner', 'Other@1234');
    const report = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getPartnerUserReport', {
        from_month: '12',
        from_year: '2025',
        to_month: '1',
        to_year: '2026',
      }),
    );
    expect(report.range).toMatchObject({ type: 'monthly', from: '2025-12-01', to: '2026-01-31' });
    expect(report.totals).toMatchObject({ payments: 2, commissionMinor: 1_998 });
    expect(report.series.map((p) => [p.key, p.commissionMinor])).toEqual([
      ['2025-12', 999],
      ['2026-01', 999],
    ]);
  });

  it('the transactions call lists every commission of the product, bounty and referral', async () => {
    const agent = await signedIn('otherpartner', 'Other@1234');
    const report = message(
      transactionsReportSchema,
      await agent.get('/rpc-api/partner/commission/getTrasactions', {
        from: '12-31-2025',
        to: '01-01-2026',
      }),
    );
    expect(report.rows).toHaveLength(3);
    expect(report.totals.commissionMinor).toBe(999 + 5_000 + 999);
    expect(report.rows.map((row) => [row.status, row.payoutPaypalEmail])).toEqual(
      Array.from({ length: 3 }, () => ['paid', 'pay@other.example.org']),
    );
  });
});

describe('refunds', () => {
  const DAY = 86_400_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  /** A referred customer with one payment `paidDaysAgo`; returns its account and referral. */
  async function paidCustomer(program: 'rpc' | 'rpc-bounty', paidDaysAgo: number) {
    const referralId = await referredCustomer(
      'otherpartner',
      program,
      `refund.${crypto.randomUUID()}@example.net`,
    );
    // A paying customer has confirmed its account (keeps the unconfirmed list as it was).
    await t.db
      .updateTable('partner_referrals')
      .set({ is_confirmed: 1 })
      .where('id', '=', referralId)
      .execute();
    const paidAt = daysAgo(paidDaysAgo);
    await recordReferralPayment(t.db, { referralId, amountMinor: 10_000, currency: 'USD', paidAt });
    await settleCommissions(t.db, new Date().toISOString());
    const row = await t.db
      .selectFrom('partner_referrals')
      .select('reseller_account_id')
      .where('id', '=', referralId)
      .executeTakeFirstOrThrow();
    return { accountId: row.reseller_account_id ?? '', referralId };
  }
  const netCommission = async (referralId: string) => {
    const rows = await t.db
      .selectFrom('partner_commissions')
      .select('commission_minor')
      .where('referral_id', '=', referralId)
      .execute();
    return rows.reduce((sum, row) => sum + row.commission_minor, 0);
  };
  const refund = (accountId: string, amountMinor: number) =>
    recordReferralRefund(t.db, {
      accountId,
      amountMinor,
      currency: 'USD',
      refundedAt: new Date().toISOString(),
    });

  it('referral: the refunded share of the payment is taken back', async () => {
    const { accountId, referralId } = await paidCustomer('rpc', 45);
    expect(await refund(accountId, 5_000)).toBe(-1_000);
    expect(await netCommission(referralId)).toBe(1_000);
  });

  it('bounty: taken back whole within the 30-day refund window, kept after it', async () => {
    const recent = await paidCustomer('rpc-bounty', 3);
    expect(await refund(recent.accountId, 2_500)).toBe(-5_000);
    expect(await netCommission(recent.referralId)).toBe(0);
    // A second refund takes back nothing more.
    expect(await refund(recent.accountId, 2_500)).toBe(0);
    expect(await netCommission(recent.referralId)).toBe(0);

    const settled = await paidCustomer('rpc-bounty', 40);
    expect(await refund(settled.accountId, 10_000)).toBe(0);
    expect(await netCommission(settled.referralId)).toBe(5_000);
  });

  it('the report nets the refund out and still shows the last payment date', async () => {
    const { accountId, referralId } = await paidCustomer('rpc', 1);
    await refund(accountId, 10_000);
    const agent = await signedIn('otherpartner', 'Other@1234');
    const [from, to] = [new Date(Date.now() - 2 * DAY), new Date()];
    const report = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getPartnerUserReport', {
        from_month: String(from.getUTCMonth() + 1),
        from_year: String(from.getUTCFullYear()),
        to_month: String(to.getUTCMonth() + 1),
        to_year: String(to.getUTCFullYear()),
      }),
    );
    expect(report.rows.find((row) => row.referralId === referralId)).toMatchObject({
      payments: 1,
      paymentsMinor: 0,
      commissionMinor: 0,
      lastPaymentDate: daysAgo(1).slice(0, 10),
    });
  });

  it('an account no partner referred: nothing to take back', async () => {
    expect(await refund(crypto.randomUUID(), 5_000)).toBe(0);
  });
});

describe('report ranges', () => {
  it.each([
    [{ quarter: '5', year: '2026' }, 'Select a valid date range'],
    [{ from: '02-30-2026', to: '03-01-2026' }, 'Select a valid date range'],
    [{ from: '03-02-2026', to: '03-01-2026' }, 'The start of the range must not be after its end'],
    [
      { from_month: '1', from_year: '2026', to_month: '12', to_year: '2025' },
      'The start of the range must not be after its end',
    ],
    [
      { from_month: '1', from_year: '2020', to_month: '1', to_year: '2026' },
      'Select a range of at most 24 months',
    ],
  ])('%o is refused with "%s"', async (query, text) => {
    const agent = await signedIn('demopartner');
    const response = await agent.get('/rpc-api/partner/getPartnerUserReport', query);
    expectRefusal(response);
    expect(errorOf(response)?.message).toBe(text);
  });

  it('without a range, the last 7 days', async () => {
    const agent = await signedIn('demopartner');
    const report = message(
      transactionsReportSchema,
      await agent.get('/rpc-api/partner/hd/commission/getTrasactions.json'),
    );
    expect(report.range.type).toBe('dates');
    expect(report.series).toHaveLength(7);
  });
});

describe('demo data', () => {
  it('demopartner has 18 months of commissions for both products, matching the stored rows', async () => {
    const agent = await signedIn('demopartner');
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 17, 1));
    const query = {
      from_month: String(from.getUTCMonth() + 1),
      from_year: String(from.getUTCFullYear()),
      to_month: String(now.getUTCMonth() + 1),
      to_year: String(now.getUTCFullYear()),
    };
    const rpc = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getPartnerUserReport', query),
    );
    const hd = message(
      userReportSchema,
      await agent.get('/rpc-api/partner/getHelpdeskPartnerUserReport', query),
    );
    expect(rpc.series).toHaveLength(18);
    expect(rpc.totals.commissionMinor).toBeGreaterThan(0);
    expect(hd.totals.commissionMinor).toBeGreaterThan(0);
    const stored = await t.db
      .selectFrom('partner_commissions')
      .innerJoin('partners', 'partners.id', 'partner_commissions.partner_id')
      .select(['program', 'kind', 'commission_minor', 'status'])
      .where('partners.partner_id', '=', 'demopartner')
      .execute();
    const sum = (program: string) =>
      stored
        .filter((c) => c.program === program && c.kind === 'referral')
        .reduce((s, c) => s + c.commission_minor, 0);
    expect(rpc.totals.commissionMinor).toBe(sum('rpc'));
    expect(hd.totals.commissionMinor).toBe(sum('hd'));
    expect(new Set(stored.map((c) => c.status))).toEqual(new Set(['pending', 'approved', 'paid']));
  });

  it('the dashboard has this month, this quarter and 12 months per product', async () => {
    const agent = await signedIn('demopartner');
    const response = await agent.get('/rpc-api/partner/dashboard/summary');
    expect(response.statusCode).toBe(200);
    const summary = message(dashboardSummarySchema, response);
    expect(summary.series).toHaveLength(12);
    expect(summary.quarter.clicks).toBeGreaterThanOrEqual(summary.month.clicks);
    expect(summary.quarter.earnedMinor).toBeGreaterThanOrEqual(summary.month.earnedMinor);
    expect(
      summary.series.some((p) => p.rpcMinor > 0) && summary.series.some((p) => p.hdMinor > 0),
    ).toBe(true);
  });
});

describe('who may read reports', () => {
  it('anonymous: 401', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/rpc-api/partner/getPartnerUserReport',
    });
    expect(response.statusCode).toBe(401);
  });

  it('a partner awaiting approval is refused the reporting calls (403)', async () => {
    const agent = await signedIn('newpartner');
    for (const url of [
      '/rpc-api/partner/getPartnerUserReport',
      '/rpc-api/partner/getBountyPartnerUserReport',
      '/rpc-api/partner/dashboard/summary',
      '/rpc-api/partner/getPartnerUnconfirmedUsers',
    ]) {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
    }
  });

  it("one partner never sees another partner's customers", async () => {
    const agent = await signedIn('demopartner');
    const report = message(
      transactionsReportSchema,
      await agent.get('/rpc-api/partner/commission/getTrasactions', {
        from: '12-01-2025',
        to: '04-30-2026',
      }),
    );
    expect(report.rows.some((row) => row.customerEmail.endsWith('customer@example.net'))).toBe(
      false,
    );
    const { users } = message(
      unconfirmedUsersSchema,
      await agent.get('/rpc-api/partner/getPartnerUnconfirmedUsers'),
    );
    expect(users.some((u) => u.id === other.unconfirmedId)).toBe(false);
    const ask = await agent.post('/rpc-api/partner/askToConfirmUser', { id: other.unconfirmedId });
    expect(ask.statusCode).toBe(404);
  });
});

describe('ask to confirm', () => {
  it('sends one reminder e-mail a day per user', async () => {
    const agent = await signedIn('otherpartner', 'Other@1234');
    const { users } = message(
      unconfirmedUsersSchema,
      await agent.get('/rpc-api/partner/getPartnerUnconfirmedUsers'),
    );
    expect(users.map((u) => u.email)).toEqual(['late.customer@example.net']);
    expect(users[0]?.canRemind).toBe(true);
    const first = await agent.post('/rpc-api/partner/askToConfirmUser', {
      id: other.unconfirmedId,
    });
    expect(first.statusCode).toBe(200);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.some((m) => m.includes('late.customer@example.net'))).toBe(true);
    const second = await agent.post('/rpc-api/partner/askToConfirmUser', {
      id: other.unconfirmedId,
    });
    expect(second.statusCode).toBe(429);
    expect(errorOf(second)?.message).toBe(
      'A reminder was already sent to this user today. Try again tomorrow.',
    );
    const { users: after } = message(
      unconfirmedUsersSchema,
      await agent.get('/rpc-api/partner/getPartnerUnconfirmedUsers'),
    );
    expect(after[0]?.canRemind).toBe(false);
    // The helpdesk call does not reach a remote-access user.
    const hd = await agent.post('/rpc-api/partner/askToConfirmhdUser', { id: other.unconfirmedId });
    expect(hd.statusCode).toBe(404);
  });
});

describe('tracking links', () => {
  it('records the click, sets the first-party cookie and goes to signup', async () => {
    const before = await t.db
      .selectFrom('partner_clicks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const response = await t.app.inject({ method: 'GET', url: '/ref/hd-bounty/demopartner' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/rpcnew/signup');
    const cookie = response.cookies.find((c) => c.name === 'rpc_ref');
    expect(cookie?.value).toMatch(/^hd-bounty\.demopartner\./);
    expect(cookie?.httpOnly).toBe(true);
    const after = await t.db
      .selectFrom('partner_clicks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n) + 1);
    const id = await attributeSignup(t.db, {
      cookie: cookie?.value,
      resellerAccountId: crypto.randomUUID(),
      customerName: 'New Customer',
      customerEmail: 'new.customer@example.net',
      now: new Date().toISOString(),
    });
    const row = await t.db
      .selectFrom('partner_referrals')
      .selectAll()
      .where('id', '=', id ?? '')
      .executeTakeFirst();
    expect(row).toMatchObject({ program: 'hd', kind: 'bounty' });
  });

  it('an unknown partner or programme sets no cookie', async () => {
    for (const url of ['/ref/rpc/nobody_here', '/ref/other/demopartner', '/ref/rpc/newpartner']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.cookies.find((c) => c.name === 'rpc_ref')).toBeUndefined();
    }
  });
});
