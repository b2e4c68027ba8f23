import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // The address a reseller signed up with is confirmed by the mailed link; accounts made before
  // self-service signup (demo data, invitations) count as confirmed from their creation.
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await sql`update users set email_verified_at = created_at`.execute(db);

  // The signup's verification link: only the token's hash is kept; it works once.
  await db.schema
    .createTable('signup_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('signup_verifications_user')
    .on('signup_verifications')
    .column('user_id')
    .execute();

  // A Chromebook app's captcha check: the app names a session, the person solves the captcha
  // in the console, the app polls for the pass. Only the session's hash is kept.
  await db.schema
    .createTable('captcha_passes')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  // Solved captcha challenges, so one solution is accepted once (until the challenge expires).
  await db.schema
    .createTable('captcha_uses')
    .addColumn('challenge_id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_uses').execute();
  await db.schema.dropTable('captcha_passes').execute();
  await db.schema.dropTable('signup_verifications').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
