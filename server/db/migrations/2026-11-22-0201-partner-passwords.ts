import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Partner password-reset links: only the hash of the token is kept.
  await db.schema
    .createTable('partner_password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // Earlier password hashes, for "You used this password recently".
  await db.schema
    .createTable('partner_password_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_password_history_partner_idx')
    .on('partner_password_history')
    .columns(['partner_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('partner_password_history').ifExists().execute();
  await db.schema.dropTable('partner_password_resets').ifExists().execute();
}
