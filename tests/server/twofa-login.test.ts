import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../server/db/seed/reseller-account';
import { totpCode } from '../../server/services/twofa/totp';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 1;
const agentAt = () => new Agent(t.app, `10.2.0.${String(ip++)}`);
const VALIDATE = '/rpc-api/reseller/twofa/login/validatePasscode';

async function passwordStep(login = 'twofa@example.com') {
  const agent = agentAt();
  const response = await agent.signIn('reseller', login);
  expect(response.statusCode).toBe(200);
  return { agent, body: response.json<{ message: { next: string } }>().message };
}

describe('two-factor at sign-in (TOTP)', () => {
  it('a password alone starts no session; the right code does, once', async () => {
    const { agent, body } = await passwordStep();
    expect(body.next).toBe('/reseller/login?step=twofa');
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
    const state = await agent.get('/rpc-api/reseller/twofa/login/state');
    expect(state.json<{ message: { method: string } }>().message.method).toBe('totp');

    const blank = await agent.post(VALIDATE, { otp: ' ' });
    expect(errorOf(blank)?.message).toBe('OTP cannot be blank');
    const wrongCode = totpCode(DEMO_TOTP_SECRET, Date.now() - 5 * 60_000);
    const wrong = await agent.post(VALIDATE, { otp: wrongCode });
    expect(errorOf(wrong)?.message).toBe('OTP is incorrect');

    const code = totpCode(DEMO_TOTP_SECRET);
    const right = await agent.post(VALIDATE, { otp: code });
    expect(right.statusCode).toBe(200);
    expect(right.json<{ message: { next: string } }>().message.next).toBe('/home');
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);

    // The same code in another sign-in is refused (replay).
    const second = await passwordStep();
    const replay = await second.agent.post(VALIDATE, { otp: code });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay)?.message).toBe('Entered OTP has expired or is incorrect');
  });

  it('needs the pending sign-in: 401 without it', async () => {
    const agent = agentAt();
    await agent.csrf();
    expect((await agent.post(VALIDATE, { otp: '123456' })).statusCode).toBe(401);
    expect((await agent.get('/rpc-api/reseller/twofa/login/state')).statusCode).toBe(401);
  });

  it('five wrong codes end the pending sign-in', async () => {
    const { agent } = await passwordStep();
    for (let i = 0; i < 5; i += 1) await agent.post(VALIDATE, { otp: '000000' });
    const late = await agent.post(VALIDATE, { otp: totpCode(DEMO_TOTP_SECRET) });
    expect(late.statusCode).toBe(401);
  });

  it('a recovery code signs in and turns two-factor off', async () => {
    const settingsAgent = agentAt();
    // Set up TOTP for the trial user through the settings calls.
    expect((await settingsAgent.signIn('reseller', 'trial@example.com')).statusCode).toBe(200);
    const setup = await settingsAgent.post('/rpc-api/reseller/twofa/user/generatePasscode', {
      method: 'totp',
    });
    const secret = setup.json<{ message: { secret: string; qr: string } }>().message;
    expect(secret.qr).toMatch(/^data:image\/png;base64,/);
    const wrongPassword = await settingsAgent.post('/rpc-api/reseller/twofa/user/enable', {
      password: 'Wrong@1234',
      otp: totpCode(secret.secret),
    });
    expect(errorOf(wrongPassword)?.message).toBe('Incorrect password');
    const enabled = await settingsAgent.post('/rpc-api/reseller/twofa/user/enable', {
      password: 'Demo@1234',
      otp: totpCode(secret.secret),
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes, text } = enabled.json<{
      message: { recoveryCodes: string[]; text: string };
    }>().message;
    expect(text).toBe('Two-factor authentication has been enabled successfully');
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.db.selectFrom('twofa_settings').select('recovery_hashes').execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    const { agent, body } = await passwordStep('trial@example.com');
    expect(body.next).toBe('/reseller/login?step=twofa');
    const bad = await agent.post('/rpc-api/reseller/twofa/login/deactivateTwoFA', {
      recoveryCode: 'nope-nope',
    });
    expect(errorOf(bad)?.message).toBe('Recovery code is invalid');
    const good = await agent.post('/rpc-api/reseller/twofa/login/deactivateTwoFA', {
      recoveryCode: recoveryCodes[0] ?? '',
    });
    expect(good.statusCode).toBe(200);
    const info = await agent.get('/rpc-api/reseller/twofa/user/securityinfo');
    expect(info.json<{ message: { enabled: boolean } }>().message.enabled).toBe(false);
    const after = await t.db
      .selectFrom('twofa_settings')
      .innerJoin('users', 'users.id', 'twofa_settings.user_id')
      .select(['totp_secret_sealed', 'last_totp_step'])
      .where('users.email', '=', 'trial@example.com')
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ totp_secret_sealed: '', last_totp_step: 0 });
  });

  it('turned off and on again within one time step, the code of the new secret is taken', async () => {
    const agent = agentAt();
    expect((await agent.signIn('reseller', 'subuser@example.com')).statusCode).toBe(200);
    const enable = async () => {
      const setup = await agent.post('/rpc-api/reseller/twofa/user/generatePasscode', {
        method: 'totp',
      });
      const { secret } = setup.json<{ message: { secret: string } }>().message;
      return agent.post('/rpc-api/reseller/twofa/user/enable', {
        password: 'Demo@1234',
        otp: totpCode(secret),
      });
    };
    expect((await enable()).statusCode).toBe(200);
    const off = await agent.post('/rpc-api/reseller/twofa/user/disable', { password: 'Demo@1234' });
    expect(off.statusCode).toBe(200);
    expect((await enable()).statusCode).toBe(200);
    // Leave the user as the phone tests expect it.
    await agent.post('/rpc-api/reseller/twofa/user/disable', { password: 'Demo@1234' });
  });
});

describe('two-factor at sign-in (phone)', () => {
  function lastSmsCode(): string {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const file = fs
      .readdirSync(outbox)
      .filter((name) => name.includes('-sms-'))
      .sort()
      .at(-1);
    const sms = JSON.parse(fs.readFileSync(path.join(outbox, file ?? ''), 'utf8')) as {
      text: string;
    };
    return /(\d{6})/.exec(sms.text)?.[1] ?? '';
  }

  it('sends a 6-digit code by SMS; a wrong one reads the spec text; too many sends block', async () => {
    const settings = agentAt();
    expect((await settings.signIn('reseller', 'subuser@example.com')).statusCode).toBe(200);
    const invalidPhone = await settings.post('/rpc-api/reseller/twofa/user/generatePasscode', {
      method: 'phone',
      phone: '12',
    });
    expect(errorOf(invalidPhone)?.message).toBe('Enter a valid phone number');
    await settings.post('/rpc-api/reseller/twofa/user/generatePasscode', {
      method: 'phone',
      phone: '+15035550100',
    });
    const enabled = await settings.post('/rpc-api/reseller/twofa/user/enable', {
      password: 'Demo@1234',
      otp: lastSmsCode(),
    });
    expect(enabled.statusCode).toBe(200);

    const { agent } = await passwordStep('subuser@example.com');
    const sent = await agent.post('/rpc-api/reseller/twofa/login/generatePasscode');
    expect(sent.statusCode).toBe(200);
    const wrong = await agent.post(VALIDATE, { otp: '000000' });
    expect(errorOf(wrong)?.message).toBe('Entered OTP has expired or is incorrect');
    const right = await agent.post(VALIDATE, { otp: lastSmsCode() });
    expect(right.statusCode).toBe(200);

    const blocked = await passwordStep('subuser@example.com');
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 5; i += 1) {
      const response = await blocked.agent.post('/rpc-api/reseller/twofa/login/generatePasscode');
      statuses.push(response.statusCode);
      if (response.statusCode !== 200) last = errorOf(response)?.message ?? '';
    }
    expect(statuses).toContain(403);
    expect(last).toBe(
      'Your account has been blocked temporarily as you have exceeded the maximum count for recieving OTP for login via two-factor authentication. Try again after 24 hours or contact support',
    );
  });

  it('disable needs the password', async () => {
    const agent = agentAt();
    await agent.csrf();
    expect((await agent.post('/rpc-api/reseller/twofa/user/disable', {})).statusCode).toBe(401);
  });
});
