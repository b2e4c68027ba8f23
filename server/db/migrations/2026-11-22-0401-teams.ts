import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teams_account_name_idx')
    .on('teams')
    .columns(['account_id', 'name'])
    .unique()
    .execute();
  // user_id is the primary key: the database itself keeps a user in at most one team.
  await db.schema
    .createTable('team_members')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('team_members_team_idx')
    .on('team_members')
    .column('team_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_members').ifExists().execute();
  await db.schema.dropTable('teams').ifExists().execute();
}
