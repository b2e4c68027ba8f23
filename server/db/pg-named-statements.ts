import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Distinct SQL texts that get a server-side prepared statement; the rest run unnamed. */
const DEFAULT_CAPACITY = 500;

/** Tells the names of two wrappers apart should they ever share a pool's connections. */
let wrappers = 0;

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
      return client.query({ name, text: sqlOrCursor, values: parameters ? [...parameters] : [] });
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
