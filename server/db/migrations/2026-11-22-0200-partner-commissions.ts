import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // The commission rules: bounty is a fixed amount on a referred customer's first payment,
  // referral a percentage (in basis points) of each payment. One row per product and kind.
  await db.schema
    .createTable('partner_commission_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('program', 'text', (c) => c.notNull()) // 'rpc' | 'hd'
    .addColumn('kind', 'text', (c) => c.notNull()) // 'bounty' | 'referral'
    .addColumn('bounty_amount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referral_basis_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_commission_rules_program_kind_idx')
    .on('partner_commission_rules')
    .columns(['program', 'kind'])
    .unique()
    .execute();
  // The rules the programme starts with: $50 / $40 bounty, 20% / 15% of each payment.
  const now = new Date().toISOString();
  for (const [program, kind, bounty, basisPoints] of [
    ['rpc', 'bounty', 5000, 0],
    ['hd', 'bounty', 4000, 0],
    ['rpc', 'referral', 0, 2000],
    ['hd', 'referral', 0, 1500],
  ] as const) {
    await db
      .insertInto('partner_commission_rules')
      .values({
        id: crypto.randomUUID(),
        program,
        kind,
        bounty_amount_minor: bounty,
        referral_basis_points: basisPoints,
        currency: 'USD',
        created_at: now,
      })
      .execute();
  }

  // A visit to a tracking link (/ref/<program>/<partnerId>).
  await db.schema
    .createTable('partner_clicks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('program', 'text', (c) => c.notNull()) // rpc | hd | rpc-bounty | hd-bounty
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_clicks_partner_idx')
    .on('partner_clicks')
    .columns(['partner_id', 'created_at'])
    .execute();

  // A customer who signed up through a partner's link.
  await db.schema
    .createTable('partner_referrals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('program', 'text', (c) => c.notNull()) // 'rpc' | 'hd'
    .addColumn('kind', 'text', (c) => c.notNull()) // 'bounty' | 'referral'
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('reseller_account_id', 'text')
    .addColumn('visitor_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminded_at', 'text')
    .addColumn('signup_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_referrals_partner_idx')
    .on('partner_referrals')
    .columns(['partner_id', 'program', 'kind'])
    .execute();

  // The billing transactions of referred customers that commissions are derived from.
  await db.schema
    .createTable('partner_referral_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referral_id', 'text', (c) =>
      c.notNull().references('partner_referrals.id').onDelete('cascade'),
    )
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_referral_payments_referral_idx')
    .on('partner_referral_payments')
    .columns(['referral_id', 'paid_at'])
    .execute();

  // One commission per payment (a bounty only for the first payment of a bounty referral).
  await db.schema
    .createTable('partner_commissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) =>
      c.notNull().references('partners.id').onDelete('cascade'),
    )
    .addColumn('referral_id', 'text', (c) =>
      c.notNull().references('partner_referrals.id').onDelete('cascade'),
    )
    .addColumn('payment_id', 'text', (c) =>
      c.notNull().unique().references('partner_referral_payments.id').onDelete('cascade'),
    )
    .addColumn('program', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('base_amount_minor', 'integer', (c) => c.notNull())
    .addColumn('commission_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | approved | paid
    .addColumn('earned_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('payout_paypal_email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('partner_commissions_partner_idx')
    .on('partner_commissions')
    .columns(['partner_id', 'program', 'kind', 'earned_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'partner_commissions',
    'partner_referral_payments',
    'partner_referrals',
    'partner_clicks',
    'partner_commission_rules',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
