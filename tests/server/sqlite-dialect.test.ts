import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertPlannedWithoutValues,
  StablePlanSqliteDialect,
} from '../../server/db/sqlite-dialect';
import { withStatementCache } from '../../server/db/statement-cache';
import { matchesSearch, searchPattern } from '../../server/db/search-pattern';

interface Tables {
  t: { id: number; name: string };
}

describe('SQLite dialect: no bound value read by the planner', () => {
  let file: SQLite.Database | undefined;
  afterEach(() => file?.close());

  function open() {
    file = new SQLite(':memory:');
    file.exec(
      "create table t (id integer primary key, name text); insert into t values (1, 'Ann'), (2, 'Bob'), (3, 'Bea'), (4, 'Cy')",
    );
    return new Kysely<Tables>({
      dialect: new StablePlanSqliteDialect({ database: withStatementCache(file) }),
    });
  }

  it('binds a LIMIT and a LIKE pattern through a cast, and keeps them parameters', () => {
    const db = open();
    const page = db.selectFrom('t').select('id').where('name', 'like', 'B%').limit(2).offset(1);
    const compiled = page.compile();
    expect(compiled.sql).toBe(
      'select "id" from "t" where "name" like cast(? as text) limit cast(? as integer) offset ?',
    );
    expect(compiled.parameters).toEqual(['B%', 2, 1]);
    const negated = db.selectFrom('t').select('id').where('name', 'not like', 'B%').compile();
    expect(negated.sql).toBe('select "id" from "t" where "name" not like cast(? as text)');
  });

  it('leaves values written into the SQL, and other operators, as they were', () => {
    const db = open();
    const compiled = db
      .selectFrom('t')
      .select('id')
      .where('name', '=', 'Bob')
      .where('name', 'like', sql.lit('B%'))
      .limit(sql.lit(3))
      .compile();
    expect(compiled.sql).toBe(`select "id" from "t" where "name" = ? and "name" like 'B%' limit 3`);
  });

  it('answers the same rows as before: pages, an empty page, a search', async () => {
    const db = open();
    const ids = (limit: number, offset: number) =>
      db.selectFrom('t').select('id').orderBy('id').limit(limit).offset(offset).execute();
    expect(await ids(2, 0)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await ids(2, 2)).toEqual([{ id: 3 }, { id: 4 }]);
    expect(await ids(0, 0)).toEqual([]);
    const found = await db
      .selectFrom('t')
      .select('id')
      .where((eb) => matchesSearch(eb.ref('name'), searchPattern('b')))
      .orderBy('id')
      .execute();
    expect(found).toEqual([{ id: 2 }, { id: 3 }]);
    // LIKE's own wildcards in a search are taken literally.
    const none = await db
      .selectFrom('t')
      .select('id')
      .where((eb) => matchesSearch(eb.ref('name'), searchPattern('_')))
      .execute();
    expect(none).toEqual([]);
  });

  it('refuses SQL with a bare LIMIT or LIKE parameter before preparing it', () => {
    const db = open();
    expect(() => assertPlannedWithoutValues('select id from t limit ?')).toThrow(
      /prepare this statement again on every call \("limit \?"\).*cast\(\? as integer\)/,
    );
    expect(() =>
      assertPlannedWithoutValues("select id from t where lower(name) LIKE  ? escape '\\'"),
    ).toThrow(/cast\(\? as text\)/);
    expect(() =>
      assertPlannedWithoutValues('select id from t limit cast(? as integer)'),
    ).not.toThrow();
    // A raw query through the server's cache is refused the same way.
    return expect(sql`select id from t limit ${1}`.execute(db)).rejects.toThrow(
      /prepare this statement again on every call/,
    );
  });
});
