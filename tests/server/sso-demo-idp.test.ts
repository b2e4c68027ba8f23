import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as DemoIdp from '../../server/services/sso/demo-idp';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The demo identity provider is made on its first request. A making that fails (here, the first
 * one, on purpose) must not be kept: the next request makes it again and is answered.
 */
vi.mock('../../server/services/sso/demo-idp', async (importOriginal) => {
  const actual = await importOriginal<typeof DemoIdp>();
  let makings = 0;
  return {
    ...actual,
    createDemoIdp: vi.fn((options: Parameters<typeof actual.createDemoIdp>[0]) => {
      makings += 1;
      return makings === 1
        ? Promise.reject(new Error('the first making fails'))
        : actual.createDemoIdp(options);
    }),
  };
});

let t: TestApp;
beforeAll(async () => {
  // The demo IdP exists only with demo data (on PostgreSQL too, for this test).
  t = await createTestApp({ SEED_DEMO: '1' });
});
afterAll(() => t.close());

describe('the demo identity provider', () => {
  it('is made again on the next request after a failed making', async () => {
    const url = '/demo-idp/.well-known/openid-configuration';
    expect((await t.app.inject({ url })).statusCode).toBe(500);
    const second = await t.app.inject({ url });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ issuer: string }>().issuer).toMatch(/\/demo-idp$/);
  });
});
