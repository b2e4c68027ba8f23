import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VIEW = '/rpc-api/reseller/config/token/generate';
const CHANGE = '/rpc-api/reseller/config/token/update';

const signedIn = (login = 'reseller@example.com', ip = '10.0.0.1') =>
  signedInAgent(t.app, 'reseller', login, { ip });

const tokenOf = (response: LightMyRequestResponse) =>
  response.json<{ message: { token: string }[] }>().message[0]?.token ?? '';

describe('API key: View (reseller/config/token/generate)', () => {
  it('shows the account key as message[0].token after the password', async () => {
    const agent = await signedIn();
    const response = await agent.post(VIEW, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    expect(tokenOf(response)).toMatch(/^rsk_[\w-]{40,}$/);
    const again = await agent.post(VIEW, { password: 'Demo@1234' });
    expect(tokenOf(again)).toBe(tokenOf(response));
  });

  it('creates the first key of an account that has none', async () => {
    const agent = await signedIn('trial@example.com', '10.0.0.2');
    const response = await agent.post(VIEW, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    expect(tokenOf(response)).toMatch(/^rsk_/);
  });

  it('refuses a wrong password with 400 NOT_AUTHORIZED "Incorrect password" on the field', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.0.3');
    const response = await agent.post(VIEW, { password: 'Wrong@1234' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      description: 'NOT_AUTHORIZED',
      message: 'Incorrect password',
      field: 'password',
    });
  });

  it('checks the password rule: "pwd.req" and "pwd.range" texts', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.0.4');
    const blank = await agent.post(VIEW, { password: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)?.message).toBe('Password cannot be blank');
    const short = await agent.post(VIEW, { password: 'abc' });
    expect(errorOf(short)?.message).toBe('Password should be between 6 - 20 characters');
  });

  it('refuses a sub-user (403 "You do not have permission to perform this action")', async () => {
    const agent = await signedIn('subuser@example.com', '10.0.0.5');
    const response = await agent.post(VIEW, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)?.message).toBe('You do not have permission to perform this action');
  });

  it('needs a session (401) and the CSRF header (403)', async () => {
    const anonymous = new Agent(t.app, '10.0.0.6');
    await anonymous.csrf();
    expect((await anonymous.post(VIEW, { password: 'Demo@1234' })).statusCode).toBe(401);
    const agent = await signedIn('reseller@example.com', '10.0.0.6');
    const noCsrf = await agent.post(VIEW, { password: 'Demo@1234' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(errorOf(noCsrf)?.description).toBe('CSRF_INVALID');
  });

  it('keeps the key encrypted at rest', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.0.7');
    const token = tokenOf(await agent.post(VIEW, { password: 'Demo@1234' }));
    const rows = await t.db.selectFrom('api_keys').selectAll().execute();
    for (const row of rows) {
      expect(row.key_sealed).not.toContain(token);
      expect(row.key_hash).not.toBe(token);
    }
  });

  it('limits password attempts', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.0.8');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await agent.post(VIEW, { password: 'Wrong@1234' })).statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('API key: Change (reseller/config/token/update)', () => {
  it('regenerates the key; the old key stops working at once for /reseller-api/', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.1.1');
    const old = tokenOf(await agent.post(VIEW, { password: 'Demo@1234' }));
    const before = await t.app.inject({
      method: 'GET',
      url: '/reseller-api/v1/account',
      headers: { 'x-api-key': old },
    });
    expect(before.statusCode).toBe(200);
    expect(before.json<{ message: { company_name: string } }>().message.company_name).toBe(
      'Acme Remote Services',
    );

    const changed = await agent.post(CHANGE, { password: 'Demo@1234' });
    expect(changed.statusCode).toBe(200);
    const fresh = tokenOf(changed);
    expect(fresh).not.toBe(old);
    expect(tokenOf(await agent.post(VIEW, { password: 'Demo@1234' }))).toBe(fresh);

    const stale = await t.app.inject({
      method: 'GET',
      url: '/reseller-api/v1/account',
      headers: { 'x-api-key': old },
    });
    expect(stale.statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/reseller-api/v1/account',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('refuses a wrong password and leaves the key unchanged', async () => {
    const agent = await signedIn('reseller@example.com', '10.0.1.2');
    const key = tokenOf(await agent.post(VIEW, { password: 'Demo@1234' }));
    const response = await agent.post(CHANGE, { password: 'Wrong@1234' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)?.message).toBe('Incorrect password');
    expect(tokenOf(await agent.post(VIEW, { password: 'Demo@1234' }))).toBe(key);
  });

  it('is refused to a support-OTP session (403)', async () => {
    const { issueSupportOtp } = await import('../../server/services/support-otp');
    const { code } = await issueSupportOtp(t.db, 'reseller@example.com');
    const agent = new Agent(t.app, '10.0.1.3');
    await agent.csrf();
    await agent.post('/rpc-api/reseller/support/otp_signin', {
      username: 'reseller@example.com',
      otp: code,
    });
    const response = await agent.post(CHANGE, { password: 'Demo@1234' });
    expect(response.statusCode).toBe(403);
  });

  it('writes the views and changes to the activity log', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'apikey.%')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['apikey.viewed', 'apikey.changed', 'apikey.view.failed']),
    );
  });
});

describe('/reseller-api/ authentication', () => {
  it('answers 401 without a key, with an unknown key, and scopes to the key account', async () => {
    expect((await t.app.inject({ url: '/reseller-api/v1/account' })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      url: '/reseller-api/v1/account',
      headers: { 'x-api-key': 'rsk_not-a-real-key-000000000000000' },
    });
    expect(unknown.statusCode).toBe(401);
    const trial = await signedIn('trial@example.com', '10.0.2.1');
    const key = tokenOf(await trial.post(VIEW, { password: 'Demo@1234' }));
    const response = await t.app.inject({
      url: '/reseller-api/v1/account',
      headers: { 'x-api-key': key },
    });
    const body = response.json<{
      message: { company_name: string; subscription_type: string; users: { total: number } };
    }>();
    expect(body.message.company_name).toBe('Brightside IT');
    expect(body.message.subscription_type).toBe('FREE_TRIAL');
    expect(body.message.users.total).toBeGreaterThanOrEqual(1);
  });
});
