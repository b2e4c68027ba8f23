import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from '../../server/db/compile-once';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userByEmail = compileOnce((db, email) =>
  db.selectFrom('users').select(['email', 'role']).where('email', '=', email),
);

describe('compileOnce', () => {
  it('answers each call with its own values, like the plain query', async () => {
    for (const email of ['reseller@example.com', 'trial@example.com', 'nobody@example.com']) {
      const plain = await t.db
        .selectFrom('users')
        .select(['email', 'role'])
        .where('email', '=', email)
        .execute();
      expect(await userByEmail(t.db, email)).toEqual(plain);
    }
  });

  it('keeps the fixed values of the query and fills only the arguments', async () => {
    const adminByEmail = compileOnce((db, email) =>
      db.selectFrom('users').select('email').where('role', '=', 'admin').where('email', '=', email),
    );
    expect(await adminByEmail(t.db, 'reseller@example.com')).toEqual([
      { email: 'reseller@example.com' },
    ]);
    expect(await adminByEmail(t.db, 'subuser@example.com')).toEqual([]);
  });

  it('runs inside a transaction on that transaction', async () => {
    await t.db.transaction().execute(async (tx) => {
      expect(await userByEmail(tx, 'trial@example.com')).toEqual([
        { email: 'trial@example.com', role: 'admin' },
      ]);
    });
  });

  it('refuses a builder that does not use each argument exactly once as a value', async () => {
    const unused = compileOnce((db, _email: string) => db.selectFrom('users').select('email'));
    await expect(unused(t.db, 'reseller@example.com')).rejects.toThrow(
      'argument 0 must appear exactly once',
    );
  });
});
