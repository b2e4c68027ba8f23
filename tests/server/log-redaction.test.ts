import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/plugins/log-redaction';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';
import { invitationLinkFromOutbox, mailsTo } from './helpers/outbox';

/*
 * Full flows with the logger on at info: every secret seen on the way (reset token, invitation
 * id, passwords, cookies, CSRF token, API key) must be absent from every log line.
 */

let t: TestApp;
let log = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(() => t.close());

/** The newest outbox mail to `to`. */
function lastMailTo(to: string): string {
  const mail = mailsTo(t.config.dataDir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

const secrets = new Set<string>();
function remember(agent: Agent) {
  for (const value of agent.cookies.values()) if (value.length >= 16) secrets.add(value);
}

describe('server logs hold no secrets', () => {
  it('redacts secret query parameters and keeps the rest', () => {
    expect(redactUrl('/rpc-api/reset_password/check?token=abc123&lang=en')).toBe(
      '/rpc-api/reset_password/check?token=%5BREDACTED%5D&lang=en',
    );
    expect(redactUrl('/rpc-app/reseller/addUser?unique_id=u1&email=a%40b.c')).toContain(
      'unique_id=%5BREDACTED%5D',
    );
    expect(redactUrl('/rpc-api/health')).toBe('/rpc-api/health');
  });

  it('after a forgot-password flow and an invitation flow, on every line', async () => {
    // Forgot password, the link checked and used.
    const visitor = new Agent(t.app, '198.51.100.61');
    await visitor.csrf();
    expect(
      (await visitor.post('/rpc-api/forgot_password', { email: 'trial@example.com' })).statusCode,
    ).toBe(200);
    const token = /reset_password\?token=([\w-]+)/.exec(lastMailTo('trial@example.com'))?.[1] ?? '';
    expect(token.length).toBeGreaterThan(16);
    secrets.add(token);
    expect((await visitor.get('/rpc-api/reset_password/check', { token })).statusCode).toBe(200);
    // The console's own page, which the mail links to, logs its URL too.
    await visitor.get('/rpc-app/reseller/reset_password', { token });
    const newPassword = 'Fresh@Secret9';
    secrets.add(newPassword);
    const reset = await visitor.post('/rpc-api/reset_password', {
      token,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    remember(visitor);

    // An invitation sent, checked, and accepted.
    const admin = new Agent(t.app, '198.51.100.62');
    expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    secrets.add('Demo@1234');
    remember(admin);
    const invite = await admin.post('/rpc-api/reseller/user/invite', {
      email: 'logged.invitee@example.com',
      allotedComputers: '1',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const link = new URL(invitationLinkFromOutbox(t.config.dataDir, 'logged.invitee@example.com'));
    const uniqueId = link.searchParams.get('unique_id') ?? '';
    secrets.add(uniqueId);
    const invitee = new Agent(t.app, '198.51.100.63');
    await invitee.csrf();
    await invitee.get(`${link.pathname}${link.search}`);
    const check = await invitee.get('/rpc-api/reseller/invite/check', {
      unique_id: uniqueId,
      email: 'logged.invitee@example.com',
    });
    expect(check.statusCode).toBe(200);
    const invitedPassword = 'Invited@Secret7';
    secrets.add(invitedPassword);
    const signup = await invitee.post('/rpc-api/reseller/invitedUserSignup', {
      uniqueId,
      firstName: 'Lo',
      lastName: 'Gged',
      invitedUserEmailId: 'logged.invitee@example.com',
      password: invitedPassword,
      allotedComputers: '1',
      dcFlag: 'VA',
    });
    expect(signup.statusCode, signup.body).toBe(200);
    remember(invitee);

    // The API key, viewed and used.
    const key =
      (
        await admin.post('/rpc-api/reseller/config/token/generate', {
          password: 'Demo@1234',
        })
      ).json<{ message: { token: string }[] }>().message[0]?.token ?? '';
    expect(key).toMatch(/^rsk_/);
    secrets.add(key);
    await t.app.inject({ url: '/reseller-api/v1/account', headers: { 'x-api-key': key } });

    const lines = log.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('/rpc-api/reset_password/check');
    const leaks = [...secrets].filter((secret) => secret && log.includes(secret));
    expect(leaks).toEqual([]);
  });
});
