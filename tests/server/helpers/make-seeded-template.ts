import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { migrateToLatest, openDatabase } from '../../../server/db/database';
import { seedDemoIfEmpty } from '../../../server/db/seed/demo';
import { loadSecrets } from '../../../server/services/secrets';
import { createScratchDatabase, freshKeys } from './scratch-database';
import type { SeededTemplate } from './seeded-template';

/*
 * Makes the server suites' seeded template (seeded-template.ts runs it with tsx) and prints it as
 * JSON: a PostgreSQL database when TEST_DATABASE_URL is set, else a SQLite data folder.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-template-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'rpc_template') : undefined;
const keys = scratch ? freshKeys() : {};
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(scratch ? { DATABASE_URL: scratch.url, ...keys } : {}),
});
const database = openDatabase(config);
try {
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db, loadSecrets(config).fieldKey);
} finally {
  // A template database takes no copy while anyone is connected to it.
  await database.close();
}
const template: SeededTemplate = scratch
  ? { postgres: { name: new URL(scratch.url).pathname.slice(1), keys }, dataDir }
  : { sqliteDir: dataDir, dataDir };
process.stdout.write(JSON.stringify(template));
