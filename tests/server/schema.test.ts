import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations/all';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Each index's definition without its name, so two indexes on the same key read the same. */
async function indexDefinitions(t: TestApp): Promise<{ name: string; key: string }[]> {
  if (t.dialect === 'postgres') {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema()`.execute(t.db);
    return rows.map((row) => ({
      name: row.indexname,
      key: row.indexdef.replace(/INDEX \S+ ON/, 'INDEX ON').replace(/^CREATE UNIQUE /, 'CREATE '),
    }));
  }
  // SQLite keeps each index's own CREATE statement (none for the automatic ones of constraints).
  const { rows } = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'index'`.execute(t.db);
  return rows
    .filter((row) => row.sql !== null)
    .map((row) => ({
      name: row.name,
      key: (row.sql ?? '')
        .replace(/index\s+"?[\w]+"?\s+on/i, 'index on')
        .replace(/^create unique /i, 'create ')
        .replace(/["\s]/g, '')
        .toLowerCase(),
    }));
}

describe('database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no two indexes on the same key (each one slows every write)', async () => {
    const byKey = new Map<string, string[]>();
    for (const { name, key } of await indexDefinitions(t)) {
      byKey.set(key, [...(byKey.get(key) ?? []), name]);
    }
    const duplicates = [...byKey.values()].filter((names) => names.length > 1);
    expect(duplicates).toEqual([]);
  });

  it('rolls every migration back and forward again', async () => {
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.filter((r) => r.status !== 'Success')).toEqual([]);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(Object.keys(migrations));
  });
});
