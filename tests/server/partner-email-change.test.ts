import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { mailsTo as mailsIn } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A partner's credential-like fields (the sign-in e-mail, the PayPal e-mail payouts go to) need
 * the current password; a new sign-in address waits for its link; the current address is told.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
async function partner(): Promise<Agent> {
  ip += 1;
  const agent = new Agent(t.app, `198.51.100.${String(70 + ip)}`);
  expect((await agent.signIn('partner', 'demopartner')).statusCode).toBe(200);
  return agent;
}

const mailsTo = (to: string) => mailsIn(t.config.dataDir, to);
const tokenIn = (mail: string) => /confirmEmail\?token=([\w%-]+)/.exec(mail)?.[1] ?? '';
const emailOf = async () =>
  await t.db
    .selectFrom('partners')
    .select(['email', 'paypal_email'])
    .where('partner_id', '=', 'demopartner')
    .executeTakeFirstOrThrow();
const UPDATE = '/rpc-api/partner/updatePartnerEditProfile';

describe('changing a partner e-mail', () => {
  it.each<[Record<string, string>, string]>([
    [{}, 'Enter your current password to change your email or PayPal email'],
    [{ currentPassword: 'Wrong@1234' }, 'Incorrect password'],
  ])('without the right password (%o) is refused and changes nothing', async (extra, message) => {
    const agent = await partner();
    const changes: Record<string, string>[] = [
      { emailId: 'thief@example.org' },
      { paypalEmailId: 'thief@example.org' },
    ];
    for (const change of changes) {
      const response = await agent.post(UPDATE, { ...change, ...extra });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ message, field: 'currentPassword' });
    }
    expect(await emailOf()).toMatchObject({ email: 'partner@example.com' });
    expect(mailsTo('thief@example.org')).toEqual([]);
  });

  it('with the password: the login stays the old address until the mailed link is followed, once', async () => {
    const agent = await partner();
    const before = mailsTo('partner@example.com').length;
    const response = await agent.post(UPDATE, {
      emailId: 'Renamed.Partner@Example.org',
      currentPassword: 'Demo@1234',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { message: string; pendingEmail: string } }>().message).toEqual(
      {
        changed: false,
        message:
          'We sent a confirmation link to renamed.partner@example.org. Your email changes when you open it.',
        pendingEmail: 'renamed.partner@example.org',
      },
    );
    expect((await emailOf()).email).toBe('partner@example.com');
    // The current address hears of it.
    const notices = mailsTo('partner@example.com').slice(before);
    expect(notices.some((mail) => mail.includes('renamed.partner@example.org'))).toBe(true);
    // The old address still signs in; the new one does not yet.
    expect(
      (await new Agent(t.app, '198.51.100.90').signIn('partner', 'partner@example.com')).statusCode,
    ).toBe(200);

    const token = decodeURIComponent(tokenIn(mailsTo('renamed.partner@example.org').at(-1) ?? ''));
    expect(token.length).toBeGreaterThan(16);
    const visitor = new Agent(t.app, '198.51.100.91');
    await visitor.csrf();
    const confirmed = await visitor.post('/rpc-api/partner/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<{ message: { message: string } }>().message.message).toBe(
      'Your email address is now renamed.partner@example.org.',
    );
    expect((await emailOf()).email).toBe('renamed.partner@example.org');
    expect(mailsTo('partner@example.com').at(-1)).toContain('is now renamed.partner@example.org');

    const again = await visitor.post('/rpc-api/partner/email/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'This email confirmation link has expired or has already been used.',
    });

    // Put the demo address back for the other tests (through the same path).
    const back = await partner();
    await back.post(UPDATE, { emailId: 'partner@example.com', currentPassword: 'Demo@1234' });
    const backToken = decodeURIComponent(tokenIn(mailsTo('partner@example.com').at(-1) ?? ''));
    expect(
      (await visitor.post('/rpc-api/partner/email/confirm', { token: backToken })).statusCode,
    ).toBe(200);
  });

  it('a newer request voids the older link; a made-up token confirms nothing', async () => {
    const agent = await partner();
    await agent.post(UPDATE, { emailId: 'first@example.org', currentPassword: 'Demo@1234' });
    const first = decodeURIComponent(tokenIn(mailsTo('first@example.org').at(-1) ?? ''));
    await agent.post(UPDATE, { emailId: 'second@example.org', currentPassword: 'Demo@1234' });
    const visitor = new Agent(t.app, '198.51.100.92');
    await visitor.csrf();
    for (const token of [first, 'not-a-real-token-0000000000']) {
      const response = await visitor.post('/rpc-api/partner/email/confirm', { token });
      expect(response.statusCode).toBe(400);
    }
    expect((await emailOf()).email).toBe('partner@example.com');
  });

  it('the PayPal (payout) address changes with the password, and the current address is told', async () => {
    const agent = await partner();
    const before = mailsTo('partner@example.com').length;
    const response = await agent.post(UPDATE, {
      paypalEmailId: 'payouts@example.org',
      currentPassword: 'Demo@1234',
    });
    expect(response.statusCode).toBe(200);
    expect((await emailOf()).paypal_email).toBe('payouts@example.org');
    const notice = mailsTo('partner@example.com').slice(before).at(-1) ?? '';
    expect(notice).toContain('PayPal email address for payouts');
  });

  it('other fields need no password', async () => {
    const agent = await partner();
    const response = await agent.post(UPDATE, { city: 'Sacramento' });
    expect(response.statusCode).toBe(200);
  });
});
