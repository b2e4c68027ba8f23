import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/services/mail';
import { isDisabledForSupport, issueSupportOtp } from '../../server/services/support-otp';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function supportAgent(login = 'reseller@example.com', ip?: string) {
  const { code } = await issueSupportOtp(t.db, login);
  const agent = new Agent(t.app, ip);
  await agent.csrf();
  const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
    username: login,
    otp: code,
  });
  return { agent, response, code };
}

describe('support OTP sign-in', () => {
  it('signs a support agent in as the user with otpLogin true and the disabled list', async () => {
    const { agent, response } = await supportAgent();
    expect(response.statusCode).toBe(200);
    const info = (await agent.get('/rpc-api/reseller/user_info')).json<{
      message: { otpLogin: boolean; supportDisableUrls: string[] };
    }>();
    expect(info.message.otpLogin).toBe(true);
    expect(info.message.supportDisableUrls).toContain('/reseller/config/token/generate');
    const list = await agent.get('/rpc-api/api/private/support/otp/disabledUrls');
    expect(list.json<{ message: string[] }>().message).toEqual(info.message.supportDisableUrls);
  });

  it('records the sign-in in the activity log', async () => {
    await supportAgent();
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'support.otp.%')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['support.otp.issued', 'support.otp.signin']),
    );
  });

  it('accepts a code once only', async () => {
    const { code } = await supportAgent();
    const again = new Agent(t.app);
    await again.csrf();
    const response = await again.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.message).toBe('Entered OTP has expired or is incorrect');
  });

  it('refuses a code issued for another user', async () => {
    const { code } = await issueSupportOtp(t.db, 'subuser@example.com');
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a malformed code with VALIDATION_FAILED', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ description: 'VALIDATION_FAILED', field: 'otp' });
  });

  it('refuses the disabled list to anonymous callers', async () => {
    const response = await t.app.inject({ url: '/rpc-api/api/private/support/otp/disabledUrls' });
    expect(response.statusCode).toBe(401);
  });

  it('the server itself refuses a disabled URL to a support session, however the path is spelled', async () => {
    // Its own address: the sign-ins above have used up this file's default address's limit.
    const { agent, response: signIn } = await supportAgent('reseller@example.com', '198.51.100.77');
    expect(signIn.statusCode, signIn.body).toBe(200);
    // The decision reads the route that matched, so an encoded letter changes nothing.
    for (const url of [
      '/rpc-api/reseller/config/token/generate',
      '/rpc-api/reseller/config/token/%67enerate',
      '/%72pc-api/reseller/config/token/generate',
    ]) {
      const response = await agent.post(url, { password: 'Demo@1234' });
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
    }
    expect(isDisabledForSupport('/reseller/user/get')).toBe(false);
  });

  it('refuses a support session every change to how the account signs in, new routes included', () => {
    // A route added later in these areas fails here until it is on the list. Only calls made
    // with a reseller session (a support code opens one); reads stay open to the agent.
    const signInSettings = /\/(sso|sessions|twofa|account\/change|config\/token|trustedBrowsers)\b/;
    const missing = t.app.routeTable
      .filter((route) => route.method === 'POST' && route.policy?.access === 'reseller')
      .filter((route) => signInSettings.test(route.url) && !isDisabledForSupport(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });
});

describe('mail outbox', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox when no SMTP server is set', async () => {
    const mailer = createMailer(t.config, t.db);
    await mailer.send({ to: 'someone@example.com', subject: 'Hello there', text: 'Body text' });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const content = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(content).toContain('To: someone@example.com');
    expect(content).toContain('Subject: Hello there');
  });
});
