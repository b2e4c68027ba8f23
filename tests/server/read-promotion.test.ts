import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Executor } from '../../server/db/database';

/*
 * What a list page's rows cost the garbage collector: read by 50 callers at once, as under load,
 * they must die young. node-postgres's promise form made V8 allocate them into the old
 * generation (allocation-site pretenuring): 14 KB a query of 25 rows promoted instead of under
 * 1, and the minor GCs that copied them stopped the server for an eighth of its time (see
 * pg-named-statements.ts). This measures the bytes a window of queries left past the minor GCs
 * with V8's sampling heap profiler; it counts bytes, not time, so a slow machine does not fail
 * it. On PostgreSQL when TEST_DATABASE_URL is set (the suite's PostgreSQL run), else on SQLite.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

const CALLERS = 50;
const ROWS = 25;

/** A list page's columns: an id, nine texts and the total of the matches (a time follows). */
const columns = sql`i as id, 'login.success' as action, 'subject-' || i as subject_id,
  '203.0.113.' || i as ip, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ' || i as user_agent,
  'user' || i || '@example.com' as target, '{}' as details, 'First' as first_name,
  'Last ' || i as last_name, 'user' || i || '@example.com' as email, count(*) over () as matches`;

/** A page of 25 such rows, numbered by the engine's own series. */
const page = adminUrl
  ? (db: Executor) =>
      sql`select ${columns}, now() as created_at
        from generate_series(1, ${ROWS}::int) as i`.execute(db)
  : (db: Executor) =>
      sql`with recursive series(i) as (
          select 1 union all select i + 1 from series where i < cast(${ROWS} as integer))
        select ${columns}, datetime('now') as created_at from series`.execute(db);

/** `total` page reads by CALLERS loops at once, each row turned into an answer's entry. */
async function readPages(db: Executor, total: number): Promise<void> {
  let started = 0;
  const caller = async () => {
    while (started < total) {
      started += 1;
      const { rows } = await page(db);
      JSON.stringify(rows.map((row) => ({ ...(row as object) })));
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, caller));
}

/** Bytes allocated meanwhile that a minor GC did not free (promoted, pretenured or alive). */
async function bytesPastMinorGc(work: () => Promise<void>): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    await work();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const sum = (node: typeof profile.head): number =>
      node.selfSize + node.children.reduce((total, child) => total + sum(child), 0);
    return sum(profile.head);
  } finally {
    session.disconnect();
  }
}

describe(`${adminUrl ? 'PostgreSQL' : 'SQLite'} reads under load`, () => {
  it("lets a list page's rows die young", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rpc-promotion-'));
    const { db, close } = openDatabase({ databaseUrl: adminUrl, dataDir });
    try {
      await readPages(db, 2000); // the JIT's warm-up, and V8's pretenuring feedback with it
      const queries = 4000;
      const bytes = await bytesPastMinorGc(() => readPages(db, queries));
      // 0.8 KB a query on PostgreSQL and 2.8–3.8 KB on SQLite here; 17.6 KB on PostgreSQL with
      // node-postgres's promise form.
      expect(bytes / queries).toBeLessThan(8192);
    } finally {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
