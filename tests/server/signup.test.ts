import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf, expectRefusal } from './helpers/agent';
import { solveCaptcha } from './helpers/captcha';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // A small proof of work keeps the tests quick; the widget's real work is the same code path.
  t = await createTestApp({ CAPTCHA_WORK: '20' });
});
afterAll(() => t.close());

let next = 0;
/** Each agent its own address: signup is limited per address. */
async function visitor() {
  next += 1;
  const agent = new Agent(t.app, `198.51.100.${String(next)}`);
  await agent.csrf();
  return agent;
}

const account = (overrides: Record<string, string> = {}) => ({
  firstName: 'Alex',
  lastName: 'Stone',
  companyName: 'Stone Remote IT',
  email: `alex.${String(Date.now())}.${String(Math.random()).slice(2, 8)}@stone-it.example.com`,
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  ...overrides,
});

const paid = (overrides: Record<string, string> = {}) =>
  account({
    planCode: 'BR-50',
    term: 'year',
    cardNumber: '4242424242424242',
    cvv: '123',
    expMonth: '12',
    expYear: String(new Date().getFullYear() + 2),
    holder: 'Alex Stone',
    address1: '1 Harbour Street',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    country: 'US',
    ...overrides,
  });

function mailTo(to: string): string {
  const outbox = path.join(t.config.dataDir, 'outbox');
  return (
    fs
      .readdirSync(outbox)
      .sort()
      .map((f) =>
        fs
          .readFileSync(path.join(outbox, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((m) => m.includes(to))
      .at(-1) ?? ''
  );
}

const countUsers = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('free trial signup', () => {
  it('creates the account on a 14-day trial, signs in, mails the verification link', async () => {
    const agent = await visitor();
    const form = account();
    const response = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...form,
      altcha: await solveCaptcha(agent),
    });
    expect(response.statusCode).toBe(200);
    const message = response.json<{ message: { next: string; text: string } }>().message;
    expect(message.next).toBe('/home');
    expect(message.text).toBe(
      `We sent a link to ${form.email}. Open it to verify your e-mail address.`,
    );

    const info = await agent.get('/rpc-api/reseller/user_info');
    expect(info.statusCode).toBe(200);
    const user = info.json<{
      message: { subscription_info: { type: string; trialDaysLeft: string; plan_name: string } };
    }>().message;
    expect(user.subscription_info).toMatchObject({
      type: 'FREE_TRIAL',
      trialDaysLeft: '14',
      plan_name: 'Bulk Reseller',
    });

    // The link verifies the address once; the second click is an expired link.
    const mail = mailTo(form.email);
    const token = /registration\/verify\?token=([\w-]+)/.exec(mail)?.[1] ?? '';
    expect(token).not.toBe('');
    const stranger = await visitor();
    const verified = await stranger.post('/rpc-api/reseller/registration/process', { token });
    expect(verified.json<{ message: { text: string } }>().message.text).toBe(
      'Your e-mail address has been verified',
    );
    const again = await stranger.post('/rpc-api/reseller/registration/process', { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'This verification link has expired or has already been used',
    });
    const row = await t.db
      .selectFrom('users')
      .select(['email_verified_at', 'password_hash'])
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.password_hash).not.toContain('Strong@123');

    // The activity log has the signup and the verification.
    const log = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', form.email)
      .execute();
    expect(log.map((entry) => entry.action).sort()).toEqual([
      'account.email.verified',
      'account.signup.trial',
    ]);
  });

  it('a registered e-mail is refused, in any case, and nothing is written', async () => {
    const agent = await visitor();
    const before = await countUsers();
    const response = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...account({ email: 'RESELLER@example.com' }),
      altcha: await solveCaptcha(agent),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      message: 'An account is already registered with this email address',
      field: 'email',
    });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name cannot be blank'],
    [{ lastName: '' }, 'lastName', 'Last name cannot be blank'],
    [{ companyName: '' }, 'companyName', 'Enter company name'],
    [{ email: '' }, 'email', 'Email cannot be blank'],
    [{ email: 'alex@' }, 'email', 'Enter a valid email address'],
    [{ password: '' }, 'password', 'Password cannot be blank'],
    [
      { password: 'abc', confirmPassword: 'abc' },
      'password',
      'Password should be between 6 - 20 characters',
    ],
    [
      { confirmPassword: 'Other@123' },
      'confirmPassword',
      'New Password and Confirm Password should match',
    ],
    [
      { password: 'password', confirmPassword: 'password' },
      'password',
      "Password cannot be 'password'",
    ],
  ])('%o → %s: "%s"', async (overrides, field, message) => {
    const agent = await visitor();
    const before = await countUsers();
    const response = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...account(overrides),
      altcha: await solveCaptcha(agent),
    });
    expectRefusal(response);
    expect(errorOf(response)).toMatchObject({ message, field });
    expect(await countUsers()).toBe(before);
  });
});

describe('the captcha', () => {
  it('missing: "Please verify captcha"', async () => {
    const agent = await visitor();
    const response = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', account());
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ message: 'Please verify captcha', field: 'altcha' });
  });

  it('forged or tampered: INVALID_CAPTCHA "Captcha verification failed"', async () => {
    const agent = await visitor();
    const good = JSON.parse(Buffer.from(await solveCaptcha(agent), 'base64').toString()) as {
      solution: { counter: number };
    };
    good.solution.counter += 1;
    for (const altcha of [
      'not base64 json',
      Buffer.from(JSON.stringify(good)).toString('base64'),
    ]) {
      const response = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
        ...account(),
        altcha,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        description: 'INVALID_CAPTCHA',
        message: 'Captcha verification failed',
      });
    }
  });

  it('one solution opens one door: the replay is refused', async () => {
    const agent = await visitor();
    const altcha = await solveCaptcha(agent);
    const first = await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...account(),
      altcha,
    });
    expect(first.statusCode).toBe(200);
    const other = await visitor();
    const replay = await other.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...account(),
      altcha,
    });
    expect(errorOf(replay)?.description).toBe('INVALID_CAPTCHA');
  });

  it('without the CSRF header the signup is refused before anything else', async () => {
    const agent = await visitor();
    const response = await agent.post(
      '/rpc-api/reseller/freeRBSTrialSignup',
      { ...account(), altcha: await solveCaptcha(agent) },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });

  it('is rate limited per address', async () => {
    const agent = await visitor();
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (await agent.post('/rpc-api/reseller/freeRBSTrialSignup', account())).statusCode;
    }
    expect(last).toBe(429);
  });

  it('the Chromebook check: solve with a session id, the app polls the pass', async () => {
    const agent = await visitor();
    const session = 'app-session-0123456789abcdef';
    const before = await agent.get('/rpc-api/chromebook/captcha/verify/response', { session });
    expect(before.json<{ message: { verified: boolean } }>().message.verified).toBe(false);
    const missing = await agent.post('/rpc-api/chromebook/captcha/verify', { session });
    expect(errorOf(missing)?.message).toBe('Please verify captcha');
    const bad = await agent.post('/rpc-api/chromebook/captcha/verify', { session, altcha: 'x' });
    expect(errorOf(bad)?.description).toBe('INVALID_CAPTCHA');
    const verified = await agent.post('/rpc-api/chromebook/captcha/verify', {
      session,
      altcha: await solveCaptcha(agent),
    });
    expect(verified.statusCode).toBe(200);
    const after = await agent.get('/rpc-api/chromebook/captcha/verify/response', { session });
    expect(after.json<{ message: { verified: boolean } }>().message.verified).toBe(true);
    const noSession = await agent.get('/rpc-api/chromebook/captcha/verify/response', {
      session: 'short',
    });
    expect(errorOf(noSession)?.message).toBe('Open this page from the app to verify');
  });
});

describe('paid signup', () => {
  it('charges the first year with tax, then creates a PAID account with its invoice', async () => {
    const agent = await visitor();
    const form = paid();
    const response = await agent.post('/rpc-api/reseller/paidRBSSignup', {
      ...form,
      altcha: await solveCaptcha(agent),
    });
    expect(response.statusCode).toBe(200);
    const info = await agent.get('/rpc-api/reseller/ecom/billingInfo');
    expect(info.statusCode).toBe(200);
    const billing = info.json<{
      message: { plan: { code: string }; card: { last4: string }; state: string };
    }>().message;
    expect(billing.plan.code).toBe('BR-50');
    expect(billing.card.last4).toBe('4242');
    const invoices = await agent.get('/rpc-api/reseller/ecom/invoices');
    expect(invoices.body).toContain('PAID');
    const row = await t.db
      .selectFrom('reseller_accounts as a')
      .innerJoin('users as u', 'u.account_id', 'a.id')
      .select(['a.subscription_type', 'a.payment_mode'])
      .where('u.email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_type: 'PAID', payment_mode: 'CARD' });
    expect(mailTo(form.email)).toContain('your first term is paid');
  });

  it.each([
    ['a card declined when saved', { cardNumber: '4000000000000002' }],
    ['a card that fails the charge', { cardNumber: '4000000000000341' }],
  ])('%s: the decline text, and no account at all', async (_name, overrides) => {
    const agent = await visitor();
    const before = await countUsers();
    const response = await agent.post('/rpc-api/reseller/paidRBSSignup', {
      ...paid(overrides),
      altcha: await solveCaptcha(agent),
    });
    expect(response.statusCode).toBe(402);
    expect(errorOf(response)?.description).toBe('PAYMENT_DECLINED');
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ planCode: '' }, 'planCode', 'Select a plan'],
    [{ state: 'ZZ' }, 'state', 'Select a state/province/region'],
    [{ zip: '10001' }, 'zip', 'invalid zip code'],
    [{ cardNumber: '' }, 'cardNumber', undefined],
  ])('%o → %s', async (overrides, field, message) => {
    const agent = await visitor();
    const before = await countUsers();
    const response = await agent.post('/rpc-api/reseller/paidRBSSignup', {
      ...paid(overrides),
      altcha: await solveCaptcha(agent),
    });
    expectRefusal(response);
    expect(errorOf(response)?.field).toBe(field);
    if (message) expect(errorOf(response)?.message).toBe(message);
    expect(await countUsers()).toBe(before);
  });
});

describe('partner referral', () => {
  it("a partner's tracking link makes the paid signup a referred customer whose payment counts", async () => {
    const agent = await visitor();
    const click = await agent.get('/ref/rpc/demopartner');
    expect(click.statusCode).toBe(302);
    expect(agent.cookies.has('rpc_ref')).toBe(true);
    const form = paid({ planCode: 'BR-25' });
    const response = await agent.post('/rpc-api/reseller/paidRBSSignup', {
      ...form,
      altcha: await solveCaptcha(agent),
    });
    expect(response.statusCode).toBe(200);
    const referral = await t.db
      .selectFrom('partner_referrals as r')
      .innerJoin('partners as p', 'p.id', 'r.partner_id')
      .select(['r.id', 'p.partner_id', 'r.customer_email'])
      .where('r.customer_email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(referral.partner_id).toBe('demopartner');
    const payments = await t.db
      .selectFrom('partner_referral_payments')
      .select('id')
      .where('referral_id', '=', referral.id)
      .execute();
    expect(payments).toHaveLength(1);

    // Unconfirmed in the partner's list until the mailed link is opened.
    const confirmed = async () =>
      (
        await t.db
          .selectFrom('partner_referrals')
          .select('is_confirmed')
          .where('id', '=', referral.id)
          .executeTakeFirstOrThrow()
      ).is_confirmed;
    expect(await confirmed()).toBe(0);
    const token = /registration\/verify\?token=([\w-]+)/.exec(mailTo(form.email))?.[1] ?? '';
    await agent.post('/rpc-api/reseller/registration/process', { token });
    expect(await confirmed()).toBe(1);
  });

  it('without the cookie nobody is credited', async () => {
    const agent = await visitor();
    const form = account();
    await agent.post('/rpc-api/reseller/freeRBSTrialSignup', {
      ...form,
      altcha: await solveCaptcha(agent),
    });
    const referral = await t.db
      .selectFrom('partner_referrals')
      .select('id')
      .where('customer_email', '=', form.email)
      .executeTakeFirst();
    expect(referral).toBeUndefined();
  });
});

describe('signup options', () => {
  it('lists the trial length, the plans and the countries', async () => {
    const response = await t.app.inject({ url: '/rpc-api/reseller/signup' });
    const message = response.json<{
      message: { trialDays: number; plans: { code: string }[]; countries: unknown[] };
    }>().message;
    expect(message.trialDays).toBe(14);
    expect(message.plans.map((plan) => plan.code)).toContain('BR-50');
    expect(message.countries.length).toBeGreaterThan(100);
  });
});
