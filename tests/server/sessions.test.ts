import type { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

const ACCESS_TTL = 60;
const GRACE = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL),
    REFRESH_REUSE_GRACE_SECONDS: String(GRACE),
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  // A spy left on executeQuery would wrap itself in the next test that spies (endless recursion).
  vi.restoreAllMocks();
});

/** Only Date is faked: Fastify's inject still needs real timers and microtasks. */
const travel = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
};

const signedIn = (kind: 'reseller' | 'partner' = 'reseller') =>
  signedInAgent(t.app, kind, kind === 'reseller' ? 'reseller@example.com' : 'demopartner');

describe('access token', () => {
  it('answers 401 NOT_AUTHORIZED without a token', async () => {
    const response = await t.app.inject({ url: '/rpc-api/partner/user_info' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.description).toBe('NOT_AUTHORIZED');
  });

  it('answers 401 NOT_AUTHORIZED for a forged token', async () => {
    const agent = await signedIn();
    agent.cookies.set('rsr_at', `${agent.cookies.get('rsr_at') ?? ''}x`);
    const response = await agent.get('/rpc-api/reseller/user_info');
    expect(errorOf(response)?.description).toBe('NOT_AUTHORIZED');
  });

  it('answers 401 NOT_AUTHORIZED for a token whose signature was changed after a good call', async () => {
    const agent = await signedIn();
    // The genuine token is now one this process has verified (access-tokens.ts remembers it).
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
    const genuine = agent.cookies.get('rsr_at') ?? '';
    // The signature's first character (its last one may carry unused bits only).
    const at = genuine.lastIndexOf('.') + 1;
    const changed = genuine[at] === 'A' ? 'B' : 'A';
    agent.cookies.set('rsr_at', `${genuine.slice(0, at)}${changed}${genuine.slice(at + 1)}`);
    const response = await agent.get('/rpc-api/reseller/user_info');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.description).toBe('NOT_AUTHORIZED');
  });

  it('answers 401 TOKEN_EXPIRED once the access token has expired, and refresh fixes it', async () => {
    const agent = await signedIn();
    // Verified once while valid: its expiry must hold all the same.
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
    travel(ACCESS_TTL + 5);
    const expired = await agent.get('/rpc-api/reseller/user_info');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)?.description).toBe('TOKEN_EXPIRED');
    const refreshed = await agent.post('/rpc-api/reseller/auth/v1/refresh-token');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<{ code: number }>().code).toBe(200);
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(200);
  });
});

/** Every statement the app runs from now on (built by Kysely or compiled once: both go here). */
function recordStatements(): string[] {
  const statements: string[] = [];
  const executor = t.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  vi.spyOn(executor, 'executeQuery').mockImplementation((query: CompiledQuery) => {
    statements.push(query.sql);
    return execute(query);
  });
  return statements;
}

describe('the session check of a reseller call reads the caller in the same statement', () => {
  const usersList = '/rpc-api/reseller/user/get';
  const FORBIDDEN = 'You do not have permission to perform this action';
  const setSubAdmin = (values: {
    status?: 'active' | 'cancelled';
    role?: 'sub_admin' | 'sub_user';
  }) => t.db.updateTable('users').set(values).where('email', '=', 'subadmin@example.com').execute();
  afterEach(() => setSubAdmin({ status: 'active', role: 'sub_admin' }));

  it('reads the caller with the session in one statement, and never again', async () => {
    const agent = await signedInAgent(t.app, 'reseller', 'subadmin@example.com');
    const statements = recordStatements();
    // A call whose permission depends on the role, and one every role may make.
    for (const url of [usersList, '/rpc-api/api/private/support/otp/disabledUrls']) {
      statements.length = 0;
      expect((await agent.get(url)).statusCode).toBe(200);
      const checks = statements.filter((sql) => /from "sessions"/.test(sql));
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatch(/join "users"/);
      // No second read of the caller by id.
      expect(statements.filter((sql) => /from "users" where "id" = /.test(sql))).toEqual([]);
    }
  });

  it("reads a partner's account status with the session, and never again", async () => {
    const partner = await signedInAgent(t.app, 'partner', 'partner@example.com');
    const statements = recordStatements();
    expect((await partner.get('/rpc-api/partner/getPartnerUserReport')).statusCode).toBe(200);
    const checks = statements.filter((sql) => /from "sessions"/.test(sql));
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatch(/join "partners"/);
    expect(statements.filter((sql) => /from "partners" where "id" = /.test(sql))).toEqual([]);
  });

  it('answers user_info from the session check itself: one statement in all', async () => {
    const agent = await signedInAgent(t.app, 'reseller', 'subadmin@example.com');
    const statements = recordStatements();
    const info = await agent.get('/rpc-api/reseller/user_info');
    expect(info.statusCode).toBe(200);
    expect(info.json<{ message: { email: string } }>().message.email).toBe('subadmin@example.com');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "sessions" inner join "users"/);
    // The same checks as any session: a revoked session gets nothing.
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('subject_id', '=', (await subjectOf('subadmin@example.com')) ?? '')
      .execute();
    const revoked = await agent.get('/rpc-api/reseller/user_info');
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked)?.description).toBe('NOT_AUTHORIZED');
  });

  it('refuses a user cancelled while signed in, and a role taken away, at once', async () => {
    const agent = await signedInAgent(t.app, 'reseller', 'subadmin@example.com');
    expect((await agent.get(usersList)).statusCode).toBe(200);
    await setSubAdmin({ role: 'sub_user' });
    const demoted = await agent.get(usersList);
    expect(demoted.statusCode).toBe(403);
    expect(errorOf(demoted)?.message).toBe(FORBIDDEN);
    await setSubAdmin({ role: 'sub_admin', status: 'cancelled' });
    const cancelled = await agent.get(usersList);
    expect(cancelled.statusCode).toBe(403);
    expect(errorOf(cancelled)?.message).toBe(FORBIDDEN);
  });

  it('refuses a revoked session at once, and only that one', async () => {
    const agent = await signedInAgent(t.app, 'reseller', 'subadmin@example.com');
    const other = await signedInAgent(t.app, 'reseller', 'reseller@example.com');
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('subject_id', '=', (await subjectOf('subadmin@example.com')) ?? '')
      .execute();
    const revoked = await agent.get(usersList);
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked)?.description).toBe('NOT_AUTHORIZED');
    expect((await other.get(usersList)).statusCode).toBe(200);
  });
});

const subjectOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;

describe('refresh token rotation', () => {
  it('rotates the refresh token on every refresh', async () => {
    const agent = await signedIn('partner');
    const first = agent.cookies.get('prt_rt');
    await agent.post('/rpc-api/partner/auth/v1/refresh-token');
    const second = agent.cookies.get('prt_rt');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('accepts the previous token inside the overlap window (two tabs racing)', async () => {
    const agent = await signedIn();
    const old = agent.cookies.get('rsr_rt') ?? '';
    expect((await agent.post('/rpc-api/reseller/auth/v1/refresh-token')).statusCode).toBe(200);
    const otherTab = new Agent(t.app);
    otherTab.cookies.set('XSRF-TOKEN', agent.cookies.get('XSRF-TOKEN') ?? '');
    otherTab.cookies.set('rpc_csrf_bind', agent.cookies.get('rpc_csrf_bind') ?? '');
    otherTab.cookies.set('rsr_rt', old);
    expect((await otherTab.post('/rpc-api/reseller/auth/v1/refresh-token')).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token is replayed after the window', async () => {
    const agent = await signedIn();
    const stolen = agent.cookies.get('rsr_rt') ?? '';
    expect((await agent.post('/rpc-api/reseller/auth/v1/refresh-token')).statusCode).toBe(200);
    travel(GRACE + 2);
    const thief = new Agent(t.app);
    thief.cookies.set('XSRF-TOKEN', agent.cookies.get('XSRF-TOKEN') ?? '');
    thief.cookies.set('rpc_csrf_bind', agent.cookies.get('rpc_csrf_bind') ?? '');
    thief.cookies.set('rsr_rt', stolen);
    const replay = await thief.post('/rpc-api/reseller/auth/v1/refresh-token');
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)?.description).toBe('REFRESH_TOKEN_EXPIRED');
    // The rightful owner's newer tokens die with the family.
    const owner = await agent.post('/rpc-api/reseller/auth/v1/refresh-token');
    expect(errorOf(owner)?.description).toBe('REFRESH_TOKEN_EXPIRED');
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'session.refresh_token_reuse')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('answers REFRESH_TOKEN_EXPIRED without a refresh cookie', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post('/rpc-api/partner/auth/v1/refresh-token');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)?.description).toBe('REFRESH_TOKEN_EXPIRED');
  });
});

describe('logout pages', () => {
  it('revokes the session on the server and clears the cookies', async () => {
    const agent = await signedIn();
    const access = agent.cookies.get('rsr_at') ?? '';
    const refresh = agent.cookies.get('rsr_rt') ?? '';
    const response = await agent.get('/rpc-api/reseller/logout');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/rpc-app/reseller/login');
    expect(agent.cookies.has('rsr_at')).toBe(false);
    // Replaying the old cookies gets nothing: the session is gone, not just forgotten by the browser.
    agent.cookies.set('rsr_at', access);
    agent.cookies.set('rsr_rt', refresh);
    expect((await agent.get('/rpc-api/reseller/user_info')).statusCode).toBe(401);
    expect((await agent.post('/rpc-api/reseller/auth/v1/refresh-token')).statusCode).toBe(401);
  });

  it.each([
    ['/rpc-app/home', '/rpc-app/home'],
    ['/partner/', '/partner/'],
    ['https://evil.example.com/phish', '/rpc-app/reseller/login'],
    ['//evil.example.com/phish', '/rpc-app/reseller/login'],
    ['/\\evil.example.com', '/rpc-app/reseller/login'],
    ['javascript:alert(1)', '/rpc-app/reseller/login'],
  ])('follows redirect_url=%s only when same-origin', async (target, expected) => {
    const agent = await signedIn('partner');
    const response = await agent.get('/rpc-api/partner/logout', { redirect_url: target });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(expected);
  });

  it('accepts an absolute URL on the public origin', async () => {
    const response = await t.app.inject({
      url: '/rpc-api/reseller/logout',
      query: { redirect_url: `${t.config.publicOrigin}/rpc-app/reseller/login?bye=1` },
    });
    expect(response.headers.location).toBe('/rpc-app/reseller/login?bye=1');
  });
});
