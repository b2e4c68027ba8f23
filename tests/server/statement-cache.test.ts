import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../server/db/statement-cache';

describe('SQLite statement cache', () => {
  let file: SQLite.Database | undefined;
  afterEach(() => file?.close());

  function open() {
    file = new SQLite(':memory:');
    file.exec('create table t (id integer primary key, name text)');
    return { file, prepare: vi.spyOn(file, 'prepare') };
  }

  it('prepares a query once and reuses it with other values', async () => {
    const { file: database, prepare } = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await db.insertInto('t').values({ id: 1, name: 'a' }).execute();
    await db.insertInto('t').values({ id: 2, name: 'b' }).execute();
    const first = await db.selectFrom('t').select('name').where('id', '=', 1).executeTakeFirst();
    const second = await db.selectFrom('t').select('name').where('id', '=', 2).executeTakeFirst();
    expect([first?.name, second?.name]).toEqual(['a', 'b']);
    expect(prepare).toHaveBeenCalledTimes(2); // one insert, one select
  });

  it('keeps working through a transaction and a schema change', async () => {
    const { file: database } = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    const select = () => db.selectFrom('t').selectAll().execute();
    await select();
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ id: 1, name: 'a' }).execute();
    });
    database.exec('alter table t add column extra text');
    expect(await select()).toEqual([{ id: 1, name: 'a', extra: null }]);
  });

  it('reads rows with the names and values better-sqlite3 gives them', () => {
    const { file: database } = open();
    database.exec("insert into t values (1, 'a'), (2, null)");
    const cache = withStatementCache(database);
    const queries = [
      'select * from t order by id',
      'select id as x, name as x from t order by id', // the later of two equal names wins
      "select count(*) as n, x'00ff' as bytes, 9007199254740993 as big, 1.5 as half from t",
      'select * from t where id = 99',
    ];
    for (const sql of queries) {
      expect(cache.prepare(sql).all([])).toEqual(database.prepare(sql).all());
    }
    const streamed = [...cache.prepare('select * from t order by id').iterate([])];
    expect(streamed).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ]);
  });

  it('reads the new columns after a schema change made through it', async () => {
    const { file: database } = open();
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
    await db.insertInto('t').values({ id: 1, name: 'a' }).execute();
    const select = () => db.selectFrom('t').selectAll().execute();
    expect(await select()).toEqual([{ id: 1, name: 'a' }]);
    // The same number of columns: only the emptied cache tells the new name.
    await db.schema.alterTable('t').renameColumn('name', 'label').execute();
    expect(await select()).toEqual([{ id: 1, label: 'a' }]);
  });

  it('forgets the least recently used statement beyond its capacity', () => {
    const { file: database, prepare } = open();
    const cache = withStatementCache(database, 2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // now the most recent
    cache.prepare('select 3'); // evicts "select 2"
    cache.prepare('select 1');
    cache.prepare('select 2');
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([
      'select 1',
      'select 2',
      'select 3',
      'select 2',
    ]);
  });
});
