import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCommission } from '../../src/domain/api/partner-reports';
import { attributeSignup, recordClick } from '../../server/services/partners/referrals';
import { Agent, errorOf } from './helpers/agent';
import { addressesFrom, signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.7.0.');

const signedIn = (login: string, password?: string) =>
  signedInAgent(t.app, 'reseller', login, { password, ip: nextIp() });

/** The newest outbox mail to `address` (mail is written to DATA_DIR/outbox without SMTP). */
function lastMailTo(address: string): string {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const texts = fs
    .readdirSync(outbox)
    .sort()
    // Unfold quoted-printable soft line breaks so sentences can be matched whole.
    .map((file) =>
      fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => new RegExp(`^To: .*${address}`, 'mi').test(text));
  return texts.at(-1) ?? '';
}

const confirmToken = (mail: string) => /confirmEmail\?token=([\w-]+)/.exec(mail)?.[1] ?? '';

const text = (response: LightMyRequestResponse) =>
  response.json<{ message: { text: string } }>().message.text;

/** The e-mail and username now held by the user who signed up as `login`. */
async function addressesOf(login: string) {
  const created = await t.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login)]))
    .executeTakeFirstOrThrow();
  return t.db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', created.id)
    .executeTakeFirstOrThrow();
}
const emailOf = async (login: string) => (await addressesOf(login)).email;

describe('e-mail change (/reseller/account/change/email)', () => {
  const url = '/rpc-api/reseller/account/change/email';

  it('mails a link to the new address, tells the old one, and changes on confirmation', async () => {
    const agent = await signedIn('morgan.khan11@acme-remote.example.com');
    const response = await agent.post(url, {
      email: 'Morgan.New@Example.com',
      password: 'Demo@1234',
    });
    expect(response.statusCode).toBe(200);
    expect(text(response)).toBe(
      'We sent a confirmation link to morgan.new@example.com. Your e-mail address changes when you open it.',
    );
    expect(lastMailTo('morgan.khan11@acme-remote.example.com')).toContain(
      'asked to change its e-mail address to morgan.new@example.com',
    );
    // Nothing changes before the link is opened; the profile shows the pending address.
    expect(await emailOf('morgan.khan11@acme-remote.example.com')).toBe(
      'morgan.khan11@acme-remote.example.com',
    );
    const profile = await agent.get('/rpc-api/reseller/account/get');
    expect(profile.json<{ message: { pendingEmail: string } }>().message.pendingEmail).toBe(
      'morgan.new@example.com',
    );

    const token = confirmToken(lastMailTo('morgan.new@example.com'));
    expect(token).not.toBe('');
    const stranger = new Agent(t.app, nextIp());
    await stranger.csrf();
    const confirmed = await stranger.post(`${url}/confirm`, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(text(confirmed)).toBe('Your e-mail address is now morgan.new@example.com.');
    // The username was the old address: it follows, so the old address no longer signs in.
    expect(await addressesOf('morgan.new@example.com')).toEqual({
      email: 'morgan.new@example.com',
      username: 'morgan.new@example.com',
    });
    const oldLogin = await new Agent(t.app, nextIp()).signIn(
      'reseller',
      'morgan.khan11@acme-remote.example.com',
    );
    expect(oldLogin.statusCode).toBe(401);
    expect(
      (await new Agent(t.app, nextIp()).signIn('reseller', 'morgan.new@example.com')).statusCode,
    ).toBe(200);

    // The link works once.
    const again = await stranger.post(`${url}/confirm`, { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'This e-mail confirmation link has expired or has already been used.',
    });
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'email.changed')
      .execute();
    expect(log).toContainEqual({ action: 'email.changed', target: 'morgan.new@example.com' });
  });

  it('refuses a blank or malformed address, a wrong password and a taken address', async () => {
    const agent = await signedIn('logan.diaz10@acme-remote.example.com');
    const blank = await agent.post(url, { email: ' ', password: 'Demo@1234' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toMatchObject({ message: 'Email cannot be blank', field: 'email' });
    const malformed = await agent.post(url, { email: 'parker@', password: 'Demo@1234' });
    expect(errorOf(malformed)).toMatchObject({ message: 'Enter a valid email address' });
    const noPassword = await agent.post(url, { email: 'p@example.com', password: '' });
    expect(errorOf(noPassword)).toMatchObject({
      message: 'Password cannot be blank',
      field: 'password',
    });
    const wrong = await agent.post(url, { email: 'p@example.com', password: 'Wrong@1234' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ message: 'Incorrect password', field: 'password' });
    const taken = await agent.post(url, { email: 'reseller@example.com', password: 'Demo@1234' });
    expect(errorOf(taken)).toMatchObject({
      message: 'Email address already exists',
      field: 'email',
    });
    const same = await agent.post(url, {
      email: 'logan.diaz10@acme-remote.example.com',
      password: 'Demo@1234',
    });
    expect(errorOf(same)).toMatchObject({ message: 'Email address already exists' });
    const pending = await t.db
      .selectFrom('email_changes')
      .innerJoin('users', 'users.id', 'email_changes.user_id')
      .select('email_changes.id')
      .where('users.username', '=', 'logan.diaz10@acme-remote.example.com')
      .execute();
    expect(pending).toHaveLength(0);
  });

  it('resends a fresh link (the old one stops working) and cancels', async () => {
    const agent = await signedIn('subadmin@example.com');
    await agent.post(url, { email: 'subadmin.next@example.com', password: 'Demo@1234' });
    const first = confirmToken(lastMailTo('subadmin.next@example.com'));
    const resent = await agent.post(`${url}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(text(resent)).toBe('We sent a new confirmation link to subadmin.next@example.com.');
    const second = confirmToken(lastMailTo('subadmin.next@example.com'));
    expect(second).not.toBe(first);
    const stale = await agent.post(`${url}/confirm`, { token: first });
    expect(stale.statusCode).toBe(400);

    const cancelled = await agent.post(`${url}/cancel`);
    expect(text(cancelled)).toBe('Your e-mail change has been cancelled.');
    expect((await agent.post(`${url}/confirm`, { token: second })).statusCode).toBe(400);
    const nothing = await agent.post(`${url}/resend`);
    expect(nothing.statusCode).toBe(404);
    expect(errorOf(nothing)?.message).toBe('There is no e-mail change waiting for confirmation.');
    expect(await emailOf('subadmin@example.com')).toBe('subadmin@example.com');
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = new Agent(t.app, nextIp());
    await anonymous.csrf();
    const noSession = await anonymous.post(url, { email: 'x@example.com', password: 'Demo@1234' });
    expect(noSession.statusCode).toBe(401);
    const agent = await signedIn('trial@example.com');
    const noCsrf = await agent.post(
      url,
      { email: 'x@example.com', password: 'Demo@1234' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('cancellation (/reseller/ecom/cancelAccount)', () => {
  const url = '/rpc-api/reseller/ecom/cancelAccount';

  it('refuses a sub-admin and a sub-user (only the administrator cancels)', async () => {
    for (const login of ['subadmin@example.com', 'subuser@example.com']) {
      const agent = await signedIn(login);
      const response = await agent.post(url, { password: 'Demo@1234' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
    }
  });

  it('refuses a blank or wrong password, and while charges are pending', async () => {
    const agent = await signedIn('suspended@example.com');
    const blank = await agent.post(url, { password: ' ' });
    expect(errorOf(blank)).toMatchObject({
      message: 'Password cannot be blank',
      field: 'password',
    });
    const wrong = await agent.post(url, { password: 'Wrong@1234' });
    expect(errorOf(wrong)).toMatchObject({ message: 'Incorrect password', field: 'password' });
    const pending = await agent.post(url, { password: 'Demo@1234' });
    expect(pending.statusCode).toBe(400);
    expect(errorOf(pending)?.message).toBe(
      'You must pay the pending amount in order to cancel the account',
    );
    const account = await t.db
      .selectFrom('reseller_accounts')
      .innerJoin('users', 'users.account_id', 'reseller_accounts.id')
      .select('account_status')
      .where('users.email', '=', 'suspended@example.com')
      .executeTakeFirstOrThrow();
    expect(account.account_status).not.toBe('ACCOUNT_CANCELLED_STATUS');
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = new Agent(t.app, nextIp());
    await anonymous.csrf();
    expect((await anonymous.post(url, { password: 'Demo@1234' })).statusCode).toBe(401);
    const agent = await signedIn('trial@example.com');
    expect((await agent.post(url, { password: 'Demo@1234' }, { csrf: false })).statusCode).toBe(
      403,
    );
  });

  it('cancels, refunds the unused term, ends every session and blocks sign-in', async () => {
    // The account came through demopartner's referral link: the refund takes back its share.
    const { account_id: accountId } = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', 'eu@example.com')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const referralId = await attributeSignup(t.db, {
      cookie: await recordClick(t.db, 'rpc', 'demopartner', '203.0.113.7', now),
      resellerAccountId: accountId,
      customerName: 'EU Reseller',
      customerEmail: 'eu@example.com',
      now,
    });
    const agent = await signedIn('eu@example.com');
    const response = await agent.post(url, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    const answer = response.json<{
      message: { text: string; refundedMinor: number; currency: string };
    }>().message;
    expect(answer.text).toBe('Your account has been cancelled successfully');
    expect(answer.refundedMinor).toBeGreaterThan(0);
    const refund = await t.db
      .selectFrom('transactions')
      .innerJoin('users', 'users.account_id', 'transactions.account_id')
      .select(['kind', 'amount_minor'])
      .where('users.email', '=', 'eu@example.com')
      .where('kind', '=', 'refund')
      .where('description', '=', 'Refund on cancellation')
      .executeTakeFirstOrThrow();
    expect(refund.amount_minor).toBe(answer.refundedMinor);
    const takenBack = await t.db
      .selectFrom('partner_commissions')
      .select(['base_amount_minor', 'commission_minor'])
      .where('referral_id', '=', referralId ?? '')
      .executeTakeFirstOrThrow();
    expect(takenBack.base_amount_minor).toBeLessThan(0);
    expect(takenBack.commission_minor).toBe(
      -referralCommission(-takenBack.base_amount_minor, 2_000),
    );

    // The session that cancelled has ended, and nobody of the account can sign in again.
    expect((await agent.get('/rpc-api/reseller/account/get')).statusCode).toBe(401);
    const again = new Agent(t.app, nextIp());
    const signIn = await again.signIn('reseller', 'eu@example.com');
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn)?.message).toBe('You are trying to access a cancelled account');
    expect(lastMailTo('eu@example.com')).toContain('Your account has been cancelled successfully');
  });

  it('answers the refund variant when the card on file cannot take the refund', async () => {
    const account = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', 'reseller@example.com')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('billing_accounts')
      .set({ card_token: 'sbx_fail_test' })
      .where('account_id', '=', account.account_id)
      .execute();
    const admin = await signedIn('reseller@example.com');
    const subUser = await signedIn('subuser@example.com');
    const response = await admin.post(url, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      "Your account has been successfully cancelled. We're unable to process your refund, as your credit card details are invalid. Contact support.",
    );
    // Sub-users lose access at once.
    expect((await subUser.get('/rpc-api/reseller/account/get')).statusCode).toBe(401);
  });
});
