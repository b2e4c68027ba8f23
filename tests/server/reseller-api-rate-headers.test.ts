import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Every reseller API answer says where the caller stands against its rate limit (the IETF
 * draft's RateLimit-* headers), refusals included, and a 429 says when to come back.
 */

let t: TestApp;
let apiKey = '';
beforeAll(async () => {
  t = await createTestApp();
  apiKey = await resellerApiKey(t.app, 'reseller@example.com');
});
afterAll(() => t.close());

const list = (key: string, ip: string) =>
  t.app.inject({
    method: 'GET',
    url: '/reseller-api/v1/users',
    headers: { 'x-api-key': key },
    remoteAddress: ip,
  });

describe('RateLimit headers on the reseller API', () => {
  it('count down on every answer, a refused key included', async () => {
    const first = await list(apiKey, '10.12.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('120');
    expect(first.headers['ratelimit-remaining']).toBe('119');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const second = await list(apiKey, '10.12.0.1');
    expect(second.headers['ratelimit-remaining']).toBe('118');
    const refused = await list('not-a-key', '10.12.0.1');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['ratelimit-remaining']).toBe('117');
  });

  it('at the limit: 429 with Retry-After, and the headers say 0 remain', async () => {
    let last = await list(apiKey, '10.12.0.2');
    for (let index = 1; index <= 120; index += 1) last = await list(apiKey, '10.12.0.2');
    expect(last.statusCode).toBe(429);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the console API does not carry them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/config' });
    expect(response.headers['ratelimit-limit']).toBeUndefined();
  });
});
