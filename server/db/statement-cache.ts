import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every distinct query the server builds (their SQL text repeats; values are bound). */
const DEFAULT_CAPACITY = 1000;

/**
 * Kysely's SQLite driver prepares every query afresh; preparing was the largest single cost of a
 * signed-in read under load. This reuses better-sqlite3 statements by SQL text, least recently
 * used out first. Kysely runs one query at a time on the connection (its mutex), and the server
 * never streams, so a cached statement is never busy when it is reused. SQLite re-prepares a
 * statement by itself after a schema change (migrations).
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
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
