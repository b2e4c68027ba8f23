import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/** Each list index gains the id that breaks ties, and replaces the index without it. */
const REPLACED = [
  {
    table: 'audit_log',
    old: { name: 'audit_log_account_idx', columns: ['account_id', 'created_at'] },
    new: { name: 'audit_log_account_time_idx', columns: ['account_id', 'created_at', 'id'] },
  },
  {
    table: 'invoices',
    old: { name: 'invoices_account_idx', columns: ['account_id', 'issued_at'] },
    new: { name: 'invoices_account_issued_idx', columns: ['account_id', 'issued_at', 'id'] },
  },
];

/**
 * The activity log sorted by time, and the invoices by date, break ties by id in the same
 * direction: with the id in the index, a page is read in order and the walk stops at its end,
 * instead of sorting each run of equal times in a temporary B-tree (SQLite, demo account, an
 * activity page of 25: 98 → 74 µs). The new index serves every lookup the old one did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, old, new: added } of REPLACED) {
    await db.schema.createIndex(added.name).on(table).columns(added.columns).execute();
    await db.schema.dropIndex(old.name).ifExists().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, old, new: added } of REPLACED) {
    await db.schema.createIndex(old.name).on(table).columns(old.columns).execute();
    await db.schema.dropIndex(added.name).ifExists().execute();
  }
}
