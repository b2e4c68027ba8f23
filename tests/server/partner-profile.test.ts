import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf, expectRefusal } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins from one address: the sign-in limits are tested in sign-in.test.ts.
  t = await createTestApp({ SIGNIN_LIMIT_PER_ACCOUNT: '1000', SIGNIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

const signedIn = (login: string, password?: string) =>
  signedInAgent(t.app, 'partner', login, { password });

const text = (response: LightMyRequestResponse) =>
  response.json<{ message: { message: string } }>().message.message;

function lastMailTo(to: string): string {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(to));
  return mails.at(-1) ?? '';
}

describe('edit profile', () => {
  it('an empty value keeps the old one; the spec messages for changed and unchanged', async () => {
    const agent = await signedIn('demopartner');
    const same = await agent.post('/rpc-api/partner/updatePartnerEditProfile', {
      city: 'San Francisco',
    });
    expect(same.statusCode).toBe(200);
    expect(text(same)).toBe('You have not made any changes to your profile');
    const changed = await agent.post('/rpc-api/partner/updatePartnerEditProfile', {
      city: 'Oakland',
      companyName: '',
    });
    expect(text(changed)).toBe('Profile updated successfully');
    const info = await agent.get('/rpc-api/partner/user_info');
    expect(
      info.json<{ message: { rpcPartnerInfo: { city: string; companyName: string } } }>().message
        .rpcPartnerInfo,
    ).toMatchObject({
      city: 'Oakland',
      companyName: 'Northwind Consulting',
    });
  });

  it.each([
    [{ emailId: 'bad@' }, 'Enter a valid email address'],
    [{ paypalEmailId: 'bad@' }, 'Enter a valid paypal email address'],
    [{ phoneNumber: '123' }, 'Enter a valid phone number'],
    [{ companyName: 'A?B' }, "Company name cannot contain characters <> () % ? '"],
    [
      { emailId: 'newpartner@example.com', currentPassword: 'Demo@1234' },
      'Email address already exists',
    ],
    [{ state: 'Bavaria' }, 'Select a state/province/region'],
  ])('%o is refused with "%s"', async (form, message) => {
    const agent = await signedIn('demopartner');
    const response = await agent.post('/rpc-api/partner/updatePartnerEditProfile', form);
    expectRefusal(response);
    expect(errorOf(response)?.message).toBe(message);
  });
});

describe('change password', () => {
  it.each([
    [
      { currentPassword: '', newPassword: 'Next@1234', confirmPassword: 'Next@1234' },
      'Current Password cannot be blank',
    ],
    [
      { currentPassword: 'Demo@1234', newPassword: '', confirmPassword: '' },
      'New Password cannot be blank',
    ],
    [
      { currentPassword: 'Demo@1234', newPassword: 'Next@1234', confirmPassword: '' },
      'Confirm Password cannot be blank',
    ],
    [
      { currentPassword: 'Demo@1234', newPassword: 'Next@1234', confirmPassword: 'Next@9999' },
      'New Password and Confirm Password should match',
    ],
    [
      { currentPassword: 'Wrong@1234', newPassword: 'Next@1234', confirmPassword: 'Next@1234' },
      'Current Password is invalid',
    ],
    [
      { currentPassword: 'Demo@1234', newPassword: 'Demo@1234', confirmPassword: 'Demo@1234' },
      'Current Password and New Password cannot be the same',
    ],
    [
      { currentPassword: 'Demo@1234', newPassword: 'password', confirmPassword: 'password' },
      "Password cannot be 'password'",
    ],
  ])('%o: "%s"', async (form, message) => {
    const agent = await signedIn('demopartner');
    const response = await agent.post('/rpc-api/partner/updatePartnerPassword', form);
    expectRefusal(response);
    expect(errorOf(response)?.message).toBe(message);
  });

  it('changes it, then refuses the previous one as recently used', async () => {
    const other = await signedIn('newpartner');
    const agent = await signedIn('newpartner');
    const first = await agent.post('/rpc-api/partner/updatePartnerPassword', {
      currentPassword: 'Demo@1234',
      newPassword: 'Next@1234',
      confirmPassword: 'Next@1234',
    });
    expect(text(first)).toBe('Password has been changed successfully');
    // The other session has ended; the one that made the change goes on.
    expect((await other.get('/rpc-api/partner/user_info')).statusCode).toBe(401);
    expect((await agent.get('/rpc-api/partner/user_info')).statusCode).toBe(200);
    const back = await agent.post('/rpc-api/partner/updatePartnerPassword', {
      currentPassword: 'Next@1234',
      newPassword: 'Demo@1234',
      confirmPassword: 'Demo@1234',
    });
    expect(errorOf(back)?.message).toBe(
      'You used this password recently. Please choose a different one.',
    );
  });
});

describe('forgot and reset password', () => {
  it('sends a link, resets once, and the link then has expired', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const sent = await agent.post('/rpc-api/partner/forgotPasswordLink', {
      emailId: 'partner@example.com',
    });
    expect(text(sent)).toBe(
      'A link to reset password has been sent to your registered email address',
    );
    const unknown = await agent.post('/rpc-api/partner/forgotPasswordLink', {
      emailId: 'nobody@example.com',
    });
    expect(text(unknown)).toBe(
      'A link to reset password has been sent to your registered email address',
    );
    const blank = await agent.post('/rpc-api/partner/forgotPasswordLink', { emailId: '' });
    expect(errorOf(blank)?.message).toBe('Email cannot be blank');

    const token = /token=([\w-]+)/.exec(lastMailTo('partner@example.com'))?.[1] ?? '';
    expect(token).not.toBe('');
    const mismatch = await agent.post('/rpc-api/partner/resetpartner_password', {
      token,
      newPassword: 'Reset@1234',
      confirmPassword: 'Reset@9999',
    });
    expect(errorOf(mismatch)?.message).toBe('New Password and Confirm Password should match');
    const done = await agent.post('/rpc-api/partner/resetpartner_password', {
      token,
      newPassword: 'Reset@1234',
      confirmPassword: 'Reset@1234',
    });
    expect(text(done)).toBe('You have successfully reset your password');
    const again = await agent.post('/rpc-api/partner/resetpartner_password', {
      token,
      newPassword: 'Other@1234',
      confirmPassword: 'Other@1234',
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      description: 'expired_link',
      message: 'Password link expired',
    });
    expect((await new Agent(t.app).signIn('partner', 'demopartner', 'Reset@1234')).statusCode).toBe(
      200,
    );
  });
});

describe('cancellation', () => {
  it('needs the password, then cancels and signs out', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    // A partner of its own, so the other tests keep theirs.
    await agent.post('/rpc-api/partner/continuePartenrSignup', {
      partnerId: 'leaving_partner',
      emailId: 'leaving@example.org',
      password: 'Leave@1234',
      confirmPassword: 'Leave@1234',
      companyName: 'Leaving Co',
      contactPerson: 'Lee Ving',
      address1: '2 Exit Road',
      city: 'Boston',
      country: 'United States of America',
      state: 'Massachusetts',
      zip: '02108',
      phoneNumber: '6175550100',
      partnerType: 'Reseller',
      hearAbout: 'Search engine',
    });
    const wrong = await agent.post('/rpc-api/partner/partnerCancelAccount', {
      password: 'Wrong@1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)?.message).toBe('Incorrect password');
    const done = await agent.post('/rpc-api/partner/partnerCancelAccount', {
      password: 'Leave@1234',
    });
    expect(text(done)).toBe('Your account has been cancelled successfully');
    expect((await agent.get('/rpc-api/partner/user_info')).statusCode).toBe(401);
    const signIn = await new Agent(t.app).signIn('partner', 'leaving_partner', 'Leave@1234');
    expect(errorOf(signIn)?.message).toBe('You are trying to access a cancelled account');
  });

  it('profile and password calls need a session', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    for (const url of [
      '/rpc-api/partner/updatePartnerEditProfile',
      '/rpc-api/partner/updatePartnerPassword',
      '/rpc-api/partner/partnerCancelAccount',
    ]) {
      expect((await agent.post(url, {})).statusCode, url).toBe(401);
    }
  });
});
