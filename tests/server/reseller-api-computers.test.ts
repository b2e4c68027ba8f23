import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

interface ComputerList {
  computers: { id: string; name: string; groupName: string | null; status: string }[];
  total: number;
  page: number;
  pageSize: number;
}

let t: TestApp;
let acmeKey = '';
let trialKey = '';

/** The account's API key, read the way the console's API Keys tab does (password first). */
async function keyOf(email: string, ip: string): Promise<string> {
  const agent = new Agent(t.app, ip);
  expect((await agent.signIn('reseller', email)).statusCode).toBe(200);
  const response = await agent.post('/rpc-api/reseller/config/token/generate', {
    password: 'Demo@1234',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { token: string }[] }>().message[0]?.token ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  acmeKey = await keyOf('reseller@example.com', '10.1.0.1');
  trialKey = await keyOf('trial@example.com', '10.1.0.2');
});
afterAll(() => t.close());

const call = (url: string, key?: string, query?: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url,
    query,
    remoteAddress: '10.1.0.9',
    headers: key ? { 'x-api-key': key } : {},
  });

describe('GET /reseller-api/v1/computers', () => {
  it("lists the key's account computers, paginated, sorted and filtered", async () => {
    const response = await call('/reseller-api/v1/computers', acmeKey, { pageSize: '10' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const list = response.json<{ code: number; status: string; message: ComputerList }>();
    expect(list.status).toBe('OK');
    expect(list.message.total).toBe(40);
    expect(list.message.computers).toHaveLength(10);
    expect(list.message.computers[0]?.name).toBe('HQ-WS-01');

    const kiosks = await call('/reseller-api/v1/computers', acmeKey, {
      q: 'kiosk',
      sort: 'name',
      order: 'desc',
    });
    const body = kiosks.json<{ message: ComputerList }>().message;
    expect(body.total).toBe(8);
    expect(body.computers[0]?.name).toBe('KIOSK-08');
  });

  it('never returns the Personal Key or its hash', async () => {
    const response = await call('/reseller-api/v1/computers', acmeKey, { pageSize: '100' });
    expect(response.body).not.toMatch(/personal|argon2|Demo-Key-1/i);
  });

  it('scopes to the key account: another reseller sees none of these computers', async () => {
    const response = await call('/reseller-api/v1/computers', trialKey);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: ComputerList }>().message.total).toBe(0);
  });

  it('answers 401 without a key or with an unknown key, also with Bearer', async () => {
    expect((await call('/reseller-api/v1/computers')).statusCode).toBe(401);
    expect(
      (await call('/reseller-api/v1/computers', 'rsk_not-a-real-key-0000000')).statusCode,
    ).toBe(401);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/reseller-api/v1/computers',
      remoteAddress: '10.1.0.9',
      headers: { authorization: `Bearer ${acmeKey}` },
    });
    expect(bearer.statusCode).toBe(200);
  });
});

describe('GET /reseller-api/v1/groups', () => {
  it("lists the key's account groups with their computer counts", async () => {
    const response = await call('/reseller-api/v1/groups', acmeKey);
    expect(response.statusCode, response.body).toBe(200);
    const { groups, ungrouped } = response.json<{
      message: { groups: { name: string; computerCount: number }[]; ungrouped: number };
    }>().message;
    expect(groups.map((group) => group.name)).toEqual([
      'Head Office',
      'Kiosks',
      'Remote Staff',
      'Servers',
      'Warehouse',
    ]);
    expect(groups.every((group) => group.computerCount === 8)).toBe(true);
    expect(ungrouped).toBe(0);
    const trial = await call('/reseller-api/v1/groups', trialKey);
    expect(trial.json<{ message: { groups: unknown[] } }>().message.groups).toEqual([]);
    expect((await call('/reseller-api/v1/groups')).statusCode).toBe(401);
  });

  it('is rate limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/reseller-api/v1/groups',
        remoteAddress: '10.1.0.50',
        headers: { 'x-api-key': acmeKey },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('OpenAPI document', () => {
  it('documents both calls with the API key scheme and examples', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/openapi.json' });
    const doc = response.json<{
      paths: Record<string, { get?: { security?: unknown; responses: Record<string, unknown> } }>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      in: 'header',
      name: 'X-API-Key',
    });
    for (const path of ['/reseller-api/v1/computers', '/reseller-api/v1/groups']) {
      expect(doc.paths[path]?.get?.security).toEqual([{ apiKey: [] }]);
      expect(JSON.stringify(doc.paths[path]?.get?.responses['200'])).toContain('example');
    }
  });
});
