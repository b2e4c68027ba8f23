import crypto from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new, date-prefixed migrations.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The Bulk Reseller plan catalogue, seeded here so every database (demo or not) can sell plans.
 * Prices are integer minor units (US cents); `rank` orders the tiers for the no-downgrade rule.
 */
const catalogue = [
  {
    code: 'BR-25',
    name: 'Bulk Reseller 25',
    computers: 25,
    users: 5,
    monthly: 4_999,
    yearly: 49_900,
  },
  {
    code: 'BR-50',
    name: 'Bulk Reseller 50',
    computers: 50,
    users: 10,
    monthly: 8_999,
    yearly: 89_900,
  },
  {
    code: 'BR-100',
    name: 'Bulk Reseller 100',
    computers: 100,
    users: 25,
    monthly: 14_999,
    yearly: 149_900,
  },
  {
    code: 'BR-250',
    name: 'Bulk Reseller 250',
    computers: 250,
    users: 50,
    monthly: 34_999,
    yearly: 349_900,
  },
  {
    code: 'BR-500',
    name: 'Bulk Reseller 500',
    computers: 500,
    users: 100,
    monthly: 64_999,
    yearly: 649_900,
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('computers', 'integer', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addColumn('monthly_price_minor', 'integer', (c) => c.notNull())
    .addColumn('yearly_price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  for (const [index, plan] of catalogue.entries()) {
    await db
      .insertInto('plans')
      .values({
        id: crypto.randomUUID(),
        code: plan.code,
        name: plan.name,
        computers: plan.computers,
        users: plan.users,
        monthly_price_minor: plan.monthly,
        yearly_price_minor: plan.yearly,
        currency: 'USD',
        rank: index + 1,
        is_active: 1,
      })
      .execute();
  }

  // One row per reseller account: its plan and term, renewal choice, billing address and the
  // card on file as the gateway's token (the number and CVV are never stored).
  await db.schema
    .createTable('billing_accounts')
    .addColumn('account_id', 'text', (c) =>
      c.primaryKey().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'text', (c) => c.references('plans.id'))
    .addColumn('term', 'text', (c) => c.notNull().defaultTo('year'))
    .addColumn('renew_term', 'text', (c) => c.notNull().defaultTo('year'))
    .addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
    .addColumn('card_token', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_exp_month', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_exp_year', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_holder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buyer_json', 'text', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('invoices_account_idx')
    .on('invoices')
    .columns(['account_id', 'issued_at'])
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failure_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('transactions_account_idx')
    .on('transactions')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('pending_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createIndex('pending_charges_account_idx')
    .on('pending_charges')
    .columns(['account_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'pending_charges',
    'transactions',
    'invoices',
    'billing_accounts',
    'plans',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
