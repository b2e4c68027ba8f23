import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, errorOf } from './helpers/agent';
import { createTestApp, type TestApp } from './helpers/test-app';
import { accountIdOfUser, setPlanUsers } from './helpers/accounts';

interface Envelope {
  code: number;
  status: string;
  errors: { description: string; message: string; field?: string }[];
}

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('reseller', 'reseller@example.com');
  // The invitations here are not about the plan's user count (plan-user-limit.test.ts is).
  await setPlanUsers(t.db, await accountIdOfUser(t.db, 'reseller@example.com'), 1000);
});
afterAll(() => t.close());

const csvOf = (count: number, prefix: string, edit?: (row: string, index: number) => string) =>
  [
    'email,first_name,last_name,allotted_computers',
    ...Array.from({ length: count }, (_, i) => {
      const row = `${prefix}${String(i)}@bulk.example.com,Bulk,User,${String(i % 3)}`;
      return edit ? edit(row, i) : row;
    }),
  ].join('\n');

async function userCount(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /reseller/user/invite/csv', () => {
  it('invites every row of a valid file: "Invitation sent successfully to 3 users"', async () => {
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(3, 'small'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: { created: number; message: string } }>().message).toEqual({
      created: 3,
      message: 'Invitation sent successfully to 3 users',
    });
    const rows = await t.db
      .selectFrom('users')
      .select(['status', 'first_name', 'alloted_computers'])
      .where('email', 'like', 'small%')
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { status: 'invited', first_name: 'Bulk', alloted_computers: 0 },
      { status: 'invited', first_name: 'Bulk', alloted_computers: 1 },
      { status: 'invited', first_name: 'Bulk', alloted_computers: 2 },
    ]);
  });

  it('creates 500 users in one go', async () => {
    const before = await userCount();
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
      // No computers: the plan's computer count is not what this test is about.
      csv: csvOf(500, 'five-hundred', (row) => row.replace(/,\d+$/, ',0')),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await userCount()).toBe(before + 500);
  });

  // PostgreSQL only (the SQLite run has no planner statistics to refresh).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'refreshes PostgreSQL planner statistics after a bulk import',
    async () => {
      const lastAnalyze = async () =>
        (
          await sql<{
            at: Date | null;
          }>`select last_analyze as at from pg_stat_user_tables where relname = 'users'`.execute(
            t.db,
          )
        ).rows[0]?.at ?? null;
      const before = await lastAnalyze();
      const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
        csv: csvOf(150, 'analyzed', (row) => row.replace(/,\d+$/, ',0')),
      });
      expect(response.statusCode, response.body).toBe(200);
      const after = await lastAnalyze();
      expect(after).not.toBeNull();
      expect(after?.getTime()).not.toBe(before?.getTime());
    },
  );

  it('refuses more than 500 users: "Should not allow more than 500 users at a time"', async () => {
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(501, 'too-many'),
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.message).toBe('Should not allow more than 500 users at a time');
  });

  it.each([
    ['an empty file', ''],
    ['a file without the header', 'a@b.example.com,Ann,Lee'],
    ['a header without rows', 'email,first_name,last_name'],
  ])('refuses %s: "Please upload a valid CSV file"', async (_, csv) => {
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', { csv });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)?.message).toBe('Please upload a valid CSV file');
  });

  it('a 500-row file with one bad row creates nothing and names the row', async () => {
    const before = await userCount();
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(500, 'one-bad', (row, i) => (i === 249 ? 'not-an-email,Bulk,User,1' : row)),
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<Envelope>();
    expect(body.errors[0]).toMatchObject({
      description: 'CSV_ROWS_FAILED',
      message: 'Accounts could not be created. Check the user details in CSV file and try again.',
    });
    // Row 251 of the spreadsheet: the header is row 1.
    expect(body.errors.slice(1)).toEqual([
      {
        description: 'RULE_FAILED',
        message: 'Enter a valid email address',
        field: 'row.251.email',
      },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('a row whose e-mail is already registered makes the whole file fail (all or nothing)', async () => {
    const before = await userCount();
    const response = await admin.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(500, 'dupe', (row, i) => (i === 499 ? 'subuser@example.com,Sam,Patel,1' : row)),
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<Envelope>();
    expect(body.errors[0]?.message).toBe(
      'Accounts could not be created. Check the user details in CSV file and try again.',
    );
    expect(body.errors[1]).toEqual({
      description: 'RULE_FAILED',
      message: 'Email address already exists',
      field: 'row.501.email',
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a sub-user (403) and keeps each reseller’s users apart', async () => {
    const subUser = new Agent(t.app);
    await subUser.signIn('reseller', 'subuser@example.com');
    const refused = await subUser.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(1, 'sub'),
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)?.message).toBe('You do not have permission to perform this action');

    const trial = new Agent(t.app);
    await trial.signIn('reseller', 'trial@example.com');
    const created = await trial.post('/rpc-api/reseller/user/invite/csv', {
      csv: csvOf(2, 'trial-bulk'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = await admin.get('/rpc-api/reseller/user/get', { q: 'trial-bulk' });
    expect(list.json<{ message: { total: number } }>().message.total).toBe(0);
  });
});
