import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { addressesFrom, signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.1.0.');

const signedIn = (login: string, password?: string) =>
  signedInAgent(t.app, 'reseller', login, { password, ip: nextIp() });

/** The newest outbox mail's text (mail is written to DATA_DIR/outbox without SMTP). */
function lastMail(): string {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const files = fs.readdirSync(outbox).sort();
  return fs.readFileSync(path.join(outbox, files.at(-1) ?? ''), 'utf8');
}

const linkToken = (mail: string) => {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /reset_password\?token=([\w-]+)/.exec(unfolded)?.[1] ?? '';
};

describe('forgot password (/forgot_password)', () => {
  it('mails a single-use link and answers the spec text', async () => {
    const agent = new Agent(t.app, nextIp());
    await agent.csrf();
    const response = await agent.post('/rpc-api/forgot_password', { email: 'trial@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      'A link to reset password has been sent to your registered email address',
    );
    expect(linkToken(lastMail())).not.toBe('');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const agent = new Agent(t.app, nextIp());
    await agent.csrf();
    const outbox = path.join(t.config.dataDir, 'outbox');
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const response = await agent.post('/rpc-api/forgot_password', {
      email: 'nobody@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: { text: string } }>().message.text).toBe(
      'A link to reset password has been sent to your registered email address',
    );
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(before);
  });

  it('validates the address and is rate-limited', async () => {
    const agent = new Agent(t.app, nextIp());
    await agent.csrf();
    const blank = await agent.post('/rpc-api/forgot_password', { email: '' });
    expect(errorOf(blank)?.message).toBe('Email cannot be blank');
    const invalid = await agent.post('/rpc-api/forgot_password', { email: 'nope' });
    expect(errorOf(invalid)?.message).toBe('Enter a valid email address');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (await agent.post('/rpc-api/forgot_password', { email: 'limit@example.com' })).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });
});

describe('reset password (/reset_password)', () => {
  async function requestLink(email: string) {
    const agent = new Agent(t.app, nextIp());
    await agent.csrf();
    await agent.post('/rpc-api/forgot_password', { email });
    return { agent, token: linkToken(lastMail()) };
  }

  it('sets the new password once; the link then reads "Password link expired"', async () => {
    const { agent, token } = await requestLink('trial@example.com');
    const check = await agent.get('/rpc-api/reset_password/check', { token });
    expect(check.statusCode).toBe(200);
    const mismatch = await agent.post('/rpc-api/reset_password', {
      token,
      newPassword: 'Fresh@5678',
      confirmPassword: 'Fresh@5679',
    });
    expect(errorOf(mismatch)).toMatchObject({
      message: 'New Password and Confirm Password should match',
      field: 'confirmPassword',
    });
    const same = await agent.post('/rpc-api/reset_password', {
      token,
      newPassword: 'Demo@1234',
      confirmPassword: 'Demo@1234',
    });
    expect(errorOf(same)?.message).toBe('Current Password and New Password cannot be the same');
    const done = await agent.post('/rpc-api/reset_password', {
      token,
      newPassword: 'Fresh@5678',
      confirmPassword: 'Fresh@5678',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<{ message: { text: string } }>().message.text).toBe(
      'You have successfully reset your password',
    );
    const again = await agent.post('/rpc-api/reset_password', {
      token,
      newPassword: 'Other@5678',
      confirmPassword: 'Other@5678',
    });
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'Password link expired',
    });
    expect((await agent.get('/rpc-api/reset_password/check', { token })).statusCode).toBe(400);
    expect(
      (await new Agent(t.app, nextIp()).signIn('reseller', 'trial@example.com', 'Fresh@5678'))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { agent, token } = await requestLink('subuser@example.com');
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('used_at', 'is', null)
      .execute();
    const response = await agent.post('/rpc-api/reset_password', {
      token,
      newPassword: 'Fresh@5678',
      confirmPassword: 'Fresh@5678',
    });
    expect(errorOf(response)?.message).toBe('Password link expired');
  });
});

describe('password change (/reseller/account/change/password)', () => {
  const URL = '/rpc-api/reseller/account/change/password';

  it('checks every server rule with its message', async () => {
    const agent = await signedIn('reseller@example.com');
    const cases: [Record<string, string>, string, string][] = [
      [
        { currentPassword: 'Demo@1234', newPassword: '', confirmPassword: '' },
        'New Password cannot be blank',
        'newPassword',
      ],
      [
        { currentPassword: 'Demo@1234', newPassword: 'abc', confirmPassword: 'abc' },
        'Password should be between 6 - 20 characters',
        'newPassword',
      ],
      [
        { currentPassword: 'Demo@1234', newPassword: 'Fresh@5678', confirmPassword: 'Other@5678' },
        'New Password and Confirm Password should match',
        'confirmPassword',
      ],
      [
        { currentPassword: 'Wrong@1234', newPassword: 'Fresh@5678', confirmPassword: 'Fresh@5678' },
        'Current Password is invalid',
        'currentPassword',
      ],
      [
        { currentPassword: 'Demo@1234', newPassword: 'Demo@1234', confirmPassword: 'Demo@1234' },
        'Current Password and New Password cannot be the same',
        'newPassword',
      ],
      [
        {
          currentPassword: 'Demo@1234',
          newPassword: 'reseller@example.com',
          confirmPassword: 'reseller@example.com',
        },
        'Email and Password cannot be the same',
        'newPassword',
      ],
      [
        { currentPassword: 'Demo@1234', newPassword: 'password', confirmPassword: 'password' },
        "Password cannot be 'password'",
        'newPassword',
      ],
      [
        { currentPassword: 'Demo@1234', newPassword: 'example', confirmPassword: 'example' },
        'Password cannot be the domain name',
        'newPassword',
      ],
    ];
    for (const [form, message, field] of cases) {
      const response = await agent.post(URL, form);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response), message).toMatchObject({ message, field });
    }
  });

  it('changes the password, ends the other sessions, and refuses a recently used one', async () => {
    const other = await signedIn('reseller@example.com');
    const agent = await signedIn('reseller@example.com');
    const first = await agent.post(URL, {
      currentPassword: 'Demo@1234',
      newPassword: 'Fresh@5678',
      confirmPassword: 'Fresh@5678',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ message: { text: string } }>().message.text).toBe(
      'Password has been changed successfully',
    );
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
    expect((await other.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);

    const back = await agent.post(URL, {
      currentPassword: 'Fresh@5678',
      newPassword: 'Demo@1234',
      confirmPassword: 'Demo@1234',
    });
    expect(errorOf(back)?.message).toBe(
      'You used this password recently. Please choose a different one.',
    );
  });

  it('validateExistingPassword answers "Current Password is invalid" for a wrong one', async () => {
    const agent = await signedIn('subuser@example.com');
    const wrong = await agent.post('/rpc-api/reseller/account/validateExistingPassword', {
      currentPassword: 'Nope@1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)?.message).toBe('Current Password is invalid');
    const right = await agent.post('/rpc-api/reseller/account/validateExistingPassword', {
      currentPassword: 'Demo@1234',
    });
    expect(right.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const anonymous = new Agent(t.app, nextIp());
    await anonymous.csrf();
    expect((await anonymous.post(URL, {})).statusCode).toBe(401);
  });
});

describe('profile (/reseller/account/get and /update)', () => {
  it('reads and updates the names and the proxy topic', async () => {
    const agent = await signedIn('subuser@example.com');
    const profile = (await agent.get('/rpc-api/reseller/account/get')).json<{
      message: { firstname: string; lastname: string; proxy: string; email: string };
    }>().message;
    expect(profile).toMatchObject({
      firstname: 'Sam',
      lastname: 'Patel',
      email: 'subuser@example.com',
    });
    const unchanged = await agent.post('/rpc-api/reseller/account/update', {
      firstname: 'Sam',
      lastname: 'Patel',
      proxy: profile.proxy,
    });
    expect(unchanged.statusCode).toBe(400);
    expect(errorOf(unchanged)?.message).toBe('You have not made any changes to your profile');
    const invalid = await agent.post('/rpc-api/reseller/account/update', {
      firstname: 'Sam1',
      lastname: 'Patel',
      proxy: profile.proxy,
    });
    expect(errorOf(invalid)).toMatchObject({
      message: 'First name can contain a-z, A-Z and space',
      field: 'firstname',
    });
    const updated = await agent.post('/rpc-api/reseller/account/update', {
      firstname: 'Samuel',
      lastname: 'Patel',
      proxy: 'support-desk_01',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ message: { text: string } }>().message.text).toBe(
      'Profile updated successfully',
    );
    const info = (await agent.get('/rpc-api/reseller/user_info')).json<{
      message: { firstname: string; proxy_topic: string };
    }>().message;
    expect(info).toMatchObject({ firstname: 'Samuel', proxy_topic: 'support-desk_01' });
  });
});
