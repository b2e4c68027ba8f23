import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per reseller user who has set up (or is setting up) two-factor authentication.
  await db.schema
    .createTable('twofa_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // 'totp' | 'phone' | ''
    .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('totp_secret_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    // A setup in progress: the secret or phone waiting for its first code.
    .addColumn('pending_method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pending_secret_sealed', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pending_phone', 'text', (c) => c.notNull().defaultTo(''))
    // The last accepted TOTP time step: a code is accepted once only.
    .addColumn('last_totp_step', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON list of SHA-256 hashes of the unused recovery codes.
    .addColumn('recovery_hashes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('blocked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Codes sent by SMS (sign-in and phone setup): only hashes are kept.
  await db.schema
    .createTable('twofa_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('twofa_codes_user')
    .on('twofa_codes')
    .columns(['user_id', 'created_at'])
    .execute();

  // A password sign-in waiting for its second factor (the browser holds the token in a cookie).
  await db.schema
    .createTable('twofa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('twofa_challenges').ifExists().execute();
  await db.schema.dropTable('twofa_codes').ifExists().execute();
  await db.schema.dropTable('twofa_settings').ifExists().execute();
}
