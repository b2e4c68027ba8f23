import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Executor } from '../../server/db/database';

/*
 * PostgreSQL only (TEST_DATABASE_URL; see pg-named-statements.test.ts). What a list page's rows
 * cost the garbage collector: read by 50 callers at once, as under load, they must die young.
 * node-postgres's promise form made V8 allocate them into the old generation (allocation-site
 * pretenuring): 14 KB a query of 25 rows promoted instead of under 1, and the minor GCs that
 * copied them stopped the server for an eighth of its time (see pg-named-statements.ts). This
 * measures the bytes a window of queries left past the minor GCs with V8's sampling heap
 * profiler; it counts bytes, not time, so a slow machine does not fail it.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

const CALLERS = 50;
const ROWS = 25;

/** A list page's shape: 25 rows of twelve text columns, a timestamp and a bigint total. */
const page = (db: Executor) =>
  sql`select i as id, now() as created_at, 'login.success' as action, md5(i::text) as subject_id,
      '203.0.113.' || i as ip, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 ' || i as user_agent,
      'user' || i || '@example.com' as target, '{}' as details, 'First' as first_name,
      'Last ' || i as last_name, 'user' || i || '@example.com' as email,
      count(*) over () as matches
    from generate_series(1, ${ROWS}::int) as i`.execute(db);

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

describe.runIf(adminUrl)('PostgreSQL reads under load', () => {
  it("lets a list page's rows die young", async () => {
    const { db, close } = openDatabase({ databaseUrl: adminUrl, dataDir: '.' });
    try {
      await readPages(db, 2000); // the JIT's warm-up, and V8's pretenuring feedback with it
      const queries = 4000;
      const bytes = await bytesPastMinorGc(() => readPages(db, queries));
      // 2.2–3.2 KB a query here; 17 KB with node-postgres's promise form.
      expect(bytes / queries).toBeLessThan(8192);
    } finally {
      await close();
    }
  });
});
