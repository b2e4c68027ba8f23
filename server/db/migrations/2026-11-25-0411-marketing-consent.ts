import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Whether a user asked for e-mails on product updates (a choice of its own, never bundled
  // with the terms), and when: 0 unless they ticked the box.
  await db.schema
    .alterTable('users')
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('marketing_consent_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('marketing_consent_at').execute();
  await db.schema.alterTable('users').dropColumn('marketing_consent').execute();
}
