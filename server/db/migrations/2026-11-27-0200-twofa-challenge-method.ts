import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * A pending second step keeps how the first step signed in (password, SAML or OIDC), so the
 * session it opens records that method: the sessions list shows it, and single logout follows
 * it to the IdP. Before, a sign-in through the IdP that then asked for the console's own code
 * opened a "password" session, whose sign-out never reached the IdP.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('twofa_challenges')
    .addColumn('sign_in_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('twofa_challenges').dropColumn('sign_in_method').execute();
}
