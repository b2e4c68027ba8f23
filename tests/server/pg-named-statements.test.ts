import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { withNamedStatements } from '../../server/db/pg-named-statements';

/*
 * PostgreSQL only: TEST_DATABASE_URL is set by the PostgreSQL run of this suite
 * (scripts/with-postgres.mjs), which `npm test` always makes; the SQLite run has no server to ask.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('PostgreSQL named statements', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    // One connection, so every query below meets the statements the earlier ones prepared.
    pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
  });
  afterAll(() => pool.end());

  const prepared = async (db: Kysely<unknown>) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
    ).rows.map((row) => row.statement);

  it('prepares a query once per connection and reruns it with other values', async () => {
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
    });
    const double = (n: number) => sql<{ twice: number }>`select ${n}::int * 2 as twice`.execute(db);
    expect((await double(2)).rows).toEqual([{ twice: 4 }]);
    expect((await double(21)).rows).toEqual([{ twice: 42 }]);
    const statements = await prepared(db);
    expect(statements.filter((text) => text.includes('* 2 as twice'))).toHaveLength(1);
  });

  it('runs texts beyond its capacity unnamed, with the same answers', async () => {
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool, 1) }),
    });
    expect((await sql<{ n: number }>`select 1 + ${1}::int as n`.execute(db)).rows).toEqual([
      { n: 2 },
    ]);
    expect((await sql<{ n: number }>`select 2 + ${1}::int as n`.execute(db)).rows).toEqual([
      { n: 3 },
    ]);
    const statements = await prepared(db);
    expect(statements.some((text) => text.includes('select 1 +'))).toBe(true);
    expect(statements.some((text) => text.includes('select 2 +'))).toBe(false);
  });

  it("plans the server's statements once, a page's limit and offset notwithstanding", async () => {
    // With its `offset $n` a list page looked costlier planned for no value in particular, so
    // PostgreSQL planned it again for each call's values (see GENERIC_PLANS in database.ts).
    const { db, close } = openDatabase({ databaseUrl: adminUrl, dataDir: '.' });
    try {
      const plans = await db.transaction().execute(async (tx) => {
        for (let page = 0; page < 8; page += 1) {
          await sql`select relname from pg_class where relkind = ${'r'} order by relname limit ${5} offset ${page}`.execute(
            tx,
          );
        }
        return sql<{ generic: string; custom: string }>`
          select generic_plans::text as generic, custom_plans::text as custom
          from pg_prepared_statements
          where statement like '%from pg_class where relkind%'
            and statement not like '%pg_prepared_statements%'`.execute(tx);
      });
      expect(plans.rows).toEqual([{ generic: '8', custom: '0' }]);
    } finally {
      await close();
    }
  });
});
