import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_ABANDONED_SECONDS,
  idempotencyKeySchema,
  idempotencyMessages,
} from '../../src/domain/api/idempotency';
import { addSeconds, nowIso } from '../../server/services/clock';
import { hourlyJobs } from '../../server/services/hourly-jobs';
import { accountIdOfUser, setPlanUsers } from './helpers/accounts';
import { Agent, errorOf } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Idempotency-Key on the reseller API's POST calls: a retry with the same key and request gets
 * the first answer (and nothing is done twice); the same key with another request is refused;
 * keys are per account; a refused body is not kept; expired or abandoned keys are taken over.
 */

let t: TestApp;
let acmeKey = '';
let trialKey = '';
let acmeId = '';

beforeAll(async () => {
  t = await createTestApp();
  acmeKey = await resellerApiKey(t.app, 'reseller@example.com', '10.9.0.1');
  trialKey = await resellerApiKey(t.app, 'trial@example.com', '10.9.0.2');
  acmeId = await accountIdOfUser(t.db, 'reseller@example.com');
  // These invitations are not about the plan's user count.
  await setPlanUsers(t.db, acmeId, 200);
});
afterAll(() => t.close());

const invite = (apiKey: string, email: string, idempotencyKey?: string | string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/reseller-api/v1/users/invite',
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: { email, role: 'sub_user', allotedComputers: 0 },
    remoteAddress: '10.9.1.1',
  });

const usersNamed = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('the key rule', () => {
  it.each([
    ['6f1c2b8a-3d4e-4f5a-9b6c-7d8e9f0a1b2c', true],
    ['a', true],
    ['x'.repeat(255), true],
    ['x'.repeat(256), false],
    ['', false],
    ['has space', false],
    ['bell\u0007', false],
    ['é', false],
  ])('%j is valid: %s', (value, valid) => {
    expect(idempotencyKeySchema.safeParse(value).success).toBe(valid);
  });
});

describe('Idempotency-Key on the reseller API', () => {
  it('a retry with the same key gets the first answer, and the user is invited once', async () => {
    const first = await invite(acmeKey, 'idem.once@example.com', 'key-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await invite(acmeKey, 'idem.once@example.com', 'key-once');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await usersNamed('idem.once@example.com')).toBe(1);
    // Without a key, the same call is a new request: "already exists".
    const plain = await invite(acmeKey, 'idem.once@example.com');
    expect(plain.statusCode).toBe(409);
  });

  it('a refusal is kept too: the retry gets the same refusal, not a second attempt', async () => {
    const first = await invite(acmeKey, 'subadmin@example.com', 'key-refused');
    expect(first.statusCode).toBe(409);
    const again = await invite(acmeKey, 'subadmin@example.com', 'key-refused');
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('the same key with another request is refused (422) and does nothing', async () => {
    expect((await invite(acmeKey, 'idem.a@example.com', 'key-reused')).statusCode).toBe(200);
    const other = await invite(acmeKey, 'idem.b@example.com', 'key-reused');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toMatchObject({
      description: 'IDEMPOTENCY_KEY_REUSED',
      message: idempotencyMessages.reused,
    });
    expect(await usersNamed('idem.b@example.com')).toBe(0);
  });

  it('a malformed key is refused before anything is done', async () => {
    for (const bad of ['has space', 'x'.repeat(256)]) {
      const response = await invite(acmeKey, 'idem.bad@example.com', bad);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)?.message).toBe(idempotencyMessages.invalid);
    }
    expect(await usersNamed('idem.bad@example.com')).toBe(0);
  });

  it('a body the schema refuses is not kept: the corrected request runs with the same key', async () => {
    const bad = await invite(acmeKey, 'not-an-email', 'key-fixed');
    expect(bad.statusCode).toBe(400);
    const fixed = await invite(acmeKey, 'idem.fixed@example.com', 'key-fixed');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it("keys are the account's own: another account's same key runs its own request", async () => {
    expect((await invite(acmeKey, 'idem.acme@example.com', 'key-shared')).statusCode).toBe(200);
    const trial = await invite(trialKey, 'idem.trial@example.com', 'key-shared');
    expect(trial.statusCode, trial.body).toBe(200);
    expect(trial.headers['idempotent-replayed']).toBeUndefined();
    expect(await usersNamed('idem.trial@example.com')).toBe(1);
  });

  it('without a valid API key nothing is claimed (401)', async () => {
    const response = await invite('not-a-key', 'idem.anon@example.com', 'key-anon');
    expect(response.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'key-anon')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('two requests at once with one key: one runs, the other waits (409) or replays', async () => {
    const answers = await Promise.all([
      invite(acmeKey, 'idem.race@example.com', 'key-race'),
      invite(acmeKey, 'idem.race@example.com', 'key-race'),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const waiting = answers.find((answer) => answer.statusCode === 409);
    if (waiting) {
      expect(errorOf(waiting)?.description).toBe('IDEMPOTENCY_KEY_RUNNING');
      expect(waiting.headers['retry-after']).toBe('2');
    }
    expect(await usersNamed('idem.race@example.com')).toBe(1);
  });

  it('a key still running says so; one abandoned by a stopped instance is taken over', async () => {
    expect((await invite(acmeKey, 'idem.running@example.com', 'key-running')).statusCode).toBe(200);
    // As if the first request were still running (on this or another instance).
    await t.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status_code: null, body_sealed: null, created_at: nowIso() })
      .where('key', '=', 'key-running')
      .execute();
    const busy = await invite(acmeKey, 'idem.running@example.com', 'key-running');
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy)?.message).toBe(idempotencyMessages.running);
    // Its instance stopped: past the abandon time, a retry runs the request again (and, the
    // user existing now, is told so rather than replayed).
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: addSeconds(nowIso(), -IDEMPOTENCY_ABANDONED_SECONDS - 5) })
      .where('key', '=', 'key-running')
      .execute();
    const taken = await invite(acmeKey, 'idem.running@example.com', 'key-running');
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(errorOf(taken)?.message).toBe('Email address already exists');
  });

  it('answers are sealed at rest, and the hourly sweep removes expired keys', async () => {
    expect((await invite(acmeKey, 'idem.sealed@example.com', 'key-sealed')).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .select(['body_sealed', 'state'])
      .where('key', '=', 'key-sealed')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('done');
    expect(row.body_sealed).not.toContain('idem.sealed@example.com');
    await t.db
      .updateTable('idempotency_keys')
      .set({ expires_at: addSeconds(nowIso(), -1) })
      .where('key', '=', 'key-sealed')
      .execute();
    await hourlyJobs['idempotency-sweep']?.(t.db);
    const gone = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'key-sealed')
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('console calls (session, not API key) ignore the header', async () => {
    const agent = new Agent(t.app, '10.9.2.1');
    await agent.signIn('reseller', 'reseller@example.com');
    const response = await agent.post(
      '/rpc-api/reseller/user/invite',
      { email: 'idem.console@example.com', allotedComputers: '0' },
      { headers: { 'idempotency-key': 'key-console' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'key-console')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
