import type { Kysely } from 'kysely';

/*
 * Computers and groups of a reseller account.
 * - Group names are unique per account regardless of case: `name_key` holds the lower-cased name
 *   under a unique index, so the database itself refuses "Servers" next to "servers".
 * - The Personal Key is stored only as an argon2id hash (the same hashing as passwords).
 * - A deleted group leaves its computers in "no group"; a deleted user leaves them unallotted.
 * - Comments are notes the account's managers keep on a computer (a list, newest first).
 *   Messages are texts sent to a computer: each is recorded with its sender and stays undelivered
 *   until the computer's agent next connects (delivered_at), so "send" never depends on the
 *   computer being online and the console can show what was sent.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('computer_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('computer_groups_account_name_idx')
    .on('computer_groups')
    .columns(['account_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('computers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('personal_key_hash', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('computer_groups.id').onDelete('set null'))
    .addColumn('allotted_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('last_seen_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('computers_account_name_idx')
    .on('computers')
    .columns(['account_id', 'name'])
    .execute();
  await db.schema.createIndex('computers_group_idx').on('computers').column('group_id').execute();
  await db.schema
    .createIndex('computers_allotted_idx')
    .on('computers')
    .column('allotted_user_id')
    .execute();

  for (const table of ['computer_comments', 'computer_messages']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('computer_id', 'text', (c) =>
        c.notNull().references('computers.id').onDelete('cascade'),
      )
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('author_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull());
    if (table === 'computer_messages') builder = builder.addColumn('delivered_at', 'text');
    await builder.execute();
    await db.schema
      .createIndex(`${table}_computer_idx`)
      .on(table)
      .columns(['computer_id', 'created_at'])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('computer_messages').ifExists().execute();
  await db.schema.dropTable('computer_comments').ifExists().execute();
  await db.schema.dropTable('computers').ifExists().execute();
  await db.schema.dropTable('computer_groups').ifExists().execute();
}
