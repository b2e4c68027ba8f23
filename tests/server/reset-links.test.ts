import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { addressesFrom, signedInAgent } from './helpers/sign-in';
import { mailsTo } from './helpers/outbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A password reset or change voids every other reset link of that user, and ends every other
 * session (the session that changed the password may stay), for resellers and partners.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nextIp = addressesFrom('198.51.100.', 121);

/** Every reset token mailed to `to`, oldest first. */
const tokensMailedTo = (to: string, pattern: RegExp): string[] =>
  mailsTo(t.config.dataDir, to)
    .map((text) => pattern.exec(text)?.[1] ?? '')
    .filter(Boolean);

const signedIn = (kind: 'reseller' | 'partner', login: string, password: string) =>
  signedInAgent(t.app, kind, login, { password, ip: nextIp() });

const reseller = {
  email: 'trial@example.com',
  ask: (agent: Agent) => agent.post('/rpc-api/forgot_password', { email: 'trial@example.com' }),
  use: (agent: Agent, token: string, password: string) =>
    agent.post('/rpc-api/reset_password', {
      token,
      newPassword: password,
      confirmPassword: password,
    }),
  tokens: () => tokensMailedTo('trial@example.com', /reset_password\?token=([\w-]+)/),
};

const partner = {
  ask: (agent: Agent) =>
    agent.post('/rpc-api/partner/forgotPasswordLink', { emailId: 'newpartner@example.com' }),
  use: (agent: Agent, token: string, password: string) =>
    agent.post('/rpc-api/partner/resetpartner_password', {
      token,
      newPassword: password,
      confirmPassword: password,
    }),
  tokens: () => tokensMailedTo('newpartner@example.com', /resetpartner_password\?token=([\w-]+)/),
};

describe.each([
  ['reseller', reseller, 'reseller' as const, 'trial@example.com'],
  ['partner', partner, 'partner' as const, 'newpartner'],
])('%s', (_name, flow, kind, login) => {
  it('a reset through one link voids the other links and ends every session', async () => {
    const elsewhere = await signedIn(kind, login, 'Demo@1234');
    const visitor = new Agent(t.app, nextIp());
    await visitor.csrf();
    const before = flow.tokens().length;
    expect((await flow.ask(visitor)).statusCode).toBe(200);
    expect((await flow.ask(visitor)).statusCode).toBe(200);
    const [older, newer] = flow.tokens().slice(before);
    expect(older && newer).toBeTruthy();

    expect((await flow.use(visitor, newer ?? '', 'Reset@One23')).statusCode).toBe(200);
    const stale = await flow.use(visitor, older ?? '', 'Reset@Two23');
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale)?.description).toBe('expired_link');
    expect((await elsewhere.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(401);
  });

  it('a change while signed in voids outstanding links, ends the other sessions, keeps this one', async () => {
    const other = await signedIn(kind, login, 'Reset@One23');
    const me = await signedIn(kind, login, 'Reset@One23');
    const visitor = new Agent(t.app, nextIp());
    await visitor.csrf();
    const before = flow.tokens().length;
    expect((await flow.ask(visitor)).statusCode).toBe(200);
    const [pending] = flow.tokens().slice(before);

    const change =
      kind === 'reseller'
        ? await me.post('/rpc-api/reseller/account/change/password', {
            currentPassword: 'Reset@One23',
            newPassword: 'Changed@45x',
            confirmPassword: 'Changed@45x',
          })
        : await me.post('/rpc-api/partner/updatePartnerPassword', {
            currentPassword: 'Reset@One23',
            newPassword: 'Changed@45x',
            confirmPassword: 'Changed@45x',
          });
    expect(change.statusCode, change.body).toBe(200);
    const stale = await flow.use(visitor, pending ?? '', 'Thief@9999x');
    expect(errorOf(stale)?.description).toBe('expired_link');
    expect((await other.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(401);
    expect((await me.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(200);
  });
});
