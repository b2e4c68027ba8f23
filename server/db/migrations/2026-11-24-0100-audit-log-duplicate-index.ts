import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // 2026-11-22-0300 created audit_log (account_id, created_at) a second time, beside the
  // initial migration's audit_log_account_idx: every activity-log line was written to two
  // identical indexes. tests/server/schema.test.ts keeps any such pair out from now on.
  await db.schema.dropIndex('audit_log_account_created').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('audit_log_account_created')
    .on('audit_log')
    .columns(['account_id', 'created_at'])
    .execute();
}
