import type { FieldKeys } from '../../services/secrets';
import crypto from 'node:crypto';
import type { Database } from '../database';
import { addDays, nowIso } from '../../services/clock';
import { encryptField } from '../../services/crypto';
import { hashPassword } from '../../services/passwords';
import { seedPartners } from './partners';
import { seedBillingDemo } from './billing';
import { seedResellerAccountDemo } from './reseller-account';
import { seedResellerUsers } from './reseller-users';
import { seedLargeAccount } from './large-account';
import { seedSignInCases } from './sign-in-cases';
import { seedSsoDemo } from '../../services/sso/demo-account';
import { seedComputers } from './computers';

export const DEMO_PASSWORD = 'Demo@1234';

const topic = () => crypto.randomBytes(9).toString('hex');

/**
 * Demo data for the embedded default (and `SEED_DEMO=1`). Runs once: it does nothing when any
 * account exists. Feature work extends it so every screen has realistic data to show.
 */
export async function seedDemoIfEmpty(db: Database, fieldKey: FieldKeys): Promise<boolean> {
  const existing = await db
    .selectFrom('reseller_accounts')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return false;
  const now = nowIso();
  const hashes = await Promise.all(Array.from({ length: 6 }, () => hashPassword(DEMO_PASSWORD)));
  const hash = (i: number) => hashes[i] ?? '';

  await db.transaction().execute(async (tx) => {
    const acme = crypto.randomUUID();
    const trial = crypto.randomUUID();
    await tx
      .insertInto('reseller_accounts')
      .values([
        {
          id: acme,
          company_name: 'Acme Remote Services',
          plan_name: 'Bulk Reseller',
          subscription_type: 'PAID',
          account_status: 'A',
          payment_mode: 'CARD',
          start_date: addDays(now, -300),
          end_date: addDays(now, 65),
          yearly_fee_minor: 149_900,
          currency: 'USD',
          ecom_flag: 1,
          proxy_topic: topic(),
          created_at: addDays(now, -540),
        },
        {
          id: trial,
          company_name: 'Brightside IT',
          plan_name: 'Bulk Reseller',
          subscription_type: 'FREE_TRIAL',
          account_status: 'A',
          payment_mode: 'NONE',
          start_date: addDays(now, -5),
          end_date: addDays(now, 9),
          yearly_fee_minor: 0,
          currency: 'USD',
          ecom_flag: 1,
          proxy_topic: topic(),
          created_at: addDays(now, -5),
        },
      ])
      .execute();

    const user = (
      accountId: string,
      email: string,
      first: string,
      last: string,
      role: 'admin' | 'sub_admin' | 'sub_user',
      i: number,
      createdDaysAgo: number,
    ) => ({
      id: crypto.randomUUID(),
      account_id: accountId,
      username: email,
      email,
      password_hash: hash(i),
      first_name: first,
      last_name: last,
      role,
      status: 'active' as const,
      proxy_topic: topic(),
      preferences: '{}',
      created_at: addDays(now, -createdDaysAgo),
      updated_at: addDays(now, -createdDaysAgo),
    });
    await tx
      .insertInto('users')
      .values([
        user(acme, 'reseller@example.com', 'Riley', 'Morgan', 'admin', 0, 540),
        user(acme, 'subuser@example.com', 'Sam', 'Patel', 'sub_user', 1, 200),
        user(trial, 'trial@example.com', 'Taylor', 'Brooks', 'admin', 2, 5),
      ])
      .execute();

    const partner = (
      partnerId: string,
      email: string,
      status: string,
      i: number,
      extra: Record<string, string> = {},
    ) => ({
      id: crypto.randomUUID(),
      partner_id: partnerId,
      email,
      password_hash: hash(i),
      company_name: partnerId === 'demopartner' ? 'Northwind Consulting' : 'Fresh Start Tech',
      contact_person: partnerId === 'demopartner' ? 'Dana Whitfield' : 'Noah Kim',
      address1: partnerId === 'demopartner' ? '500 Market Street' : '12 Harbor Road',
      city: partnerId === 'demopartner' ? 'San Francisco' : 'Portland',
      state: partnerId === 'demopartner' ? 'California' : 'Oregon',
      zip: partnerId === 'demopartner' ? '94105' : '97201',
      country: 'United States of America',
      phone: partnerId === 'demopartner' ? '4155550134' : '5035550172',
      partner_type: 'Reseller',
      paypal_email: partnerId === 'demopartner' ? 'payouts@northwind.example.com' : '',
      hear_about: 'Search engine',
      account_status: status,
      created_at: addDays(now, partnerId === 'demopartner' ? -560 : -2),
      updated_at: now,
      ...extra,
    });
    // One row per insert: SQLite cannot fill a column's default in a multi-row VALUES list.
    const partners = [
      partner('demopartner', 'partner@example.com', 'APPROVED', 3, {
        company_name_w9: 'Northwind Consulting LLC',
        address1_w9: '500 Market Street',
        federal_tax_classification: 'LLC',
        federal_tax_classification_details: 'P',
        tin_type: 'ein',
        tin_encrypted: encryptField(fieldKey, '12-3456789'),
        tin_last4: '6789',
        signature: 'Dana Whitfield',
        w9_date: addDays(now, -559).slice(0, 10),
      }),
      partner('newpartner', 'newpartner@example.com', 'APPROVAL_PENDING', 4, {
        company_name_w9: 'Fresh Start Tech',
        address1_w9: '12 Harbor Road',
        federal_tax_classification: 'INDIVIDUAL',
        tin_type: 'ssn',
        tin_encrypted: encryptField(fieldKey, '987-65-4321'),
        tin_last4: '4321',
        signature: 'Noah Kim',
        w9_date: addDays(now, -1).slice(0, 10),
      }),
    ];
    for (const row of partners) await tx.insertInto('partners').values(row).execute();
    await seedPartners(tx, now);
    await seedBillingDemo(tx, now);
    await seedResellerAccountDemo(tx, now, fieldKey, DEMO_PASSWORD);
    await seedResellerUsers(tx, now, fieldKey, DEMO_PASSWORD);
    await seedLargeAccount(tx, now, DEMO_PASSWORD);
    await seedSignInCases(tx, now, DEMO_PASSWORD);
    await seedSsoDemo(tx, fieldKey, trial, now);
    await seedComputers(tx, now);
  });
  return true;
}
