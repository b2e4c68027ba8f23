import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { migrateToLatest, openDatabase, type Database } from '../../../server/db/database';
import { seedDemoIfEmpty } from '../../../server/db/seed/demo';
import { loadSecrets } from '../../../server/services/secrets';
import { answersOutsideDocument, validateResponsesAgainstDocument } from './response-validation';
import { createScratchDatabase, freshKeys } from './scratch-database';
import type { SeededTemplate } from './seeded-template';

// Where they have always been imported from.
export { createScratchDatabase, freshKeys };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
}

const KEY_NAMES = ['TOKEN_SECRET', 'CSRF_SECRET', 'FIELD_ENCRYPTION_KEY'];

/**
 * The run's migrated and seeded database (seeded-template.ts), unless `env` brings keys of its
 * own: the template's data is sealed with the template's keys.
 */
function templateFor(env: Record<string, string>): SeededTemplate {
  // Outside the server project (a script, the cluster suite) nothing is provided.
  if (!process.env.VITEST || KEY_NAMES.some((name) => name in env)) return {};
  return inject('seededTemplate') ?? {};
}

/**
 * Builds the real server on a fresh database: SQLite in a temporary folder by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL names a server (scripts/with-postgres.mjs sets it).
 * The database starts as a copy of the run's seeded template where there is one; migrating and
 * seeding then find nothing to do, and run as they would on a new database otherwise.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = templateFor(env);
  const scratch = adminUrl
    ? await createScratchDatabase(adminUrl, 'rpc_test', template.postgres?.name)
    : undefined;
  if (!adminUrl && template.sqliteDir) {
    fs.cpSync(template.sqliteDir, dataDir, { recursive: true });
  }
  const databaseUrl = scratch?.url;
  const dropDatabase = scratch?.drop ?? (async () => {});
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-build'),
    // PostgreSQL takes its keys from the environment only (every instance shares them).
    ...(databaseUrl
      ? { DATABASE_URL: databaseUrl, ...(template.postgres?.keys ?? freshKeys()) }
      : {}),
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
      const outside = answersOutsideDocument(app);
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // Answers sent over a socket (a test that listens) are held to the document here.
      if (outside.length > 0) {
        throw new Error(`Answers outside the OpenAPI document:\n${outside.join('\n')}`);
      }
    },
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
        const outside = answersOutsideDocument(app);
        await app.close();
        await database.close();
        if (outside.length > 0) {
          throw new Error(`Answers outside the OpenAPI document:\n${outside.join('\n')}`);
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
