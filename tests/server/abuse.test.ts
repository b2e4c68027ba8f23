import { RESET_MAILS_PER_HOUR } from '../../server/services/reseller-account/password-reset';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET, DEMO_TWOFA_EMAIL } from '../../server/db/seed/reseller-account';
import { issueSupportOtp } from '../../server/services/support-otp';
import { totpCode } from '../../server/services/twofa/totp';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Abuse (issue 10): every call a stranger can repeat to guess a secret or to send mail answers a
 * burst beyond its limit with 429 and the error envelope, and no stranger can lock the rightful
 * owner out: the per-account limits count attempts per account *and address*, so a burst from
 * other addresses leaves the owner's own address untouched. Runs with the default limits
 * (server/config.ts), so it tests what a deployment gets.
 *
 * Covered elsewhere: reseller sign-in 429 (sign-in.test.ts), forgot and reset password
 * (reseller-account-password.test.ts), refresh-token family revocation and server-side logout
 * (sessions.test.ts).
 */

/** The spec has no text for 429; this is the server's one message for it (plugins/errors.ts). */
const TOO_MANY = 'Too many attempts. Wait a few minutes and try again.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test its own addresses, so no limit of one test spills into another. */
let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  return `192.0.2.${String(lastAddress)}`;
};
const agentAt = (address = nextAddress()) => new Agent(t.app, address);

function expectTooMany(response: LightMyRequestResponse | undefined) {
  expect(response?.statusCode).toBe(429);
  expect(response?.json()).toEqual({
    code: 429,
    status: 'ERROR',
    errors: [{ description: 'RATE_LIMITED', message: TOO_MANY }],
  });
  expect(Number(response?.headers['retry-after'])).toBeGreaterThan(0);
}

/** Sends `count` calls one after the other; returns the answers in order. */
async function burst(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i += 1) answers.push(await send(i));
  return answers;
}
const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);

describe('two-factor code at sign-in (validatePasscode)', () => {
  const VALIDATE = '/rpc-api/reseller/twofa/login/validatePasscode';
  // A code of another time window: always refused, never the current one.
  const wrongCode = () => totpCode(DEMO_TOTP_SECRET, Date.now() - 10 * 60_000);

  it('30 wrong codes from one address in 15 minutes, then 429 even with a live sign-in', async () => {
    const agent = agentAt();
    const statuses: number[] = [];
    // A pending sign-in ends after five wrong codes, so the guesser signs in again each time.
    for (let challenge = 0; challenge < 6; challenge += 1) {
      expect((await agent.signIn('reseller', DEMO_TWOFA_EMAIL)).statusCode).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await agent.post(VALIDATE, { otp: wrongCode() })).statusCode);
      }
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 400));
    expect((await agent.signIn('reseller', DEMO_TWOFA_EMAIL)).statusCode).toBe(200);
    expectTooMany(await agent.post(VALIDATE, { otp: totpCode(DEMO_TOTP_SECRET) }));

    // The owner, at their own address, signs in with the right code.
    const owner = agentAt();
    expect((await owner.signIn('reseller', DEMO_TWOFA_EMAIL)).statusCode).toBe(200);
    const right = await owner.post(VALIDATE, { otp: totpCode(DEMO_TOTP_SECRET) });
    expect(right.statusCode).toBe(200);
  });
});

describe('support OTP sign-in (otp_signin)', () => {
  const OTP_SIGNIN = '/rpc-api/reseller/support/otp_signin';

  it('five wrong codes for one login from one address, then 429', async () => {
    const agent = agentAt();
    await agent.csrf();
    const answers = await burst(6, () =>
      agent.post(OTP_SIGNIN, { username: 'subadmin@example.com', otp: '00000000' }),
    );
    expect(statusesOf(answers).slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(errorOf(answers[0] as LightMyRequestResponse)?.message).toBe(
      'Entered OTP has expired or is incorrect',
    );
    expectTooMany(answers[5]);
  });

  it('a stranger guessing from several addresses does not stop the real code', async () => {
    const login = 'reseller@example.com';
    const { code } = await issueSupportOtp(t.db, login);
    for (let stranger = 0; stranger < 3; stranger += 1) {
      const agent = agentAt();
      await agent.csrf();
      const answers = await burst(6, () =>
        agent.post(OTP_SIGNIN, { username: login, otp: '11111111' }),
      );
      expectTooMany(answers[5]);
    }
    const support = agentAt();
    await support.csrf();
    const signedIn = await support.post(OTP_SIGNIN, { username: login, otp: code });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('partner sign-in and forgot password', () => {
  it('sign-in: ten wrong passwords for one partner from one address, then 429', async () => {
    const agent = agentAt();
    const answers = await burst(11, () =>
      agent.signIn('partner', 'partner@example.com', 'Wrong@1234'),
    );
    expect(statusesOf(answers).slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
    expect(errorOf(answers[0] as LightMyRequestResponse)?.message).toBe(
      'Partner ID / Email or Password is incorrect',
    );
    expectTooMany(answers[10]);
  });

  it('forgot password: 20 requests from one address in 15 minutes, then 429', async () => {
    const agent = agentAt();
    await agent.csrf();
    // Twenty different (unknown) addresses, so only the per-address limit is at work.
    const answers = await burst(21, (i) =>
      agent.post('/rpc-api/partner/forgotPasswordLink', {
        emailId: `nobody${String(i)}@example.com`,
      }),
    );
    expect(statusesOf(answers).slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
    expectTooMany(answers[20]);
  });

  it('forgot password: mails to one partner are capped as sent, never by requests from strangers', async () => {
    const mailsTo = (address: string) => {
      const outbox = path.join(t.config.dataDir, 'outbox');
      if (!fs.existsSync(outbox)) return 0;
      return fs
        .readdirSync(outbox)
        .filter((file) =>
          fs.readFileSync(path.join(outbox, file), 'utf8').includes(`To: ${address}`),
        ).length;
    };
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 1; i += 1) {
      const agent = agentAt();
      await agent.csrf();
      answers.push(
        await agent.post('/rpc-api/partner/forgotPasswordLink', {
          emailId: 'NewPartner@Example.com',
        }),
      );
    }
    // Every address gets the same answer; past the cap nothing more is sent (tests/server/reset-limits.test.ts).
    expect(new Set(statusesOf(answers))).toEqual(new Set([200]));
    expect(answers[0]?.json<{ message: { message: string } }>().message.message).toBe(
      'A link to reset password has been sent to your registered email address',
    );
    // Not a lockout: each link went to the partner's own inbox, and still works.
    expect(mailsTo('newpartner@example.com')).toBe(RESET_MAILS_PER_HOUR);
  });
});

describe('invitations', () => {
  let admin: Agent;
  beforeAll(async () => {
    admin = agentAt();
    expect((await admin.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
  });

  it('invite: 60 in 15 minutes per signed-in user, then 429', async () => {
    // The same address each time: one invitation, then "already exists", every call counted.
    const answers = await burst(61, () =>
      admin.post('/rpc-api/reseller/user/invite', { email: 'burst.invite@example.com' }),
    );
    expect(answers[0]?.statusCode).toBe(200);
    expect(answers.slice(1, 60).every((answer) => answer.statusCode === 409)).toBe(true);
    expectTooMany(answers[60]);
  });

  it('resend: 20 in 15 minutes per signed-in user, then 429', async () => {
    const other = agentAt();
    expect((await other.signIn('reseller', 'subadmin@example.com')).statusCode).toBe(200);
    const invited = await other.post('/rpc-api/reseller/user/invite', {
      email: 'burst.resend@example.com',
    });
    expect(invited.statusCode).toBe(200);
    const userId = invited.json<{ message: { user: { id: string } } }>().message.user.id;
    const answers = await burst(21, () =>
      other.post('/rpc-api/reseller/user/invite/resend', { userId }),
    );
    expect(statusesOf(answers).slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
    expectTooMany(answers[20]);
  });

  it('CSV import: 10 files in 15 minutes per signed-in user, then 429', async () => {
    // A file whose one row is refused: nothing is created or mailed, every call counted.
    const csv = 'email,first_name,last_name,allotted_computers\nnot-an-address,A,B,0';
    const answers = await burst(11, () => admin.post('/rpc-api/reseller/user/invite/csv', { csv }));
    expect(statusesOf(answers).slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 422));
    expectTooMany(answers[10]);
  });

  it('invited-user signup and the link check: 30 a minute from one address, then 429', async () => {
    const checker = agentAt();
    const checks = await burst(31, (i) =>
      checker.get('/rpc-api/reseller/invite/check', {
        unique_id: `not-a-real-link-${String(i).padStart(4, '0')}`,
        email: 'someone@example.com',
      }),
    );
    expect(statusesOf(checks).slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 400));
    expect(errorOf(checks[0] as LightMyRequestResponse)?.description).toBe('expired_link');
    expectTooMany(checks[30]);

    const signer = agentAt();
    await signer.csrf();
    const signups = await burst(31, (i) =>
      signer.post('/rpc-api/reseller/invitedUserSignup', {
        uniqueId: `not-a-real-link-${String(i).padStart(4, '0')}`,
        firstName: 'Eve',
        lastName: 'Guess',
        invitedUserEmailId: 'eve@example.com',
        password: 'Welcome@1',
        dcFlag: 'VA',
      }),
    );
    expect(statusesOf(signups).slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 400));
    expectTooMany(signups[30]);
  });
});

describe('no lockout by a stranger', () => {
  it.each([
    ['reseller', 'trial@example.com'],
    ['partner', 'demopartner'],
  ] as const)(
    '%s sign-in: a burst of wrong passwords from five addresses leaves the owner able to sign in',
    async (kind, login) => {
      for (let stranger = 0; stranger < 5; stranger += 1) {
        const agent = agentAt();
        const answers = await burst(12, () => agent.signIn(kind, login, 'Wrong@1234'));
        expect(statusesOf(answers)).toContain(401);
        expectTooMany(answers[11]);
      }
      const owner = agentAt();
      const signedIn = await owner.signIn(kind, login);
      expect(signedIn.statusCode).toBe(200);
      expect((await owner.get(`/rpc-api/${kind}/user_info`)).statusCode).toBe(200);
    },
  );
});
