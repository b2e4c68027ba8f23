import type { FastifyInstance } from 'fastify';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Where every rate limit counts, so that N instances give N times nothing: Redis when REDIS_URL
 * is set (the plugin's own store, an atomic Lua script), the database on PostgreSQL (one upsert
 * per attempt), and this process's memory on the one-process SQLite start.
 */
export function rateLimitStorage(
  app: FastifyInstance,
  config: Config,
  database: { db: Database; dialect: 'sqlite' | 'postgres' },
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'store'> {
  if (config.redisUrl) {
    // One quick retry, then the request fails rather than waiting on a Redis that is gone.
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis connection'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
    return { redis, nameSpace: 'rpc-rate-limit:' };
  }
  if (database.dialect === 'postgres') return { store: databaseStore(database.db) };
  return {};
}

/** Deletes counters whose window has ended (the hourly jobs call it). */
export async function sweepRateLimitCounters(db: Database, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', now).execute();
}

/**
 * A fixed-window counter per key in `rate_limit_counters`, the same arithmetic as the plugin's
 * local store: the first attempt of a window sets its end, later ones count up to it. One
 * statement per attempt, so two instances counting at once both land.
 */
function databaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = Date.now();
      const ends = now + timeWindow;
      const isOver = sql<boolean>`rate_limit_counters.window_ends_at <= ${now}`;
      db.insertInto('rate_limit_counters')
        .values({ key: key, count: 1, window_ends_at: ends })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${isOver} then 1 else rate_limit_counters.count + 1 end`,
            window_ends_at: sql<number>`case when ${isOver} then ${ends} else rate_limit_counters.window_ends_at end`,
          }),
        )
        .returning(['count', 'window_ends_at'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => callback(null, { current: row.count, ttl: Number(row.window_ends_at) - now }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    read(key: string, callback: StoreCallback): void {
      const now = Date.now();
      db.selectFrom('rate_limit_counters')
        .select(['count', 'window_ends_at'])
        .where('key', '=', key)
        .where('window_ends_at', '>', now)
        .executeTakeFirst()
        .then(
          (row) =>
            callback(null, {
              current: row?.count ?? 0,
              ttl: row ? Number(row.window_ends_at) - now : 0,
            }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
