import DataLoader from 'dataloader';
import { SqliteAdapter } from 'kysely';
import type { Executor } from './database';

/** At most this many keys in one statement; DataLoader splits a larger turn into several. */
const MAX_KEYS_PER_STATEMENT = 100;

/** A read of one key, as `compileOnce` makes it: the rows of that key (none or one). */
export type ReadByKey<Row> = (db: Executor, key: string) => Promise<Row[]>;

/** A read of many keys at once: each row names the key it was read for. */
export type ReadByKeys<Row> = (db: Executor, keys: readonly string[]) => Promise<Row[]>;

/**
 * A read by key that every signed-in request makes (the session check), coalesced where a
 * statement is a round trip (PostgreSQL): the keys asked for during one turn of the event loop
 * are read by one statement, run once that turn's I/O has been handled (`setImmediate`), and
 * each caller gets the row of its own key. Under load a turn handles many requests, so their
 * checks cost one round trip instead of one each (about nine a statement at 50 connections);
 * alone, a request waits for nothing but the end of its own turn.
 *
 * Nothing is cached or shared between turns (DataLoader's cache is off): each key is read by a
 * statement that starts after its caller asked, so it sees every change committed before the
 * request arrived, as a statement of its own would (a session revoked a moment before, on any
 * instance, is refused). A statement that fails fails every caller of its turn.
 *
 * On SQLite a statement is a function call, not a round trip: `one` is used as it is. Not for
 * reads inside a transaction (each executor gets its own batches, and a transaction is one
 * connection that its own callers would queue on anyway).
 */
export function coalescedRead<Row extends { key: string }>(
  one: ReadByKey<Row>,
  many: ReadByKeys<Row>,
): ReadByKey<Row> {
  const loaders = new WeakMap<Executor, DataLoader<string, Row | undefined>>();
  const loaderOf = (db: Executor) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader(
        async (keys) => {
          // A session making several calls at once is read once.
          const rows = await many(db, [...new Set(keys)]);
          const byKey = new Map(rows.map((row) => [row.key, row]));
          return keys.map((key) => byKey.get(key));
        },
        {
          cache: false,
          maxBatchSize: MAX_KEYS_PER_STATEMENT,
          batchScheduleFn: (run) => setImmediate(run),
        },
      );
      loaders.set(db, loader);
    }
    return loader;
  };
  return async (db, key) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) return one(db, key);
    const row = await loaderOf(db).load(key);
    return row ? [row] : [];
  };
}
