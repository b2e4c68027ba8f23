import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The CSRF token is bound to the session: a token obtained before sign-in, or in another
 * session, is refused once signed in; each sign-in issues a fresh one; a browser holding a
 * reseller and a partner session keeps both working.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROFILE = '/rpc-api/reseller/account/update';
const form = { firstname: 'Robin', lastname: 'Reseller' };

/** Sends `form` with the session cookies of `session` but the CSRF pair of `csrfFrom`. */
function mixed(session: Agent, csrfFrom: Map<string, string>) {
  const cookies = new Map(session.cookies);
  for (const name of ['XSRF-TOKEN', 'rpc_csrf_bind']) {
    const value = csrfFrom.get(name);
    if (value) cookies.set(name, value);
  }
  return t.app.inject({
    method: 'POST',
    url: PROFILE,
    remoteAddress: '198.51.100.180',
    headers: {
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(csrfFrom.get('XSRF-TOKEN') ?? ''),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('CSRF bound to the session', () => {
  it('a token from before sign-in is refused after it; the one sign-in issued works', async () => {
    const agent = new Agent(t.app, '198.51.100.181');
    await agent.csrf();
    const planted = new Map(agent.cookies);
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    expect(agent.cookies.get('XSRF-TOKEN')).not.toBe(planted.get('XSRF-TOKEN'));

    const refused = await mixed(agent, planted);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.description).toBe('CSRF_INVALID');
    expect((await agent.post(PROFILE, { ...form, lastname: 'Resellers' })).statusCode).not.toBe(
      403,
    );
  });

  it("another session's token is refused with this session's cookies", async () => {
    const mine = new Agent(t.app, '198.51.100.182');
    const theirs = new Agent(t.app, '198.51.100.183');
    expect((await mine.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    expect((await theirs.signIn('reseller', 'subadmin@example.com')).statusCode).toBe(200);
    const refused = await mixed(mine, theirs.cookies);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.description).toBe('CSRF_INVALID');
  });

  it('a reseller and a partner session in one browser both keep working', async () => {
    const agent = new Agent(t.app, '198.51.100.184');
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    expect((await agent.signIn('partner', 'demopartner')).statusCode).toBe(200);
    const reseller = await agent.post(PROFILE, { ...form, lastname: 'Both' });
    expect(reseller.statusCode, reseller.body).not.toBe(403);
    const partner = await agent.post('/rpc-api/partner/updatePartnerEditProfile', {
      city: 'Fresno',
    });
    expect(partner.statusCode, partner.body).toBe(200);
  });

  it('a refresh keeps the token (calls in flight keep working)', async () => {
    const agent = new Agent(t.app, '198.51.100.185');
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const before = agent.cookies.get('XSRF-TOKEN');
    expect((await agent.post('/rpc-api/reseller/auth/v1/refresh-token', {})).statusCode).toBe(200);
    expect(agent.cookies.get('XSRF-TOKEN')).toBe(before);
  });
});
