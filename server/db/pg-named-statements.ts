import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Distinct SQL texts that get a server-side prepared statement; the rest run unnamed. */
const DEFAULT_CAPACITY = 500;

/** Tells the names of two wrappers apart should they ever share a pool's connections. */
let wrappers = 0;

/**
 * A query through node-postgres's callback, with a promise of our own. With its promise form
 * (the query's callback resolves a promise that has a `.catch` behind it), V8 moved the rows of
 * a result into the old generation under load (its allocation-site pretenuring, which
 * `--no-allocation-site-pretenuring` turns off): the activity log page promoted 13.6 KB a
 * request instead of 1, and minor GCs stopped the server for 1.25 s of a 10 s run, up to 23 ms
 * each (50 connections, `--trace-gc-nvp`). pg alone shows it: a pool of 10, 50 loops, 25 rows a
 * query, 14.2 KB promoted a query in the promise form, 0.1 KB with a callback. The errors are
 * node-postgres's own, with their fields. Guarded by tests/server/read-promotion.test.ts.
 */
function queried(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(config, (error: Error | null, result: pg.QueryResult) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it again on each call; for the
 * short reads of a signed-in request that is a large share of the database's time. This pool gives
 * each distinct SQL text a statement name, and node-postgres then prepares it once per connection
 * and afterwards only binds and executes it. Values are always bound, so the texts repeat; the
 * first `capacity` texts are named (server memory per connection stays bounded), later ones run
 * unnamed as before. Migrations run before the server serves, so a prepared plan never outlives a
 * change of its tables.
 */
export function withNamedStatements(pool: pg.Pool, capacity = DEFAULT_CAPACITY): PostgresPool {
  const prefix = `k${String((wrappers += 1))}_`;
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= capacity) return known;
    const name = `${prefix}${String(names.size)}`;
    names.set(sql, name);
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // Kysely only streams through a cursor object, which is passed on untouched. The cast: one
    // function implements the interface's two overloads.
    query: ((sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (typeof sqlOrCursor !== 'string') {
        return client.query(sqlOrCursor as pg.Submittable);
      }
      const name = nameOf(sqlOrCursor);
      return queried(client, {
        name,
        text: sqlOrCursor,
        values: parameters ? [...parameters] : [],
      });
    }) as unknown as PostgresPoolClient['query'],
    release: () => {
      client.release();
    },
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = wrap(client);
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}
