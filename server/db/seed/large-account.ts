import crypto from 'node:crypto';
import type { Tx } from '../database';
import { addDays } from '../../services/clock';
import { addMonths } from '../../services/billing/proration';
import { hashPassword } from '../../services/passwords';

export const DEMO_LARGE_EMAIL = 'globex@example.com';
/** Its sub-users: more than a picker lists at once (100), within its plan's 250 users. */
export const DEMO_LARGE_SUB_USERS = 129;

// Names follow the name rule (letters and spaces only), so every user can be edited as is.
const FIRST = ['Ada', 'Bo', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Ivy', 'Jo', 'Kit', 'Lee'];
const LAST = ['Abbott', 'Baker', 'Cole', 'Drake', 'Ember', 'Frost', 'Grant', 'Hart', 'Irwin'];

const topic = () => crypto.randomBytes(9).toString('hex');

/**
 * A large reseller on the top plan (Bulk Reseller 1000: 250 users): Globex, with 129 active
 * sub-users `user-001@globex.example.com` … It shows how the console behaves past one page and
 * past the 100 entries a picker loads at once, while the account stays inside its plan.
 */
export async function seedLargeAccount(tx: Tx, now: string, password: string): Promise<void> {
  const plan = await tx
    .selectFrom('plans')
    .select('id')
    .where('code', '=', 'BR-1000')
    .executeTakeFirstOrThrow();
  const accountId = crypto.randomUUID();
  const start = addDays(now, -200);
  await tx
    .insertInto('reseller_accounts')
    .values({
      id: accountId,
      company_name: 'Globex Field Services',
      plan_name: 'Bulk Reseller',
      subscription_type: 'PAID',
      account_status: 'A',
      payment_mode: 'CARD',
      start_date: start,
      end_date: addMonths(start, 12),
      yearly_fee_minor: 1_199_900,
      currency: 'USD',
      is_pending_charge: 0,
      ecom_flag: 1,
      proxy_topic: topic(),
      created_at: start,
    })
    .execute();
  await tx
    .insertInto('billing_accounts')
    .values({
      account_id: accountId,
      plan_id: plan.id,
      term: 'year',
      renew_term: 'year',
      auto_renew: 1,
      address1: '1 Globex Plaza',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      card_token: `sbx_ok_demo${crypto.randomBytes(8).toString('hex')}`,
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 6,
      card_exp_year: new Date(now).getUTCFullYear() + 3,
      card_holder: 'Morgan Hale',
      updated_at: now,
    })
    .execute();
  const passwordHash = await hashPassword(password);
  const person = (email: string, first: string, last: string, daysAgo: number) => ({
    id: crypto.randomUUID(),
    account_id: accountId,
    username: email,
    email,
    password_hash: passwordHash,
    first_name: first,
    last_name: last,
    role: daysAgo === 200 ? ('admin' as const) : ('sub_user' as const),
    status: 'active' as const,
    proxy_topic: topic(),
    preferences: '{}',
    created_at: addDays(now, -daysAgo),
    updated_at: addDays(now, -daysAgo),
  });
  const rows = [person(DEMO_LARGE_EMAIL, 'Morgan', 'Hale', 200)];
  for (let i = 1; i <= DEMO_LARGE_SUB_USERS; i += 1) {
    const n = String(i).padStart(3, '0');
    const first = FIRST[i % FIRST.length] ?? 'Field';
    const last = LAST[(i * 3) % LAST.length] ?? 'Hale';
    rows.push(person(`user-${n}@globex.example.com`, first, last, 1 + (i % 150)));
  }
  // Every row has the same columns, so one multi-row insert is safe on SQLite too.
  await tx.insertInto('users').values(rows).execute();
}
