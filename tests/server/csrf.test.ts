import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('CSRF gate', () => {
  it('sets a script-readable XSRF-TOKEN cookie bound to an HttpOnly binding cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/rpc-api/csrf' });
    expect(response.statusCode).toBe(200);
    const cookies = response.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[];
    const token = cookies.find((c) => c.name === 'XSRF-TOKEN');
    const binding = cookies.find((c) => c.name === 'rpc_csrf_bind');
    expect(token?.httpOnly).toBeFalsy();
    expect(binding?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe('Strict');
  });

  it('refuses a state-changing call without the X-XSRF-TOKEN header', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post(
      '/rpc-api/reseller/user_signin',
      { username: 'reseller@example.com', password: 'Demo@1234' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, status: 'ERROR' });
    expect(errorOf(response)?.description).toBe('CSRF_INVALID');
    expect(response.cookies.find((c) => c.name === 'rsr_at')).toBeUndefined();
  });

  it('refuses a header that does not match the cookie', async () => {
    const agent = new Agent(t.app);
    await agent.csrf();
    const response = await agent.post(
      '/rpc-api/reseller/user_signin',
      { username: 'reseller@example.com', password: 'Demo@1234' },
      { headers: { 'x-xsrf-token': 'forged.value' }, csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });

  it("refuses a token minted for another browser's binding", async () => {
    const victim = new Agent(t.app);
    await victim.csrf();
    const attacker = new Agent(t.app);
    await attacker.csrf();
    // The attacker plants their own token pair but cannot read or set the victim's HttpOnly binding.
    victim.cookies.set('XSRF-TOKEN', attacker.cookies.get('XSRF-TOKEN') ?? '');
    const response = await victim.post('/rpc-api/reseller/user_signin', {
      username: 'reseller@example.com',
      password: 'Demo@1234',
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets safe methods through without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/iplocation' });
    expect(response.statusCode).toBe(200);
  });
});
