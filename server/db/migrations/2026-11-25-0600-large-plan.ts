import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new, date-prefixed migrations.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * A tier above Bulk Reseller 500. The plans' user counts are now enforced (plan-limit.ts), and a
 * CSV file may invite up to 500 users at once: an account of several hundred users needs a plan
 * that holds them. Prices follow the catalogue's steps (integer US cents).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A down migration withdraws the plan instead of deleting it while an account is on it.
  const withdrawn = await db
    .updateTable('plans')
    .set({ is_active: 1 })
    .where('code', '=', 'BR-1000')
    .executeTakeFirst();
  if (Number(withdrawn.numUpdatedRows) > 0) return;
  const top = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.max('rank').as('rank'))
    .executeTakeFirst();
  await db
    .insertInto('plans')
    .values({
      id: crypto.randomUUID(),
      code: 'BR-1000',
      name: 'Bulk Reseller 1000',
      computers: 1000,
      users: 250,
      monthly_price_minor: 119_999,
      yearly_price_minor: 1_199_900,
      currency: 'USD',
      rank: Number(top?.rank ?? 0) + 1,
      is_active: 1,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // An account on the plan keeps it (no migration moves money or plans): it is only withdrawn.
  const plan = await db
    .selectFrom('plans')
    .select('id')
    .where('code', '=', 'BR-1000')
    .executeTakeFirst();
  if (!plan) return;
  const inUse = await db
    .selectFrom('billing_accounts')
    .select('account_id')
    .where('plan_id', '=', plan.id)
    .executeTakeFirst();
  if (inUse)
    await db.updateTable('plans').set({ is_active: 0 }).where('id', '=', plan.id).execute();
  else await db.deleteFrom('plans').where('id', '=', plan.id).execute();
}
