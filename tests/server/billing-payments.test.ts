import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  BillingInfo,
  InvoiceDetail,
  ProratedAmount,
  Transaction,
} from '../../src/domain/api/billing';
import { addDays, nowIso } from '../../server/services/clock';
import { runRenewals } from '../../server/services/billing/renewals';
import { setPaymentGateway } from '../../server/services/billing/active-gateway';
import type { PaymentGateway } from '../../server/services/payments/gateway';
import { createSandboxGateway } from '../../server/services/payments/sandbox';
import { accountIdOfUser } from './helpers/accounts';
import { Agent, errorOf } from './helpers/agent';
import { addressesFrom, signedInAgent } from './helpers/sign-in';
import { insertPendingCharge } from './helpers/pending-charge';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const nextAddress = addressesFrom('127.0.1.', 11);
/** A fresh agent per test keeps the per-address limits apart. */
const signedIn = (email: string) => signedInAgent(t.app, 'reseller', email, { ip: nextAddress() });
/** The success payload, typed by the caller. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type
const message = <T>(response: LightMyRequestResponse): T => response.json<{ message: T }>().message;

const accountIdOf = (email: string) => accountIdOfUser(t.db, email);

const goodCard = {
  cardNumber: '4242424242424242',
  cvv: '123',
  expMonth: '12',
  expYear: String(new Date().getUTCFullYear() + 2),
  holder: 'Riley Morgan',
  address1: '500 Howard Street',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Card on file', () => {
  it('shows brand, last four and expiry, never the number', async () => {
    const agent = await signedIn('reseller@example.com');
    const response = await agent.get('/rpc-api/reseller/ecom/getCardInfo');
    expect(response.statusCode).toBe(200);
    expect(message<{ card: unknown }>(response).card).toMatchObject({
      brand: 'visa',
      brandName: 'Visa',
      last4: '4242',
    });
  });

  it.each([
    [{ cardNumber: '4242' }, 'cardNumber', 'Card number must be between 14-16 digits'],
    [{ cardNumber: '4242424242424241' }, 'cardNumber', 'Invalid credit card number'],
    [{ cardNumber: '9999999999999995' }, 'cardNumber', 'This credit card is not supported'],
    [{ cvv: '12' }, 'cvv', 'CVV can contain only 3-4 digits'],
    // Each empty card field names itself (issue 23: an empty month said the card failed).
    [{ cardNumber: '' }, 'cardNumber', 'Card number cannot be blank'],
    [{ cvv: '' }, 'cvv', 'CVV cannot be blank'],
    [{ expMonth: '' }, 'expMonth', 'Expiry month cannot be blank'],
    [{ expYear: '' }, 'expYear', 'Expiry year cannot be blank'],
    [{ expMonth: '1', expYear: '2020' }, 'expMonth', 'Credit card could not be processed'],
    [{ zip: '00000' }, 'zip', 'invalid zip code'],
    [{ zip: '10001' }, 'zip', 'invalid zip code'],
    [{ address1: '' }, 'address1', 'Billing address cannot be blank'],
    [{ cardNumber: '4000000000000002' }, undefined, 'Credit card could not be processed'],
  ])('refuses %o with the spec text', async (change, field, text) => {
    const agent = await signedIn('reseller@example.com');
    const response = await agent.post('/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus', {
      ...goodCard,
      ...change,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorOf(response)?.message).toBe(text);
    if (field) expect(errorOf(response)?.field).toBe(field);
    // Nothing changed: the old card is still on file.
    const card = message<{ card: { last4: string } }>(
      await agent.get('/rpc-api/reseller/ecom/getCardInfo'),
    ).card;
    expect(card.last4).toBe('4242');
  });

  it('saves a new card and stores only a token and the last four', async () => {
    const agent = await signedIn('reseller@example.com');
    const response = await agent.post('/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus', {
      ...goodCard,
      cardNumber: '5555555555554444',
    });
    expect(response.statusCode).toBe(200);
    expect(message<{ text: string }>(response).text).toBe(
      'Your Credit card details have been updated successfully',
    );
    const row = await t.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('account_id', '=', await accountIdOf('reseller@example.com'))
      .executeTakeFirstOrThrow();
    expect(row.card_last4).toBe('4444');
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    const audit = await t.db.selectFrom('audit_log').select('details').execute();
    expect(JSON.stringify(audit)).not.toContain('5555555555554444');
  });
});

describe('Pending charges (CCFAILEDACC)', () => {
  it('signing in past the due date leads the administrator to pay', async () => {
    const agent = new Agent(t.app, '127.0.2.1');
    const response = await agent.signIn('reseller', 'suspended@example.com');
    expect(response.statusCode).toBe(200);
    expect(message<{ next: string }>(response).next).toBe('/account/billingInfo');
    const info = message<BillingInfo>(await agent.get('/rpc-api/reseller/ecom/billingInfo'));
    expect(info.accountStatus).toBe('CCFAILEDACC');
    expect(info.pendingCharges).toHaveLength(1);
    expect(info.pendingCharges[0]?.isPastDue).toBe(true);
    // Washington nexus: 49.99 + 6.5 % = 53.24.
    expect(info.pendingTotalMinor).toBe(5_324);
  });

  it('a sub-user of a past-due account is told to contact support', async () => {
    const accountId = await accountIdOf('suspended@example.com');
    await t.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        account_id: accountId,
        username: 'suspended-sub@example.com',
        email: 'suspended-sub@example.com',
        password_hash: (
          await t.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'suspended@example.com')
            .executeTakeFirstOrThrow()
        ).password_hash,
        first_name: 'Sub',
        last_name: 'User',
        role: 'sub_user',
        status: 'active',
        proxy_topic: crypto.randomUUID(),
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const agent = new Agent(t.app, '127.0.2.2');
    const response = await agent.signIn('reseller', 'suspended-sub@example.com');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      description: 'CCFAILEDACC',
      message: 'Account has exceeded due date. Contact support at support@example.com',
    });
  });

  it('the failing card on file is refused and nothing is paid; a new card pays and reactivates', async () => {
    // The account came through demopartner's referral link: its payment earns a commission.
    const partner = await t.db
      .selectFrom('partners')
      .select('id')
      .where('partner_id', '=', 'demopartner')
      .executeTakeFirstOrThrow();
    const referralId = crypto.randomUUID();
    await t.db
      .insertInto('partner_referrals')
      .values({
        id: referralId,
        partner_id: partner.id,
        program: 'rpc',
        kind: 'referral',
        customer_name: 'Stormline Support Co.',
        customer_email: 'suspended@example.com',
        reseller_account_id: await accountIdOf('suspended@example.com'),
        reminded_at: null,
        signup_at: addDays(nowIso(), -60),
      })
      .execute();
    const agent = await signedIn('suspended@example.com');
    const failed = await agent.post('/rpc-api/reseller/v1_ecom/payPendingCharge');
    expect(failed.statusCode).toBe(402);
    expect(errorOf(failed)?.message).toBe(
      'There was an error in completing the payment. Check your credit card information and try again.',
    );
    let info = message<BillingInfo>(await agent.get('/rpc-api/reseller/ecom/billingInfo'));
    expect(info.pendingCharges).toHaveLength(1);
    expect(info.accountStatus).toBe('CCFAILEDACC');

    const update = await agent.post('/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus', {
      ...goodCard,
      state: 'WA',
      zip: '98101',
      city: 'Seattle',
    });
    expect(message<{ hasPendingCharge: boolean; pendingTotalMinor: number }>(update)).toMatchObject(
      { hasPendingCharge: true, pendingTotalMinor: 5_324 },
    );
    const paid = await agent.post('/rpc-api/reseller/v1_ecom/payPendingCharge');
    expect(paid.statusCode).toBe(200);
    expect(message<{ text: string }>(paid).text).toBe(
      "Your account has been reactivated and you can provide a solution for your customer's remote access and support needs.",
    );
    info = message<BillingInfo>(await agent.get('/rpc-api/reseller/ecom/billingInfo'));
    expect(info.pendingCharges).toHaveLength(0);
    expect(info.accountStatus).toBe('A');
    expect(info.endDate > nowIso()).toBe(true);
    const again = new Agent(t.app, '127.0.2.9');
    const signIn = await again.signIn('reseller', 'suspended@example.com');
    expect(message<{ next: string }>(signIn).next).toBe('/home');
    // One commission, on the amount net of tax; nothing for the refused attempt.
    const commissions = await t.db
      .selectFrom('partner_commissions')
      .select(['base_amount_minor', 'commission_minor', 'status'])
      .where('referral_id', '=', referralId)
      .execute();
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({ base_amount_minor: 4_999, status: 'pending' });
    expect(commissions[0]?.commission_minor).toBeGreaterThan(0);
  });
});

describe('Upgrade', () => {
  let accountId: string;
  beforeEach(async () => {
    accountId = await accountIdOf('reseller@example.com');
    // A 30-day month term with 20 days left.
    const now = nowIso();
    await t.db
      .updateTable('reseller_accounts')
      .set({ start_date: addDays(now, -10), end_date: addDays(now, 20) })
      .where('id', '=', accountId)
      .execute();
  });

  it('lists the current plan and the options', async () => {
    const agent = await signedIn('reseller@example.com');
    const details = message<{
      currentPlan: { code: string };
      term: string;
      options: { code: string }[];
    }>(await agent.get('/rpc-api/reseller/ecom/upgradeDetails'));
    expect(details.currentPlan.code).toBe('BR-100');
    expect(details.term).toBe('month');
    expect(details.options.map((option) => option.code)).toEqual([
      'BR-100',
      'BR-250',
      'BR-500',
      'BR-1000',
    ]);
  });

  it('prorates the difference for the rest of the month with sales tax', async () => {
    const agent = await signedIn('reseller@example.com');
    const response = await agent.get('/rpc-api/reseller/ecom/proAmtUpg', { planCode: 'BR-250' });
    expect(response.statusCode).toBe(200);
    // (349.99 - 149.99) x 20 / 30 = 133.33; CA 7.25 % = 9.67.
    expect(message<ProratedAmount>(response)).toMatchObject({
      remainingDays: 20,
      totalDays: 30,
      subtotalMinor: 13_333,
      taxMinor: 967,
      totalMinor: 14_300,
      rateBp: 725,
      taxLabel: 'Sales Tax (CA) 7.25%',
    });
  });

  it.each([
    ['BR-50', 'month', 'You cannot downgrade an account to a lower subscription plan'],
    ['BR-100', 'month', 'You are already subscribed to this plan'],
    ['BR-9000', 'month', 'The plan you are trying to subscribe to does not exist'],
  ])('refuses %s with the spec text', async (planCode, term, text) => {
    const agent = await signedIn('reseller@example.com');
    const preview = await agent.get('/rpc-api/reseller/ecom/proAmtUpg', { planCode, term });
    expect(errorOf(preview)?.message).toBe(text);
    const pay = await agent.post('/rpc-api/reseller/ecom/continueUpg', { planCode, term });
    expect(errorOf(pay)?.message).toBe(text);
  });

  it('a yearly plan cannot move to a monthly term', async () => {
    const agent = await signedIn('eu@example.com');
    const preview = await agent.get('/rpc-api/reseller/ecom/proAmtUpg', {
      planCode: 'BR-100',
      term: 'month',
    });
    expect(errorOf(preview)?.message).toBe(
      'You cannot downgrade an account to a lower subscription plan',
    );
  });

  it('a declined new card changes nothing; the card on file then upgrades', async () => {
    const agent = await signedIn('reseller@example.com');
    const before = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    const declined = await agent.post('/rpc-api/reseller/ecom/continueUpg', {
      planCode: 'BR-250',
      useCardOnFile: 'false',
      cardNumber: '4000000000000341',
      cvv: '123',
      expMonth: '12',
      expYear: goodCard.expYear,
      holder: 'Riley Morgan',
    });
    expect(declined.statusCode).toBe(402);
    expect(errorOf(declined)?.message).toBe(
      'There was an error in completing the payment. Check your credit card information and try again.',
    );
    const refused = await agent.post('/rpc-api/reseller/ecom/continueUpg', {
      planCode: 'BR-250',
      useCardOnFile: 'false',
      cardNumber: '4000000000000002',
      cvv: '123',
      expMonth: '12',
      expYear: goodCard.expYear,
      holder: 'Riley Morgan',
    });
    expect(errorOf(refused)?.message).toBe('Credit card could not be processed');
    const after = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    expect(after).toHaveLength(before.length);
    const billing = await t.db
      .selectFrom('billing_accounts')
      .innerJoin('plans', 'plans.id', 'billing_accounts.plan_id')
      .select(['plans.code', 'card_last4'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(billing.code).toBe('BR-100');

    const upgraded = await agent.post('/rpc-api/reseller/ecom/continueUpg', { planCode: 'BR-250' });
    expect(upgraded.statusCode).toBe(200);
    const result = message<{ text: string; invoiceId: string }>(upgraded);
    expect(result.text).toBe('Your account has been upgraded successfully');
    const invoice = message<InvoiceDetail>(
      await agent.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: result.invoiceId }),
    );
    expect(invoice).toMatchObject({
      status: 'PAID',
      subtotalMinor: 13_333,
      taxMinor: 967,
      totalMinor: 14_300,
    });
    const transactions = message<{ items: Transaction[] }>(
      await agent.get('/rpc-api/reseller/ecom/transactions'),
    ).items;
    expect(transactions.filter((item) => item.kind === 'failed')).toHaveLength(2);
    expect(transactions[0]).toMatchObject({ kind: 'charge', amountMinor: 14_300 });
    const again = await agent.post('/rpc-api/reseller/ecom/continueUpg', { planCode: 'BR-250' });
    expect(errorOf(again)?.message).toBe('You are already subscribed to this plan');
  });

  it('pays by invoice: the plan changes and an invoice is due', async () => {
    const agent = await signedIn('eu@example.com');
    const response = await agent.post('/rpc-api/reseller/ecom/continueInvoiceUpg', {
      planCode: 'BR-100',
    });
    expect(response.statusCode).toBe(200);
    const { invoiceId } = message<{ invoiceId: string }>(response);
    const invoice = message<InvoiceDetail>(
      await agent.get('/rpc-api/reseller/ecom/invoiceDetails', { invoiceID: invoiceId }),
    );
    expect(invoice.status).toBe('DUE');
    expect(invoice.taxLines[0]?.label).toBe('VAT (DE) 19%');
  });
});

describe('Tax', () => {
  it('VAT ID: rule book text, then reverse charge on the next invoice preview', async () => {
    const agent = await signedIn('eu@example.com');
    const bad = await agent.post('/rpc-api/reseller/vat/update', { vatid: 'DE1' });
    expect(errorOf(bad)?.message).toBe('Enter a valid VAT ID');
    const foreign = await agent.post('/rpc-api/reseller/vat/update', { vatid: 'FR12345678901' });
    expect(errorOf(foreign)?.message).toBe('Enter a valid VAT ID');
    let vat = message<{ isVatCountry: boolean; rateBp: number; isReverseCharge: boolean }>(
      await agent.get('/rpc-api/v1/fetchNexusVATDetails'),
    );
    expect(vat).toMatchObject({ isVatCountry: true, rateBp: 1900, isReverseCharge: false });
    const saved = await agent.post('/rpc-api/reseller/vat/update', { vatid: 'DE123456789' });
    expect(saved.statusCode).toBe(200);
    vat = message(await agent.get('/rpc-api/v1/fetchNexusVATDetails'));
    expect(vat.isReverseCharge).toBe(true);
    const preview = message<ProratedAmount>(
      await agent.get('/rpc-api/reseller/ecom/proAmtUpg', { planCode: 'BR-500' }),
    );
    expect(preview).toMatchObject({ taxMinor: 0, rateBp: 0, taxLabel: 'VAT reverse charge 0%' });
  });

  it('GSTIN only for India, with the rule book text', async () => {
    const agent = await signedIn('eu@example.com');
    const response = await agent.post('/rpc-api/reseller/gst/updateGSTNumber', { gstin: 'bad' });
    expect(errorOf(response)?.message).toBe('Enter a valid GSTIN');
    const gst = message<{ isGstCountry: boolean }>(await agent.get('/rpc-api/v1/fetchGSTDetails'));
    expect(gst.isGstCountry).toBe(false);
  });

  it('nexus and non-nexus states, and the ZIP check', async () => {
    const agent = await signedIn('reseller@example.com');
    const ny = message<{ hasNexus: boolean; rateBp: number }>(
      await agent.get('/rpc-api/v1/fetchNexusStateSalesTax', { state: 'NY' }),
    );
    expect(ny).toMatchObject({ hasNexus: true, rateBp: 400 });
    const oregon = message<{ hasNexus: boolean; rateBp: number }>(
      await agent.get('/rpc-api/v1/fetchNexusStateSalesTax', { state: 'OR' }),
    );
    expect(oregon).toMatchObject({ hasNexus: false, rateBp: 0 });
    const good = await agent.get('/rpc-api/validateUSAZipCode', { zip: '94105', state: 'CA' });
    expect(message<{ city: string }>(good).city).toBe('San Francisco');
    const bad = await agent.get('/rpc-api/validateUSAZipCode', { zip: '99999', state: 'CA' });
    expect(errorOf(bad)?.message).toBe('invalid zip code');
  });
});

describe('Auto-renewal job', () => {
  it('renews a due subscription once, however often it runs', async () => {
    const accountId = await accountIdOf('eu@example.com');
    const now = nowIso();
    await t.db
      .updateTable('reseller_accounts')
      .set({ end_date: addDays(now, -1), start_date: addDays(now, -366) })
      .where('id', '=', accountId)
      .execute();
    const count = async () =>
      (
        await t.db
          .selectFrom('transactions')
          .select('id')
          .where('account_id', '=', accountId)
          .where('kind', '=', 'charge')
          .execute()
      ).length;
    const before = await count();
    const [first, second] = await Promise.all([runRenewals(t.db), runRenewals(t.db)]);
    const third = await runRenewals(t.db);
    expect(first.renewed + second.renewed).toBe(1);
    expect(third.renewed).toBe(0);
    expect(await count()).toBe(before + 1);
    const account = await t.db
      .selectFrom('reseller_accounts')
      .select('end_date')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(account.end_date > now).toBe(true);
  });

  it('a failed renewal marks the account CCFAILEDACC with one pending charge', async () => {
    const agent = await signedIn('reseller@example.com');
    const accountId = await accountIdOf('reseller@example.com');
    await t.db
      .updateTable('billing_accounts')
      .set({ card_token: 'sbx_fail_test' })
      .where('account_id', '=', accountId)
      .execute();
    await t.db
      .updateTable('reseller_accounts')
      .set({ end_date: addDays(nowIso(), -1), account_status: 'A' })
      .where('id', '=', accountId)
      .execute();
    const report = await runRenewals(t.db);
    expect(report.failed).toBe(1);
    expect((await runRenewals(t.db)).failed).toBe(0);
    const info = message<BillingInfo>(await agent.get('/rpc-api/reseller/ecom/billingInfo'));
    expect(info.accountStatus).toBe('CCFAILEDACC');
    expect(info.pendingCharges).toHaveLength(1);
    expect(info.pendingCharges[0]?.isPastDue).toBe(false);
  });

  it('auto-renewal can be turned off and the renewal term changed', async () => {
    const agent = await signedIn('eu@example.com');
    const off = await agent.post('/rpc-api/reseller/autorenewal/enableAutoRenewal', {
      enable: 'false',
    });
    expect(message<{ autoRenew: boolean }>(off).autoRenew).toBe(false);
    const term = await agent.post('/rpc-api/reseller/autorenewal/updateRenewDetails', {
      renewTerm: 'month',
    });
    expect(message<{ renewTerm: string }>(term).renewTerm).toBe('month');
    const bad = await agent.post('/rpc-api/reseller/autorenewal/updateRenewDetails', {
      renewTerm: 'week',
    });
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * The sandbox, holding each charge until a second one is asked for, so two calls both read the
 * account before either writes (the race of a double click); it keeps the money moved.
 */
function pairedGateway() {
  const sandbox = createSandboxGateway();
  const charged = new Map<string, number>();
  const refunded: number[] = [];
  let held: (() => void)[] = [];
  const gateway: PaymentGateway = {
    name: 'paired sandbox',
    tokenize: (card, now) => sandbox.tokenize(card, now),
    async charge(request) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length === 2) {
          for (const release of held) release();
          held = [];
        }
        // A lone charge is not held for ever.
        setTimeout(resolve, 2_000);
      });
      const result = await sandbox.charge(request);
      // The same idempotency key answers the same reference: one charge, however often asked.
      if (result.ok) charged.set(result.reference, request.amountMinor);
      return result;
    },
    async refund(request) {
      const result = await sandbox.refund(request);
      if (result.ok) refunded.push(request.amountMinor);
      return result;
    },
    findCharge: (key) => sandbox.findCharge(key),
  };
  const sum = (amounts: Iterable<number>) => [...amounts].reduce((total, n) => total + n, 0);
  return { gateway, netMinor: () => sum(charged.values()) - sum(refunded) };
}

describe('Two payments at once (a double click, two tabs)', () => {
  let paired: ReturnType<typeof pairedGateway>;
  beforeEach(() => {
    paired = pairedGateway();
    setPaymentGateway(paired.gateway);
  });
  afterEach(() => {
    setPaymentGateway(undefined);
  });

  const chargesOf = (invoiceId: string) =>
    t.db
      .selectFrom('transactions')
      .select('amount_minor')
      .where('invoice_id', '=', invoiceId)
      .where('kind', '=', 'charge')
      .execute();

  it('pay a pending charge once: one charge, one payment recorded, both answered', async () => {
    const accountId = await accountIdOf('leaving@example.com');
    const { invoiceId } = await insertPendingCharge(t.db, accountId, 2_000);
    const [first, second] = [
      await signedIn('leaving@example.com'),
      await signedIn('leaving@example.com'),
    ];
    const answers = await Promise.all([
      first.post('/rpc-api/reseller/v1_ecom/payPendingCharge'),
      second.post('/rpc-api/reseller/v1_ecom/payPendingCharge'),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await chargesOf(invoiceId)).toEqual([{ amount_minor: 2_000 }]);
    expect(paired.netMinor()).toBe(2_000);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('account_id', '=', accountId)
      .where('action', '=', 'billing.pending.paid')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('upgrade once: one plan change, one invoice, and the second charge given back', async () => {
    const accountId = await accountIdOf('leaving@example.com');
    const [first, second] = [
      await signedIn('leaving@example.com'),
      await signedIn('leaving@example.com'),
    ];
    const answers = await Promise.all([
      first.post('/rpc-api/reseller/ecom/continueUpg', { planCode: 'BR-50' }),
      second.post('/rpc-api/reseller/ecom/continueUpg', { planCode: 'BR-50' }),
    ]);
    const [won, lost] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(won?.statusCode).toBe(200);
    expect(lost && errorOf(lost)?.message).toBe('You are already subscribed to this plan');
    const upgrades = await t.db
      .selectFrom('invoices')
      .select(['id', 'total_minor'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'upgrade')
      .execute();
    expect(upgrades).toHaveLength(1);
    const [upgrade] = upgrades;
    expect(await chargesOf(upgrade?.id ?? '')).toEqual([{ amount_minor: upgrade?.total_minor }]);
    expect(paired.netMinor()).toBe(upgrade?.total_minor);
  });
});
