import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedInSession } from '../../src/domain/api/sessions';
import {
  CURRENT_SESSION_REFUSED,
  SESSION_NOT_FOUND,
  UNKNOWN_PLACE,
} from '../../src/domain/api/sessions';
import { Agent, errorOf } from './helpers/agent';
import { addressesFrom, DEMO_PASSWORD } from './helpers/sign-in';
import { createSiblingApp, createTestApp, type TestApp } from './helpers/test-app';

/*
 * "Where you're signed in" (issue 20): the signed-in user's own live sessions, signing out one of
 * them or all the others, and "last active" kept to the minute without a write per request.
 */

const LIST = '/rpc-api/reseller/sessions';
const SIGN_OUT = `${LIST}/signOut`;
const SIGN_OUT_OTHERS = `${LIST}/signOutOthers`;
const USER_INFO = '/rpc-api/reseller/user_info';
const ADMIN = 'reseller@example.com';
const SAME_ACCOUNT = 'subadmin@example.com';
const OTHER_ACCOUNT = 'eu@example.com';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX =
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
const privateAddress = addressesFrom('10.31.0.');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A browser with this User-Agent, at this address, signed in as `login`. */
async function browser(
  login: string,
  userAgent = CHROME_WINDOWS,
  ip = privateAddress(),
): Promise<Agent> {
  const agent = new Agent(t.app, ip);
  await agent.csrf();
  const response = await agent.post(
    '/rpc-api/reseller/user_signin',
    { username: login, password: DEMO_PASSWORD },
    { headers: { 'user-agent': userAgent } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

async function sessionsOf(agent: Agent): Promise<SignedInSession[]> {
  const response = await agent.get(LIST);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { items: SignedInSession[] } }>().message.items;
}

/** The id of the agent's own session, as the list marks it. */
async function ownId(agent: Agent): Promise<string> {
  const current = (await sessionsOf(agent)).filter((item) => item.current);
  expect(current).toHaveLength(1);
  return current[0]?.id ?? '';
}

const sessionRow = (id: string) =>
  t.db
    .selectFrom('sessions')
    .select(['revoked_at', 'last_active_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = (action: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['target', 'account_id', 'subject_id', 'details'])
    .where('action', '=', action)
    .orderBy('created_at', 'desc')
    .execute();

describe('the list', () => {
  it("shows the user's own live sessions with device, place, method and times; the caller's is current", async () => {
    const phone = await browser(ADMIN, SAFARI_IPHONE, '8.8.8.8');
    const desktop = await browser(ADMIN, FIREFOX_LINUX, '81.2.69.142');
    const colleague = await browser(SAME_ACCOUNT);
    const phoneId = await ownId(phone);
    const colleagueId = await ownId(colleague);
    await t.db
      .updateTable('sessions')
      .set({ sign_in_method: 'sso_oidc' })
      .where('id', '=', phoneId)
      .execute();

    const items = await sessionsOf(desktop);
    expect(items[0]).toMatchObject({
      current: true,
      device: 'Firefox on Ubuntu',
      place: 'United Kingdom',
      method: 'Password',
    });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    const phoneItem = items.find((item) => item.id === phoneId);
    expect(phoneItem).toMatchObject({
      current: false,
      device: 'Safari on iOS',
      place: 'United States',
      method: 'SSO (OpenID Connect)',
    });
    expect(Date.parse(phoneItem?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(phoneItem?.lastActiveAt ?? '')).not.toBeNaN();
    // Another user's sessions, of the same account or not, are not listed.
    expect(items.map((item) => item.id)).not.toContain(colleagueId);
    expect(JSON.stringify(items)).not.toContain('8.8.8.8');
  });

  it('names every sign-in method, and an unknown place "Unknown"', async () => {
    const agent = await browser(ADMIN, CHROME_WINDOWS);
    const other = await browser(ADMIN, CHROME_WINDOWS);
    const otherId = await ownId(other);
    await t.db
      .updateTable('sessions')
      .set({ sign_in_method: 'sso_saml' })
      .where('id', '=', otherId)
      .execute();
    const items = await sessionsOf(agent);
    expect(items.find((item) => item.id === otherId)).toMatchObject({
      device: 'Chrome on Windows',
      place: UNKNOWN_PLACE,
      method: 'SSO (SAML)',
    });
  });

  it('leaves out signed-out and expired sessions', async () => {
    const agent = await browser(ADMIN);
    const ended = await ownId(await browser(ADMIN));
    const expired = await ownId(await browser(ADMIN));
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', ended)
      .execute();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired)
      .execute();
    const ids = (await sessionsOf(agent)).map((item) => item.id);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(expired);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: LIST });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.description).toBe('NOT_AUTHORIZED');
  });
});

describe('signing out one session', () => {
  it('ends it at once: its next call is 401, the caller stays signed in, the log says so', async () => {
    const agent = await browser(ADMIN, CHROME_WINDOWS);
    const other = await browser(ADMIN, FIREFOX_LINUX, '81.2.69.142');
    const otherId = await ownId(other);
    const response = await agent.post(SIGN_OUT, { sessionId: otherId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ code: 200, status: 'OK', message: { ok: true } });

    const refused = await other.get(USER_INFO);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)?.description).toBe('NOT_AUTHORIZED');
    // Nor can it renew itself with its refresh token.
    expect((await other.post('/rpc-api/reseller/auth/v1/refresh-token')).statusCode).toBe(401);
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
    expect((await sessionsOf(agent)).map((item) => item.id)).not.toContain(otherId);

    const [entry] = await auditOf('session.signout');
    expect(entry?.target).toBe('Firefox on Ubuntu (United Kingdom)');
    expect(entry?.account_id).not.toBeNull();
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({ sessionId: otherId });
  });

  it('takes effect on every instance', async () => {
    const sibling = await createSiblingApp(t);
    try {
      const agent = await browser(ADMIN);
      const elsewhere = await browser(ADMIN);
      const elsewhereId = await ownId(elsewhere);
      // The same cookies sent to the other instance: it serves them until the sign-out.
      const onSibling = new Agent(sibling.app, '10.31.9.9');
      for (const [name, value] of elsewhere.cookies) onSibling.cookies.set(name, value);
      expect((await onSibling.get(USER_INFO)).statusCode).toBe(200);
      expect((await agent.post(SIGN_OUT, { sessionId: elsewhereId })).statusCode).toBe(200);
      expect((await onSibling.get(USER_INFO)).statusCode).toBe(401);
    } finally {
      await sibling.close();
    }
  });

  it("answers 404 for another user's session (same account or another), and nothing changes", async () => {
    const agent = await browser(ADMIN);
    const colleagueId = await ownId(await browser(SAME_ACCOUNT));
    const strangerId = await ownId(await browser(OTHER_ACCOUNT));
    const before = (await auditOf('session.signout')).length;
    for (const id of [colleagueId, strangerId, 'no-such-session']) {
      const response = await agent.post(SIGN_OUT, { sessionId: id });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({
        description: 'NOT_FOUND',
        message: SESSION_NOT_FOUND,
      });
    }
    expect((await sessionRow(colleagueId)).revoked_at).toBeNull();
    expect((await sessionRow(strangerId)).revoked_at).toBeNull();
    expect(await auditOf('session.signout')).toHaveLength(before);
  });

  it('answers 404 for a session already signed out', async () => {
    const agent = await browser(ADMIN);
    const otherId = await ownId(await browser(ADMIN));
    expect((await agent.post(SIGN_OUT, { sessionId: otherId })).statusCode).toBe(200);
    expect((await agent.post(SIGN_OUT, { sessionId: otherId })).statusCode).toBe(404);
  });

  it("refuses the caller's own session (that is Logout) and a missing or over-long id", async () => {
    const agent = await browser(ADMIN);
    const id = await ownId(agent);
    const own = await agent.post(SIGN_OUT, { sessionId: id });
    expect(own.statusCode).toBe(422);
    expect(errorOf(own)).toMatchObject({
      description: 'RULE_FAILED',
      message: CURRENT_SESSION_REFUSED,
      field: 'id',
    });
    const forms: Record<string, string>[] = [{}, { sessionId: '' }, { sessionId: 'x'.repeat(65) }];
    for (const form of forms) {
      const response = await agent.post(SIGN_OUT, form);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)?.description).toBe('VALIDATION_FAILED');
    }
    expect((await sessionRow(id)).revoked_at).toBeNull();
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
  });

  it('is refused without a session or without the CSRF token', async () => {
    const agent = await browser(ADMIN);
    const otherId = await ownId(await browser(ADMIN));
    const anonymous = new Agent(t.app, privateAddress());
    await anonymous.csrf();
    expect((await anonymous.post(SIGN_OUT, { sessionId: otherId })).statusCode).toBe(401);
    const noCsrf = await agent.post(SIGN_OUT, { sessionId: otherId }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(errorOf(noCsrf)?.description).toBe('CSRF_INVALID');
    expect((await sessionRow(otherId)).revoked_at).toBeNull();
  });
});

describe('signing out all other sessions', () => {
  it("ends every other session of the user, keeps the caller's and other users' sessions", async () => {
    const agent = await browser(ADMIN);
    const others = [await browser(ADMIN), await browser(ADMIN, SAFARI_IPHONE)];
    const colleague = await browser(SAME_ACCOUNT);
    const response = await agent.post(SIGN_OUT_OTHERS);
    expect(response.statusCode, response.body).toBe(200);
    const { count } = response.json<{ message: { count: number } }>().message;
    expect(count).toBeGreaterThanOrEqual(2);
    for (const other of others) expect((await other.get(USER_INFO)).statusCode).toBe(401);
    expect((await colleague.get(USER_INFO)).statusCode).toBe(200);
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
    const items = await sessionsOf(agent);
    expect(items).toHaveLength(1);
    expect(items[0]?.current).toBe(true);
    const [entry] = await auditOf('session.signout.others');
    expect(entry?.target).toBe(`${String(count)} sessions`);

    // With nothing left to sign out it answers 0 and records nothing.
    const again = await agent.post(SIGN_OUT_OTHERS);
    expect(again.json<{ message: { count: number } }>().message.count).toBe(0);
    expect(await auditOf('session.signout.others')).toHaveLength(1);
  });

  it('is refused without a session or without the CSRF token', async () => {
    const agent = await browser(ADMIN);
    const other = await browser(ADMIN);
    const anonymous = new Agent(t.app, privateAddress());
    await anonymous.csrf();
    expect((await anonymous.post(SIGN_OUT_OTHERS)).statusCode).toBe(401);
    expect((await agent.post(SIGN_OUT_OTHERS, {}, { csrf: false })).statusCode).toBe(403);
    expect((await other.get(USER_INFO)).statusCode).toBe(200);
  });
});

describe('last active', () => {
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const setLastActive = (id: string, value: string | null) =>
    t.db.updateTable('sessions').set({ last_active_at: value }).where('id', '=', id).execute();

  it('is written when a call comes over a minute after the last mark, and not before', async () => {
    const agent = await browser(ADMIN);
    const id = await ownId(agent);

    // Marked 30 s ago: fresh, the call leaves it (no write).
    const recent = ago(30);
    await setLastActive(id, recent);
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
    expect((await sessionRow(id)).last_active_at).toBe(recent);

    // Marked 61 s ago: the next call marks it now.
    await setLastActive(id, ago(61));
    const before = Date.now();
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
    const marked = Date.parse((await sessionRow(id)).last_active_at ?? '');
    expect(marked).toBeGreaterThanOrEqual(before - 1000);

    // A role-checked call (the session and the caller in one statement) marks it too.
    await setLastActive(id, ago(120));
    expect((await agent.get('/rpc-api/reseller/user/get')).statusCode).toBe(200);
    expect(Date.parse((await sessionRow(id)).last_active_at ?? '')).toBeGreaterThanOrEqual(
      before - 1000,
    );

    // A session opened before the column existed is marked on its first call.
    await setLastActive(id, null);
    expect((await agent.get(USER_INFO)).statusCode).toBe(200);
    expect((await sessionRow(id)).last_active_at).not.toBeNull();
  });

  it('a fresh session adds no statement to the session check', async () => {
    const agent = await browser(ADMIN);
    const statements: string[] = [];
    const execute = t.db.executeQuery.bind(t.db);
    const spy = vi.spyOn(t.db, 'executeQuery').mockImplementation((query, queryId) => {
      if ('sql' in query) statements.push(query.sql);
      return execute(query, queryId);
    });
    try {
      expect((await agent.get(USER_INFO)).statusCode).toBe(200);
      expect(statements.filter((sql) => /"sessions"/.test(sql))).toHaveLength(1);
      await setLastActive(await ownId(agent), ago(90));
      statements.length = 0;
      expect((await agent.get(USER_INFO)).statusCode).toBe(200);
      const touching = statements.filter((sql) => /"sessions"/.test(sql));
      expect(touching).toHaveLength(2);
      expect(touching[1]).toMatch(/^update "sessions"/);
    } finally {
      spy.mockRestore();
    }
  });

  it('is what the list shows', async () => {
    const agent = await browser(ADMIN);
    const other = await browser(ADMIN);
    const otherId = await ownId(other);
    const longAgo = ago(3600);
    await setLastActive(otherId, longAgo);
    expect((await sessionsOf(agent)).find((item) => item.id === otherId)?.lastActiveAt).toBe(
      longAgo,
    );
  });
});
