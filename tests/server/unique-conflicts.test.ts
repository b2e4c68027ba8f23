import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueViolation } from '../../server/plugins/unique-violations';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const topicOf = async (email: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('proxy_topic')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).proxy_topic;

describe('a value colliding with a unique column', () => {
  it('a proxy topic another account uses: 409 with the envelope, the field named, nothing changed', async () => {
    const theirs = await topicOf('trial@example.com');
    const mine = await topicOf('reseller@example.com');
    const agent = new Agent(t.app, '198.51.100.51');
    expect((await agent.signIn('reseller', 'reseller@example.com')).statusCode).toBe(200);
    const response = await agent.post('/rpc-api/reseller/account/update', {
      firstname: 'Robin',
      lastname: 'Reseller',
      proxy: theirs,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 409, status: 'ERROR' });
    expect(errorOf(response)).toEqual({
      description: 'CONFLICT',
      message: 'This proxy topic is already in use. Choose another.',
      field: 'proxy',
    });
    expect(await topicOf('reseller@example.com')).toBe(mine);
  });

  it(`is recognised from this database's own error, whatever the table`, async () => {
    const row = await t.db.selectFrom('support_otp_codes').select(['user_id']).executeTakeFirst();
    const user =
      row ?? (await t.db.selectFrom('users').select('id as user_id').executeTakeFirstOrThrow());
    const values = {
      user_id: user.user_id,
      code_hash: `dup-${crypto.randomUUID()}`,
      created_at: new Date().toISOString(),
      expires_at: new Date().toISOString(),
      used_at: null,
    };
    await t.db
      .insertInto('support_otp_codes')
      .values({ id: crypto.randomUUID(), ...values })
      .execute();
    const error: unknown = await t.db
      .insertInto('support_otp_codes')
      .values({ id: crypto.randomUUID(), ...values })
      .execute()
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeDefined();
    expect(uniqueViolation(error)).toEqual({
      message: 'This was already done or the value is already in use.',
    });
    expect(uniqueViolation(new Error('something else'))).toBeUndefined();
  });
});
