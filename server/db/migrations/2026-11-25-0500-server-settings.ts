import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
/**
 * Values a running server publishes for the operators' commands on the same database: the public
 * origin it serves (so `npm run admin` mails the links the server answers to).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_settings').execute();
}
