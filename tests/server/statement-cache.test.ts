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
