import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * What single logout needs, carried from the sign-in to the session's end:
 * - a pending second step keeps how the first step signed in (password, SAML or OIDC), so the
 *   session it opens records that method. Before, a sign-in through the IdP that then asked for
 *   the console's own code opened a "password" session, whose sign-out never reached the IdP;
 * - the pending step and the session keep, sealed with the field key, what the IdP's sign-out
 *   asks for: the OIDC ID token (`id_token_hint`, which some providers require), or the SAML
 *   NameID and SessionIndex of this sign-in (which IdP session to end).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('twofa_challenges')
    .addColumn('sign_in_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('twofa_challenges').addColumn('sso_logout_sealed', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('sso_logout_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('sso_logout_sealed').execute();
  await db.schema.alterTable('twofa_challenges').dropColumn('sso_logout_sealed').execute();
  await db.schema.alterTable('twofa_challenges').dropColumn('sign_in_method').execute();
}
