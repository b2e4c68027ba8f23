import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // A reseller user's request to move their sign-in e-mail: it takes effect only when the link
  // sent to the new address is opened. One live request per user; only the token's hash is kept.
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the change is confirmed, cancelled or replaced by a newer request.
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_changes_user')
    .on('email_changes')
    .columns(['user_id', 'closed_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
