import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Sub-user details: computers allotted, the data centre chosen at signup, who invited them,
  // when they were cancelled (the cancelled list and restore read it).
  await db.schema
    .alterTable('users')
    .addColumn('alloted_computers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('dc_flag', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('invited_by', 'text').execute();
  await db.schema.alterTable('users').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .createIndex('users_account_status_idx')
    .on('users')
    .columns(['account_id', 'status', 'created_at'])
    .execute();

  // One row per invitation link. The token is kept as a SHA-256 hash for look-up and sealed
  // (AES-256-GCM) so the administrator can copy the link again; it is single-use and expires.
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('alloted_computers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_user_idx').on('invitations').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').ifExists().execute();
  await db.schema.dropIndex('users_account_status_idx').ifExists().execute();
  for (const column of ['cancelled_at', 'invited_by', 'dc_flag', 'alloted_computers']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
