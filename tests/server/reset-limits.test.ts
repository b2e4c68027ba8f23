import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAILS_PER_HOUR } from '../../server/services/reseller-account/password-reset';
import { Agent } from './helpers/agent';
import { mailsTo as mailsIn } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A stranger cannot block someone's password reset: requests are limited per address (and per
 * address and e-mail), mails per person only as they are really sent. Sign-in has an hourly
 * ceiling per address across every account (credential stuffing).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_IP_HOURLY: '8', SIGNIN_LIMIT_PER_IP: '100' });
});
afterAll(() => t.close());

const mailsTo = (to: string) => mailsIn(t.config.dataDir, to).length;

async function visitor(ip: string) {
  const agent = new Agent(t.app, ip);
  await agent.csrf();
  return agent;
}

describe.each([
  ['reseller', '/rpc-api/forgot_password', { email: 'trial@example.com' }, 'trial@example.com'],
  [
    'partner',
    '/rpc-api/partner/forgotPasswordLink',
    { emailId: 'newpartner@example.com' },
    'newpartner@example.com',
  ],
])('%s forgot password', (_kind, url, form, inbox) => {
  it("a stranger's requests do not stop the owner asking from their own address", async () => {
    const stranger = await visitor('203.0.113.21');
    for (let i = 0; i < 3; i += 1) expect((await stranger.post(url, form)).statusCode).toBe(200);
    expect((await stranger.post(url, form)).statusCode).toBe(429);
    const before = mailsTo(inbox);
    const owner = await visitor('198.51.100.140');
    expect((await owner.post(url, form)).statusCode).toBe(200);
    expect(mailsTo(inbox)).toBe(before + 1);
  });

  it('mails to one person are capped as they are sent, with the same answer past the cap', async () => {
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i += 1) {
      const agent = await visitor(`203.0.113.${String(30 + i)}`);
      expect((await agent.post(url, form)).statusCode).toBe(200);
    }
    expect(mailsTo(inbox)).toBe(RESET_MAILS_PER_HOUR);
  });
});

describe('sign-in', () => {
  it('an address trying many accounts meets an hourly ceiling, whatever the accounts', async () => {
    const stuffer = await visitor('203.0.113.50');
    const answers: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await stuffer.post('/rpc-api/reseller/user_signin', {
        username: `person${String(i)}@example.com`,
        password: 'Guess@1234',
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(answers[8]).toBe(429);
    // Another address is not affected.
    const office = await visitor('198.51.100.150');
    expect((await office.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  });
});
