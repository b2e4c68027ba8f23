import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { assertPlannedWithoutValues } from './sqlite-dialect';

/** Enough for every distinct query the server builds (their SQL text repeats; values are bound). */
const DEFAULT_CAPACITY = 1000;

/** A statement that changes the schema: the cached statements' columns may change with it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

type Row = Record<string, unknown>;

/**
 * Kysely's SQLite driver prepares every query afresh; preparing was the largest single cost of a
 * signed-in read under load. This reuses better-sqlite3 statements by SQL text, least recently
 * used out first. Kysely runs one query at a time on the connection (its mutex), and the server
 * never streams, so a cached statement is never busy when it is reused. SQLite re-prepares a
 * statement by itself after a schema change (migrations); a schema change made through the cache
 * also empties it, since a reader's column names are kept with it (see `readRows`). A statement
 * SQLite would prepare again on every call anyway is refused (see sqlite-dialect.ts).
 */
export function withStatementCache(
  database: SQLite.Database,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: moving the entry to the end makes the first the least used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      assertPlannedWithoutValues(sql);
      const prepared = database.prepare(sql);
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear();
        return prepared;
      }
      const statement = prepared.reader ? readRows(prepared) : prepared;
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/**
 * A reader that returns rows as arrays and names their values here. better-sqlite3 builds each
 * row object in C++ with a fresh key string per column; that was two fifths of the computer
 * list's statement time (25 rows of 13 columns: 314 → 234 µs, median of 40 rounds). The names
 * are read once; a row of another width (the table changed outside the cache) reads them again.
 */
function readRows(statement: SQLite.Statement): SqliteStatement {
  statement.raw(true);
  let names = statement.columns().map((column) => column.name);
  const toRow = (values: unknown[]): Row => {
    if (values.length !== names.length) names = statement.columns().map((column) => column.name);
    const row: Row = {};
    for (let i = 0; i < names.length; i += 1) row[names[i] as string] = values[i];
    return row;
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
  };
}
