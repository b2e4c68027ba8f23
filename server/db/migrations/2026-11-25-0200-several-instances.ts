import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
/**
 * What several instances on one database must share instead of keeping in their own memory or
 * DATA_DIR: key fingerprints, rate-limit counters, job runs, the sandbox gateway's answers and
 * the mail outbox (server/services/cluster/).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per key ever in force; exactly one `current` per key (partial unique index).
  await db.schema
    .createTable('key_fingerprints')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('key_fingerprints_pk', ['name', 'fingerprint'])
    .execute();
  await db.schema
    .createIndex('key_fingerprints_one_current')
    .on('key_fingerprints')
    .column('name')
    .unique()
    .where(sql.ref('state'), '=', 'current')
    .execute();

  // Fixed-window counters: the window's end in milliseconds since the epoch.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window_idx')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();

  // One row per job and time slot: the instance that inserts it runs the job, the others don't.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'slot'])
    .execute();

  // The sandbox gateway's answers by idempotency key, as a real gateway keeps them: the same key
  // gets the same answer from whichever instance asks.
  await db.schema
    .createTable('sandbox_gateway_operations')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Mail written by any instance, delivered once by whichever claims it first.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['sent_at', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'sandbox_gateway_operations',
    'job_runs',
    'rate_limit_counters',
    'key_fingerprints',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
