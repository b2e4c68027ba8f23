import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // The users list reads one page of an account in username or creation order: with these the
  // database walks the account's users in that order and stops at the page, instead of sorting
  // every user of a large account on each call. lower(username) is the list's own sort key.
  await sql`create index users_account_username_idx on users (account_id, lower(username))`.execute(
    db,
  );
  await db.schema
    .createIndex('users_account_created_idx')
    .on('users')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_account_created_idx').ifExists().execute();
  await db.schema.dropIndex('users_account_username_idx').ifExists().execute();
}
