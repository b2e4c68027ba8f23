import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global set-up of the server suites: one database migrated and seeded with the demo data
 * per run, which createTestApp copies for each app instead of migrating and seeding its own
 * (about 1.2 s an app on PostgreSQL, 79 apps a run). On PostgreSQL it is a template database
 * (`CREATE DATABASE ... TEMPLATE`), seeded under one set of keys that the copies then use; on
 * SQLite it is a data folder (the database file and its secrets.json).
 *
 * The template is made by make-seeded-template.ts under tsx, in its own process: loaded here, the
 * server's modules went through Vite's transform one by one, which took 13 s instead of 2.
 */
export interface SeededTemplate {
  /** PostgreSQL: the template database's name and the keys its data was sealed with. */
  postgres?: { name: string; keys: Record<string, string> };
  /** SQLite: the folder to copy. */
  sqliteDir?: string;
  /** The folder the template was made in, removed at the end of the run. */
  dataDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    // Absent where the global set-up did not run (the cluster project).
    seededTemplate?: SeededTemplate;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const script = path.join(import.meta.dirname, 'make-seeded-template.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const template = JSON.parse(output) as SeededTemplate;
  project.provide('seededTemplate', template);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && template.postgres) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${template.postgres.name} WITH (FORCE)`);
      await client.end();
    }
    if (template.dataDir) fs.rmSync(template.dataDir, { recursive: true, force: true });
  };
}
