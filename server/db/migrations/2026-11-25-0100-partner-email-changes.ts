import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
/**
 * A partner's new e-mail address waits here until the link mailed to it is followed (the login
 * and the reset mails stay on the old address until then), as reseller users' email_changes do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('partner_email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set when the change is confirmed or replaced by a newer request.
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema
    .createIndex('partner_email_changes_partner')
    .on('partner_email_changes')
    .columns(['partner_id', 'closed_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('partner_email_changes').execute();
}
