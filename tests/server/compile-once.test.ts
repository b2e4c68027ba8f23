import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compileByShape, compileOnce } from '../../server/db/compile-once';
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

  it('refuses a builder that does not use each argument as a value', async () => {
    const unused = compileOnce((db, _email: string) => db.selectFrom('users').select('email'));
    await expect(unused(t.db, 'reseller@example.com')).rejects.toThrow(
      'argument 0 must appear as a value',
    );
  });
});

/** Users by e-mail, of one role or all; the role is the shape, the e-mail a value. */
const usersByShape = compileByShape(
  (db, shape: { role: 'admin' | 'all' }, values: { pattern: string; limit: number }) => {
    let query = db
      .selectFrom('users')
      .select(['email', 'role'])
      // The same value twice: each of its places is filled.
      .where((eb) =>
        eb.or([eb('email', 'like', values.pattern), eb('username', 'like', values.pattern)]),
      )
      .orderBy('email')
      .limit(values.limit);
    if (shape.role !== 'all') query = query.where('role', '=', shape.role);
    return query;
  },
);

const plainUsers = (role: 'admin' | 'all', pattern: string, limit: number) => {
  let query = t.db
    .selectFrom('users')
    .select(['email', 'role'])
    .where((eb) => eb.or([eb('email', 'like', pattern), eb('username', 'like', pattern)]))
    .orderBy('email')
    .limit(limit);
  if (role !== 'all') query = query.where('role', '=', role);
  return query.execute();
};

describe('compileByShape', () => {
  it('answers each shape and each call with its own values, like the plain query', async () => {
    const calls = [
      ['all', '%@example.com', 50],
      ['admin', '%@example.com', 50],
      ['all', 'sub%', 2],
      ['admin', 'sub%', 5],
      ['all', '%@example.com', 3],
    ] as const;
    for (const [role, pattern, limit] of calls) {
      const compiled = await usersByShape(t.db, { role }, { pattern, limit });
      expect(compiled).toEqual(await plainUsers(role, pattern, limit));
    }
    expect(
      (await usersByShape(t.db, { role: 'admin' }, { pattern: '%', limit: 50 })).length,
    ).toBeGreaterThan(0);
  });

  it('refuses a builder that changes a value instead of passing it on', async () => {
    const lowered = compileByShape((db, _shape: object, values: { email: string }) =>
      db.selectFrom('users').select('email').where('email', '=', values.email.toLowerCase()),
    );
    await expect(lowered(t.db, {}, { email: 'reseller@example.com' })).rejects.toThrow(
      'argument 0 must appear as a value',
    );
  });

  it('stays correct past the number of shapes it keeps', async () => {
    const first = compileByShape((db, shape: { n: number }, values: { email: string }) =>
      db
        .selectFrom('users')
        .select(['email', sql<number>`${sql.lit(shape.n)}`.as('n')])
        .where('email', '=', values.email),
    );
    for (let n = 0; n < 600; n += 1) {
      expect(await first(t.db, { n }, { email: 'reseller@example.com' })).toEqual([
        { email: 'reseller@example.com', n },
      ]);
    }
  });
});
