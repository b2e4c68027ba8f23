import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyUsage } from '../../src/domain/api/reseller-account';
import type { Agent } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The API Keys tab shows when the account's key was made and last used (never the key): the
 * key's calls record it, at most once a minute; a new key starts unused; only the administrator
 * reads it, and only for their own account.
 */

const USAGE = '/rpc-api/reseller/config/token/usage';
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAgent(t.app, 'reseller', 'reseller@example.com');
});
afterAll(() => t.close());

const usageOf = async (agent: Agent) => {
  const response = await agent.get(USAGE);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: ApiKeyUsage }>().message;
};
const keyOf = async (url: string) =>
  (await admin.post(url, { password: 'Demo@1234' })).json<{ message: { token: string }[] }>()
    .message[0]?.token ?? '';
const callWith = (key: string) =>
  t.app.inject({ method: 'GET', url: '/reseller-api/v1/account', headers: { 'x-api-key': key } });

describe('GET /reseller/config/token/usage', () => {
  it('a call with the key records its time; calls in the same minute write nothing more', async () => {
    const key = await keyOf('/rpc-api/reseller/config/token/update');
    const fresh = await usageOf(admin);
    expect(fresh).toMatchObject({ hasKey: true, lastUsedAt: null });
    expect(fresh.createdAt).not.toBeNull();
    expect((await callWith(key)).statusCode).toBe(200);
    const used = await usageOf(admin);
    expect(used.lastUsedAt).not.toBeNull();
    expect((await callWith(key)).statusCode).toBe(200);
    expect((await usageOf(admin)).lastUsedAt).toBe(used.lastUsedAt);
    // A refused key records nothing against the account.
    expect((await callWith(`${key}x`)).statusCode).toBe(401);
    expect((await usageOf(admin)).lastUsedAt).toBe(used.lastUsedAt);
  });

  it('a new key starts unused', async () => {
    await keyOf('/rpc-api/reseller/config/token/update');
    expect((await usageOf(admin)).lastUsedAt).toBeNull();
  });

  it("answers for the caller's own account only", async () => {
    const trial = await signedInAgent(t.app, 'reseller', 'trial@example.com', { ip: '10.13.0.2' });
    const theirs = await usageOf(trial);
    expect(theirs.hasKey).toBe(false);
    expect(theirs.lastUsedAt).toBeNull();
  });

  it('the administrator only: a sub-admin gets 403, nobody signed in 401', async () => {
    const subAdmin = await signedInAgent(t.app, 'reseller', 'subadmin@example.com', {
      ip: '10.13.0.3',
    });
    expect((await subAdmin.get(USAGE)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: USAGE })).statusCode).toBe(401);
  });
});
