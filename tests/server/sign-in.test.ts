import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resellerUserInfoSchema, partnerUserInfoSchema } from '../../src/domain/api/session';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_LIMIT_PER_ACCOUNT: '4', SIGNIN_LIMIT_PER_IP: '200' });
});
afterAll(() => t.close());

describe('reseller sign-in', () => {
  it('signs in with e-mail and password and sets HttpOnly session cookies', async () => {
    const agent = new Agent(t.app);
    const response = await agent.signIn('reseller', 'reseller@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      status: 'OK',
      message: { productType: 'reseller', next: '/home' },
    });
    const cookies = response.cookies as {
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
    }[];
    expect(cookies.find((c) => c.name === 'rsr_at')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookies.find((c) => c.name === 'rsr_rt')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/rpc-api',
    });
  });

  it('answers user_info with every field of the spec and no password hash', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('reseller', 'reseller@example.com');
    const response = await agent.get('/rpc-api/reseller/user_info');
    expect(response.statusCode).toBe(200);
    const { message } = response.json<{ message: Record<string, unknown> }>();
    const info = resellerUserInfoSchema.strict().parse(message);
    expect(info).toMatchObject({
      username: 'reseller@example.com',
      is_admin: true,
      is_sub_user: false,
      subscription_info: { plan_name: 'Bulk Reseller', type: 'PAID' },
      supportDisableUrls: [],
      otpLogin: false,
    });
    expect(response.body).not.toMatch(/argon2|password_hash/);
  });

  it('reports the days left of a free trial as a string', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('reseller', 'trial@example.com');
    const info = (await agent.get('/rpc-api/reseller/user_info')).json<{
      message: { subscription_info: { type: string; trialDaysLeft: string } };
    }>();
    expect(info.message.subscription_info.type).toBe('FREE_TRIAL');
    expect(info.message.subscription_info.trialDaysLeft).toBe('9');
  });

  it.each([
    ['a wrong password', 'reseller@example.com', 'Wrong@1234'],
    ['an unknown e-mail', 'nobody@example.com', 'Demo@1234'],
  ])('refuses %s with the spec text', async (_case, username, password) => {
    const agent = new Agent(t.app);
    const response = await agent.signIn('reseller', username, password);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({
      description: 'INVALID_CREDENTIALS',
      message: 'Email or password you entered is invalid. Please try again',
    });
  });

  it.each([
    ['username', { username: '   ', password: 'Demo@1234' }, 'Email cannot be blank'],
    ['password', { username: 'reseller@example.com', password: '' }, 'Password cannot be blank'],
    ['password', { username: 'reseller@example.com' }, undefined],
    [
      'username',
      { username: `${'a'.repeat(75)}@example.com`, password: 'x' },
      'Enter a valid email address',
    ],
  ])('rejects a bad %s with VALIDATION_FAILED naming the field', async (field, form, message) => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/reseller/user_signin', form);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ description: 'VALIDATION_FAILED', field });
    if (message) expect(errorOf(response)?.message).toBe(message);
  });

  it('rate-limits repeated attempts on one account from one address with 429', async () => {
    const agent = new Agent(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await agent.signIn('reseller', 'subuser@example.com', 'Wrong@1234')).statusCode,
      );
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const limited = await agent.signIn('reseller', 'subuser@example.com', 'Wrong@1234');
    expect(errorOf(limited)?.description).toBe('RATE_LIMITED');
    // Another address is not locked out by the stranger's attempts.
    const owner = new Agent(t.app, '203.0.113.7');
    const ownerAttempt = await owner.signIn('reseller', 'subuser@example.com');
    expect(ownerAttempt.statusCode).toBe(200);
  });

  it('asks which username when an e-mail opens several accounts, without a session', async () => {
    const agent = new Agent(t.app, '198.51.100.21');
    const response = await agent.signIn('reseller', 'shared@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: unknown }>().message).toEqual({
      productType: 'reseller',
      next: 'select-username',
      usernames: ['shared.brightside', 'shared.nordlicht'],
    });
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('rsr_at');
    // The chosen username signs in to that account only.
    const chosen = await agent.signIn('reseller', 'shared.nordlicht');
    expect(chosen.statusCode).toBe(200);
    const info = await agent.get('/rpc-api/reseller/user_info');
    expect(info.json<{ message: { username: string } }>().message.username).toBe(
      'shared.nordlicht',
    );
  });

  it('names no username to a wrong password for a shared e-mail', async () => {
    const agent = new Agent(t.app, '198.51.100.22');
    const response = await agent.signIn('reseller', 'shared@example.com', 'Wrong@1234');
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('shared.');
    expect(errorOf(response)?.message).toBe(
      'Email or password you entered is invalid. Please try again',
    );
  });

  it('refuses a password sign-in to an SSO-enabled user', async () => {
    const agent = new Agent(t.app, '198.51.100.23');
    const response = await agent.signIn('reseller', 'sso@example.com');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      description: 'SSO_ENABLED',
      message: 'Your account is SSO-enabled. Sign in to SSO account.',
    });
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('rsr_at');
  });

  it('refuses user_info without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/reseller/user_info' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.description).toBe('NOT_AUTHORIZED');
  });
});

describe('partner sign-in', () => {
  it.each(['demopartner', 'partner@example.com'])('signs in with %s', async (login) => {
    const agent = new Agent(t.app);
    const response = await agent.signIn('partner', login);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: unknown }>().message).toEqual({
      productType: 'partner',
      next: '/partner/dashboard',
    });
  });

  it('sends a partner awaiting approval to the approval page', async () => {
    const agent = new Agent(t.app);
    const response = await agent.signIn('partner', 'newpartner');
    expect(response.json<{ message: { next: string } }>().message.next).toBe(
      '/partner/approvalPage',
    );
  });

  it('refuses wrong credentials with the spec text', async () => {
    const agent = new Agent(t.app);
    const response = await agent.signIn('partner', 'demopartner', 'Wrong@1234');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.message).toBe('Partner ID / Email or Password is incorrect');
  });

  it('answers partner user_info with every field and the TIN masked', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('partner', 'demopartner');
    const response = await agent.get('/rpc-api/partner/user_info');
    expect(response.statusCode).toBe(200);
    const info = partnerUserInfoSchema
      .strict()
      .parse(response.json<{ message: unknown }>().message);
    expect(info.rpcPartnerInfo.password).toBeNull();
    expect(info.rpcPartnerInfo.ein).toBe('*****6789');
    expect(info.rpcPartnerInfo.ssn).toBe('');
    expect(response.body).not.toContain('3456789');
    expect(info.link).toMatch(/\/ref\/rpc\/demopartner$/);
  });

  it('does not accept a partner session on the reseller API', async () => {
    const agent = new Agent(t.app);
    await agent.signIn('partner', 'demopartner');
    const response = await agent.get('/rpc-api/reseller/user_info');
    expect(response.statusCode).toBe(401);
  });
});
