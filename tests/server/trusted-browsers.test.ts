import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../server/db/seed/reseller-account';
import { totpCode } from '../../server/services/twofa/totp';
import { TRUSTED_BROWSER_COOKIE } from '../../server/services/twofa/trusted-browsers';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let ip = 1;
const agentAt = () => new Agent(t.app, `10.7.0.${String(ip++)}`);
const VALIDATE = '/rpc-api/reseller/twofa/login/validatePasscode';
const LIST = '/rpc-api/reseller/twofa/user/trustedBrowsers';
const TWOFA = 'twofa@example.com';
const OTHER = 'trial@example.com';
const secrets: Record<string, string> = { [TWOFA]: DEMO_TOTP_SECRET };

/** Each sign-in in these tests may use the current code again: the replay guard is reset. */
async function freshCode(login: string): Promise<string> {
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', login)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('twofa_settings')
    .set({ last_totp_step: 0 })
    .where('user_id', '=', user.id)
    .execute();
  return totpCode(secrets[login] ?? '');
}

/** The password step: whether the answer asks for the second factor. */
async function passwordStep(agent: Agent, login: string): Promise<string> {
  const response = await agent.signIn('reseller', login);
  expect(response.statusCode).toBe(200);
  return response.json<{ message: { next: string } }>().message.next;
}

/** A full sign-in through the second factor, ticking "Trust this browser" or not. */
async function signInWithCode(agent: Agent, login: string, trust: boolean) {
  expect(await passwordStep(agent, login)).toBe('/reseller/login?step=twofa');
  const form: Record<string, string> = { otp: await freshCode(login) };
  if (trust) form.trustBrowser = 'true';
  const response = await agent.post(VALIDATE, form);
  expect(response.statusCode).toBe(200);
  return response;
}

/** A new browser holding only the given trusted-browser cookie. */
function browserWith(cookie: string | undefined): Agent {
  const agent = agentAt();
  if (cookie !== undefined) agent.cookies.set(TRUSTED_BROWSER_COOKIE, cookie);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  // A second user with two-factor authentication, set up through the settings calls.
  const agent = agentAt();
  expect((await agent.signIn('reseller', OTHER)).statusCode).toBe(200);
  const setup = await agent.post('/rpc-api/reseller/twofa/user/generatePasscode', {
    method: 'totp',
  });
  secrets[OTHER] = setup.json<{ message: { secret: string } }>().message.secret;
  const enabled = await agent.post('/rpc-api/reseller/twofa/user/enable', {
    password: 'Demo@1234',
    otp: totpCode(secrets[OTHER]),
  });
  expect(enabled.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('Trust this browser for 30 days', () => {
  it('sets a signed, HttpOnly, SameSite=Lax cookie for 30 days, kept hashed on the server', async () => {
    const agent = agentAt();
    const response = await signInWithCode(agent, TWOFA, true);
    const cookie = response.cookies.find((c) => c.name === TRUSTED_BROWSER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    expect(cookie?.value.split('.')).toHaveLength(3);
    const rows = await t.db.selectFrom('trusted_browsers').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(cookie?.value.split('.')[1]);
    const row = rows.find((r) => r.id === cookie?.value.split('.')[0]);
    const days = (Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')) / 86_400e3;
    expect(days).toBe(30);
  });

  it('sets no cookie when the box is not ticked', async () => {
    const response = await signInWithCode(agentAt(), TWOFA, false);
    expect(response.cookies.some((c) => c.name === TRUSTED_BROWSER_COOKIE)).toBe(false);
  });

  it('a trusted browser signs the same user in without the second factor', async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, TWOFA, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE);
    const later = browserWith(cookie);
    expect(await passwordStep(later, TWOFA)).toBe('/home');
    expect((await later.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
    // Without the cookie the same user still gets the second step.
    expect(await passwordStep(agentAt(), TWOFA)).toBe('/reseller/login?step=twofa');
  });

  it("another user's trusted cookie does not skip the second factor", async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, OTHER, true);
    const other = browserWith(trusted.cookies.get(TRUSTED_BROWSER_COOKIE));
    expect(await passwordStep(other, TWOFA)).toBe('/reseller/login?step=twofa');
  });

  it.each([
    ['a changed secret', (c: string) => c.replace(/\.([^.]+)\./, '.AAAA$1.')],
    ['a changed signature', (c: string) => `${c.slice(0, -2)}xx`],
    ['a changed id', (c: string) => `0${c}`],
    ['no signature', (c: string) => c.split('.').slice(0, 2).join('.')],
    ['garbage', () => 'not-a-cookie'],
  ])('a tampered cookie (%s) does not skip it', async (_, tamper) => {
    const trusted = agentAt();
    await signInWithCode(trusted, TWOFA, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE) ?? '';
    expect(await passwordStep(browserWith(tamper(cookie)), TWOFA)).toBe(
      '/reseller/login?step=twofa',
    );
  });

  it('an expired trust does not skip it', async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, TWOFA, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE) ?? '';
    await t.db
      .updateTable('trusted_browsers')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', cookie.split('.')[0] ?? '')
      .execute();
    expect(await passwordStep(browserWith(cookie), TWOFA)).toBe('/reseller/login?step=twofa');
  });

  it('is listed in the two-factor settings and revoked there, by its owner only', async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, TWOFA, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE) ?? '';
    const id = cookie.split('.')[0] ?? '';
    const list = await trusted.get(LIST);
    const items = list.json<{ message: { items: { id: string; isCurrent: boolean }[] } }>().message
      .items;
    expect(items.find((item) => item.id === id)).toMatchObject({ isCurrent: true });

    // Another user cannot see or revoke it.
    const other = agentAt();
    await signInWithCode(other, OTHER, false);
    const theirs = await other.get(LIST);
    expect(JSON.stringify(theirs.json())).not.toContain(id);
    const refused = await other.post(`${LIST}/revoke`, { id });
    expect(refused.statusCode).toBe(404);
    expect(await passwordStep(browserWith(cookie), TWOFA)).toBe('/home');

    // Without the CSRF token the revoke is refused.
    const noCsrf = await trusted.post(`${LIST}/revoke`, { id }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);

    const revoked = await trusted.post(`${LIST}/revoke`, { id });
    expect(revoked.statusCode).toBe(200);
    expect(JSON.stringify((await trusted.get(LIST)).json())).not.toContain(id);
    expect(await passwordStep(browserWith(cookie), TWOFA)).toBe('/reseller/login?step=twofa');
  });

  it('every trust ends when the password changes', async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, OTHER, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE);
    const changed = await trusted.post('/rpc-api/reseller/account/change/password', {
      currentPassword: 'Demo@1234',
      newPassword: 'Fresh@5678',
      confirmPassword: 'Fresh@5678',
    });
    expect(changed.statusCode).toBe(200);
    const later = browserWith(cookie);
    await later.csrf();
    const step = await later.post('/rpc-api/reseller/user_signin', {
      username: OTHER,
      password: 'Fresh@5678',
    });
    expect(step.json<{ message: { next: string } }>().message.next).toBe(
      '/reseller/login?step=twofa',
    );
  });

  it('every trust ends when two-factor authentication is turned off', async () => {
    const trusted = agentAt();
    await signInWithCode(trusted, TWOFA, true);
    const cookie = trusted.cookies.get(TRUSTED_BROWSER_COOKIE) ?? '';
    const off = await trusted.post('/rpc-api/reseller/twofa/user/disable', {
      password: 'Demo@1234',
    });
    expect(off.statusCode).toBe(200);
    const live = await t.db
      .selectFrom('trusted_browsers')
      .select('id')
      .where('id', '=', cookie.split('.')[0] ?? '')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(0);
  });
});

describe('over HTTPS', () => {
  it('the trusted-browser cookie is Secure', async () => {
    const https = await createTestApp({ PUBLIC_ORIGIN: 'https://console.example.com' });
    try {
      const agent = new Agent(https.app, '10.7.1.1');
      const step = await agent.signIn('reseller', TWOFA);
      expect(step.json<{ message: { next: string } }>().message.next).toBe(
        '/reseller/login?step=twofa',
      );
      const response = await agent.post(VALIDATE, {
        otp: totpCode(DEMO_TOTP_SECRET),
        trustBrowser: 'true',
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = response.cookies.find((c) => c.name === TRUSTED_BROWSER_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    } finally {
      await https.close();
    }
  });
});
