import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '../../server/services/passwords';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Timing must not tell who has an account: a known login with a wrong password, an unknown
 * login and a login that cannot sign in yet (an invitation not accepted) cost the same work.
 * Asserted as work done (password checks, mail off the answer's path), not as time measured.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = new Agent(t.app, '198.51.100.170');
  expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  const invite = await admin.post('/rpc-api/reseller/user/invite', {
    email: 'not.yet@example.com',
    allotedComputers: '0',
  });
  expect(invite.statusCode, invite.body).toBe(200);
});
afterAll(() => t.close());

let ip = 0;
async function checksFor(kind: 'reseller' | 'partner', login: string) {
  ip += 1;
  const agent = new Agent(t.app, `203.0.113.${String(100 + ip)}`);
  await agent.csrf();
  const before = passwordChecks.count;
  const response = await agent.post(`/rpc-api/${kind}/user_signin`, {
    username: login,
    password: 'Wrong@Guess1',
  });
  expect(response.statusCode).toBe(401);
  return passwordChecks.count - before;
}

describe('sign-in does one password check whoever the login names', () => {
  it.each([
    ['reseller', 'reseller@example.com'],
    ['reseller', 'nobody.here@example.com'],
    ['reseller', 'not.yet@example.com'],
    ['partner', 'demopartner'],
    ['partner', 'no-such-partner'],
  ] as const)('%s %s', async (kind, login) => {
    expect(await checksFor(kind, login)).toBe(1);
  });
});

describe('forgot password answers before any mail is sent', () => {
  const outboxSize = () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  };

  it.each([
    ['/rpc-api/forgot_password', { email: 'trial@example.com' }],
    ['/rpc-api/partner/forgotPasswordLink', { emailId: 'newpartner@example.com' }],
  ])('%s', async (url, form) => {
    const agent = new Agent(t.app, '198.51.100.171');
    await agent.csrf();
    await t.app.backgroundWork();
    const before = outboxSize();
    const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.171',
      headers: {
        cookie,
        'x-xsrf-token': decodeURIComponent(agent.cookies.get('XSRF-TOKEN') ?? ''),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(200);
    // The answer is out; the registered address's mail comes after it.
    expect(outboxSize()).toBe(before);
    await t.app.backgroundWork();
    expect(outboxSize()).toBe(before + 1);
  });
});
