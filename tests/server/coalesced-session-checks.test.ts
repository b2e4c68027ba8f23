import { PostgresAdapter, SqliteAdapter } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coalescedRead } from '../../server/db/coalesced-read';
import type { Executor } from '../../server/db/database';
import { accountIdOfUser } from './helpers/accounts';
import { errorOf, type Agent } from './helpers/agent';
import { signedInAgent } from './helpers/sign-in';
import { statementsOf } from './helpers/statements';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionChecks = (statements: string[]) =>
  statements.filter((sql) => /from "sessions" left join "(users|partners)"/.test(sql));

/** The e-mails of an account's users, as the database has them. */
const emailsOf = async (accountId: string) =>
  new Set(
    (
      await t.db.selectFrom('users').select('email').where('account_id', '=', accountId).execute()
    ).map((row) => row.email),
  );

type UserPage = { message: { users: { email: string }[] } };

describe('session checks of calls that arrive together', () => {
  const usersList = '/rpc-api/reseller/user/get?pageSize=100';

  it("gives every call its own session and caller: each list is its own account's", async () => {
    const callers = [
      ['reseller@example.com', await signedInAgent(t.app, 'reseller', 'reseller@example.com')],
      ['subadmin@example.com', await signedInAgent(t.app, 'reseller', 'subadmin@example.com')],
      ['globex@example.com', await signedInAgent(t.app, 'reseller', 'globex@example.com')],
    ] as const;
    let answers: Awaited<ReturnType<Agent['get']>>[] = [];
    const statements = await statementsOf(t.db, async () => {
      answers = await Promise.all(callers.map(([, agent]) => agent.get(usersList)));
    });
    for (const [index, [email]] of callers.entries()) {
      const answer = answers[index];
      expect(answer?.statusCode, email).toBe(200);
      const own = await emailsOf(await accountIdOfUser(t.db, email));
      const listed = answer?.json<UserPage>().message.users.map((user) => user.email) ?? [];
      expect(listed.length, email).toBeGreaterThan(0);
      expect(
        listed.filter((listedEmail) => !own.has(listedEmail)),
        email,
      ).toEqual([]);
    }
    // On PostgreSQL the three checks are one statement (one round trip); on SQLite, where a
    // statement is a function call, each call keeps its own.
    expect(sessionChecks(statements)).toHaveLength(t.dialect === 'postgres' ? 1 : 3);
  });

  it("answers user_info calls that arrive together with each caller's own user", async () => {
    const emails = ['reseller@example.com', 'subadmin@example.com', 'globex@example.com'];
    const agents = await Promise.all(
      emails.map((email) => signedInAgent(t.app, 'reseller', email)),
    );
    let answers: Awaited<ReturnType<Agent['get']>>[] = [];
    const statements = await statementsOf(t.db, async () => {
      answers = await Promise.all(agents.map((agent) => agent.get('/rpc-api/reseller/user_info')));
    });
    expect(
      answers.map((answer) => answer.json<{ message: { email: string } }>().message.email),
    ).toEqual(emails);
    const reads = statements.filter((sql) => /from "sessions" inner join "users"/.test(sql));
    expect(reads).toHaveLength(t.dialect === 'postgres' ? 1 : 3);
  });

  it('refuses a revoked session among live ones of the same turn, and only it', async () => {
    const live = await signedInAgent(t.app, 'reseller', 'reseller@example.com');
    const revoked = await signedInAgent(t.app, 'reseller', 'subadmin@example.com');
    const partner = await signedInAgent(t.app, 'partner', 'partner@example.com');
    const subAdminId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'subadmin@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('subject_id', '=', subAdminId)
      .execute();
    const calls: [Agent, string][] = [
      [live, usersList],
      [revoked, usersList],
      [live, usersList],
      [partner, '/rpc-api/partner/getPartnerUserReport'],
    ];
    const [first, refused, second, report] = await Promise.all(
      calls.map(([agent, url]) => agent.get(url)),
    );
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(report?.statusCode).toBe(200);
    expect(refused?.statusCode).toBe(401);
    expect(refused && errorOf(refused)?.description).toBe('NOT_AUTHORIZED');
  });
});

describe('coalescedRead', () => {
  type Row = { key: string; value: string };
  const executorOn = (adapter: PostgresAdapter | SqliteAdapter) =>
    ({ getExecutor: () => ({ adapter }) }) as unknown as Executor;

  it('reads the keys of one turn in one call, each caller getting its own row', async () => {
    const batches: string[][] = [];
    const read = coalescedRead<Row>(
      () => Promise.reject(new Error('not on PostgreSQL')),
      (_db, keys) => {
        batches.push([...keys]);
        return Promise.resolve(
          keys.filter((key) => key !== 'gone').map((key) => ({ key, value: key.toUpperCase() })),
        );
      },
    );
    const db = executorOn(new PostgresAdapter());
    const rows = await Promise.all(['a', 'b', 'a', 'gone'].map((key) => read(db, key)));
    expect(rows).toEqual([
      [{ key: 'a', value: 'A' }],
      [{ key: 'b', value: 'B' }],
      [{ key: 'a', value: 'A' }],
      [],
    ]);
    // One statement, each key once.
    expect(batches).toEqual([['a', 'b', 'gone']]);
    // Nothing is kept: the next turn reads again.
    await read(db, 'a');
    expect(batches).toHaveLength(2);
  });

  it('fails every caller of a turn whose statement fails, and the next turn reads afresh', async () => {
    let fail = true;
    const read = coalescedRead<Row>(
      () => Promise.reject(new Error('not on PostgreSQL')),
      (_db, keys) =>
        fail
          ? Promise.reject(new Error('connection lost'))
          : Promise.resolve(keys.map((key) => ({ key, value: key }))),
    );
    const db = executorOn(new PostgresAdapter());
    const outcomes = await Promise.allSettled(['a', 'b'].map((key) => read(db, key)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(db, 'a')).toEqual([{ key: 'a', value: 'a' }]);
  });

  it('reads one key at a time on SQLite', async () => {
    const many = vi.fn(() => Promise.resolve<Row[]>([]));
    const read = coalescedRead<Row>((_db, key) => Promise.resolve([{ key, value: 'one' }]), many);
    const db = executorOn(new SqliteAdapter());
    expect(await Promise.all(['a', 'b'].map((key) => read(db, key)))).toEqual([
      [{ key: 'a', value: 'one' }],
      [{ key: 'b', value: 'one' }],
    ]);
    expect(many).not.toHaveBeenCalled();
  });
});
