import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, type Transaction } from 'kysely';
import type { DB } from './schema';
import { migrations } from './migrations/all';
import { withNamedStatements } from './pg-named-statements';
import { withStatementCache } from './statement-cache';
import { StablePlanSqliteDialect } from './sqlite-dialect';

export type Database = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Repositories take either the database or a transaction, so a service can compose them. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
  /** The PostgreSQL pool's connections now (for metrics); none on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/**
 * Named statements (pg-named-statements.ts) are planned once per connection, unless PostgreSQL
 * decides a custom plan for each call's values is worth it: it did for every list page, whose
 * `offset $n` makes the generic plan look twice as costly, so each page was planned again on
 * every call (PostgreSQL's CPU per computers page: 830 → 530 µs with this; the plans are the
 * same: an index walk by account). Every statement reads by key through an index (a session, a
 * user, an account), and no account is large (its plan caps it at 250 users and 1,000
 * computers), so a plan made for no value in particular is as good as one made for each. A
 * startup option of every connection: no round trip (an `options` in DATABASE_URL wins).
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: GENERIC_PLANS,
    });
    // An idle client that loses its connection (server restart, admin termination) is reported
    // on the pool; without a listener Node treats it as an uncaught error and the process dies.
    // The pool has already discarded that client, so the next query simply opens a new one.
    pool.on('error', (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    // pool.end() resolves once clients are told to end, not once their sockets have closed;
    // waiting for each 'end' makes close() mean "no connection left" (graceful shutdown, tests
    // that drop their database right after).
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
    });
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
    });
    const close = async () => {
      const ended = [...open].map(
        (client) => new Promise((resolve) => client.once('end', resolve)),
      );
      await db.destroy();
      await Promise.all(ended);
    };
    const poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return { db, dialect: 'postgres', close, poolStats };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'console.sqlite'));
  // WAL lets readers run while a writer commits; foreign keys are off by default in SQLite.
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new StablePlanSqliteDialect({ database: withStatementCache(file) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
}
