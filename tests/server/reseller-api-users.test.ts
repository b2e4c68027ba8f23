import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

interface SubUser {
  id: string;
  email: string;
  firstname: string;
  status: string;
  allotedComputers: number;
}

let t: TestApp;
let acmeKey = '';
let trialKey = '';
let ipCounter = 1;
const nextIp = () => `10.8.0.${String(ipCounter++)}`;

/** The account's API key, read the way the console's API Keys tab does (password first). */
async function keyOf(email: string): Promise<string> {
  const agent = new Agent(t.app, nextIp());
  expect((await agent.signIn('reseller', email)).statusCode).toBe(200);
  const response = await agent.post('/rpc-api/reseller/config/token/generate', {
    password: 'Demo@1234',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ message: { token: string }[] }>().message[0]?.token ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  acmeKey = await keyOf('reseller@example.com');
  trialKey = await keyOf('trial@example.com');
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST',
  url: string,
  options: {
    key?: string;
    form?: Record<string, string>;
    json?: Record<string, unknown>;
    query?: Record<string, string>;
    ip?: string;
  } = {},
) {
  const headers: Record<string, string> = options.key ? { 'x-api-key': options.key } : {};
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  }
  return t.app.inject({
    method,
    url,
    query: options.query,
    headers,
    payload,
    remoteAddress: options.ip ?? '10.8.1.1',
  });
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type
const message = <T>(response: LightMyRequestResponse): T => response.json<{ message: T }>().message;

async function acmeUserId(email: string): Promise<string> {
  const list = await call('GET', '/reseller-api/v1/users', { key: acmeKey, query: { q: email } });
  return message<{ users: SubUser[] }>(list).users[0]?.id ?? '';
}

describe('GET /reseller-api/v1/users', () => {
  it("lists the key's account users only, a page at a time", async () => {
    const response = await call('GET', '/reseller-api/v1/users', {
      key: acmeKey,
      query: { pageSize: '10', sort: 'username', order: 'asc' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = message<{ users: SubUser[]; total: number }>(response);
    expect(list.users).toHaveLength(10);
    expect(list.total).toBeGreaterThan(10);
    const trial = await call('GET', '/reseller-api/v1/users', {
      key: trialKey,
      query: { q: 'acme-remote' },
    });
    expect(message<{ total: number }>(trial).total).toBe(0);
  });

  it('refuses no key, a wrong key and a replaced key (401)', async () => {
    expect((await call('GET', '/reseller-api/v1/users')).statusCode).toBe(401);
    const wrong = await call('GET', '/reseller-api/v1/users', { key: 'not-a-key' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)?.description).toBe('NOT_AUTHORIZED');

    const euKey = await keyOf('eu@example.com');
    const agent = new Agent(t.app, nextIp());
    await agent.signIn('reseller', 'eu@example.com');
    await agent.post('/rpc-api/reseller/config/token/update', { password: 'Demo@1234' });
    expect((await call('GET', '/reseller-api/v1/users', { key: euKey })).statusCode).toBe(401);
  });
});

describe('POST /reseller-api/v1/users/invite, update, delete', () => {
  it('invites (form-encoded), writes the activity entry and sends the mail', async () => {
    const response = await call('POST', '/reseller-api/v1/users/invite', {
      key: acmeKey,
      form: { email: 'api.invitee@example.com', role: 'sub_user', allotedComputers: '2' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = message<{ user: SubUser; message: string }>(response);
    expect(answer.message).toBe('Invitation sent successfully');
    expect(answer.user).toMatchObject({ email: 'api.invitee@example.com', status: 'invited' });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['user_agent', 'details'])
      .where('action', '=', 'user.invite')
      .where('details', 'like', '%api.invitee@example.com%')
      .executeTakeFirstOrThrow();
    expect(entry.user_agent).toContain('Reseller API key');
  });

  it('reads a JSON body too, and refuses bad fields with the rule-book texts', async () => {
    const json = await call('POST', '/reseller-api/v1/users/invite', {
      key: acmeKey,
      json: { email: 'api.json@example.com', role: 'sub_user', allotedComputers: 1 },
    });
    expect(json.statusCode, json.body).toBe(200);
    const blank = await call('POST', '/reseller-api/v1/users/invite', {
      key: acmeKey,
      form: { email: '', role: 'sub_user', allotedComputers: '1' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toMatchObject({ message: 'Email cannot be blank', field: 'email' });
    const malformed = await call('POST', '/reseller-api/v1/users/invite', {
      key: acmeKey,
      form: { email: 'nope', role: 'sub_user', allotedComputers: '1' },
    });
    expect(errorOf(malformed)?.message).toBe('Enter a valid email address');
    const badName = await call('POST', '/reseller-api/v1/users/update', {
      key: acmeKey,
      form: {
        userId: await acmeUserId('api.invitee@example.com'),
        firstName: 'N0ra',
        lastName: 'Patel',
        role: 'sub_user',
        allotedComputers: '1',
      },
    });
    expect(badName.statusCode).toBe(422);
    expect(errorOf(badName)?.field).toBe('firstName');
  });

  it('updates and deletes a user of the account', async () => {
    const id = await acmeUserId('morgan.khan11@acme-remote.example.com');
    const updated = await call('POST', '/reseller-api/v1/users/update', {
      key: acmeKey,
      form: {
        userId: id,
        firstName: 'Morgan',
        lastName: 'Khan-Api',
        role: 'sub_user',
        allotedComputers: '1',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(message<{ lastname: string }>(updated).lastname).toBe('Khan-Api');

    const deleted = await call('POST', '/reseller-api/v1/users/delete', {
      key: acmeKey,
      form: { userIds: id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(message<{ message: string; count: number }>(deleted)).toEqual({
      message: 'User has been deleted successfully',
      count: 1,
    });
  });

  it("never touches another reseller's users (404)", async () => {
    const id = await acmeUserId('logan.diaz10@acme-remote.example.com');
    const update = await call('POST', '/reseller-api/v1/users/update', {
      key: trialKey,
      form: { userId: id, firstName: 'Evil', lastName: 'Edit', role: 'sub_user' },
    });
    expect(update.statusCode).toBe(404);
    const remove = await call('POST', '/reseller-api/v1/users/delete', {
      key: trialKey,
      form: { userIds: id },
    });
    expect(remove.statusCode).toBe(404);
    const row = await t.db
      .selectFrom('users')
      .select(['last_name', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_name: 'Diaz', status: 'active' });
  });

  it('a browser session without the key or the CSRF token cannot write through it', async () => {
    const agent = new Agent(t.app, nextIp());
    await agent.signIn('reseller', 'reseller@example.com');
    // Cookies but no CSRF header: refused before anything else.
    const noCsrf = await agent.post(
      '/reseller-api/v1/users/invite',
      { email: 'csrf@example.com', role: 'sub_user', allotedComputers: '1' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    // With the CSRF token but no key: the session does not count here.
    const noKey = await agent.post('/reseller-api/v1/users/invite', {
      email: 'csrf@example.com',
      role: 'sub_user',
      allotedComputers: '1',
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('rate-limits the API with 429 and the envelope', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      statuses.push(
        (await call('GET', '/reseller-api/v1/users', { key: acmeKey, ip: '10.8.9.9' })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const limited = await call('GET', '/reseller-api/v1/users', { key: acmeKey, ip: '10.8.9.9' });
    expect(errorOf(limited)?.description).toBe('RATE_LIMITED');
  });
});
