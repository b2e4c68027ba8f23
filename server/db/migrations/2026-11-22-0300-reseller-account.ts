import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // The reseller API key: sealed (AES-256-GCM) so it can be shown again, plus its SHA-256 so a
  // call to /reseller-api/ finds the account without decrypting every key.
  await db.schema
    .createTable('api_keys')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // What an activity-log entry acted on (a user's e-mail, a computer's name), for the log screen.
  await db.schema
    .alterTable('audit_log')
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('audit_log_account_created')
    .on('audit_log')
    .columns(['account_id', 'created_at'])
    .execute();

  // Single-use password-reset links: only the token's hash is kept.
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // The last passwords of each user ("You used this password recently").
  await db.schema
    .createTable('password_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_user')
    .on('password_history')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_history').ifExists().execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
  await db.schema.dropIndex('audit_log_account_created').ifExists().execute();
  await db.schema.alterTable('audit_log').dropColumn('target').execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
}
