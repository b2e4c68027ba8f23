import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { migrateToLatest, openDatabase, type Database } from '../../../server/db/database';
import { seedDemoIfEmpty } from '../../../server/db/seed/demo';
import { loadSecrets } from '../../../server/services/secrets';
import { validateResponsesAgainstDocument } from './response-validation';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
}

/**
 * Builds the real server on a fresh database: SQLite in a temporary folder by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL names a server (scripts/with-postgres.mjs sets it).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'rpc_test') : undefined;
  const databaseUrl = scratch?.url;
  const dropDatabase = scratch?.drop ?? (async () => {});
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-build'),
    // PostgreSQL takes its keys from the environment only (every instance shares them).
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, ...freshKeys() } : {}),
    ...env,
  });
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db, loadSecrets(config).fieldKey);
  const app = await buildApp({
    config,
    database,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
  });
  validateResponsesAgainstDocument(app);
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    dialect: database.dialect,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the server `adminUrl` names, and how to drop it. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A new set of the three shared keys, as an operator would generate them. */
export function freshKeys(): Record<
  'TOKEN_SECRET' | 'CSRF_SECRET' | 'FIELD_ENCRYPTION_KEY',
  string
> {
  return {
    TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    CSRF_SECRET: crypto.randomBytes(32).toString('hex'),
    FIELD_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  };
}

/**
 * Another instance of the server on the same database as `t` (the same DATA_DIR on SQLite, the
 * same PostgreSQL database), with the same keys unless `env` says otherwise: what a second copy
 * behind a load balancer is. Rejects as the real start-up would (a key mismatch, say).
 */
export async function createSiblingApp(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const base = t.config;
  const config = loadConfig({
    DATA_DIR: base.dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: base.staticDir,
    ...(base.databaseUrl
      ? {
          DATABASE_URL: base.databaseUrl,
          TOKEN_SECRET: base.secrets.token ?? '',
          CSRF_SECRET: base.secrets.csrf ?? '',
          FIELD_ENCRYPTION_KEY: base.secrets.fieldKey ?? '',
        }
      : {}),
    ...env,
  });
  const database = openDatabase(config);
  try {
    const app = await buildApp({ config, database, logger: false });
    validateResponsesAgainstDocument(app);
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
