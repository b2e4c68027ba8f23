import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new, date-prefixed migrations.
// `Kysely<any>` is the documented type for migrations: they must not depend on today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reseller_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('plan_name', 'text', (c) => c.notNull())
    .addColumn('subscription_type', 'text', (c) => c.notNull())
    .addColumn('account_status', 'text', (c) => c.notNull())
    .addColumn('payment_mode', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('yearly_fee_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('is_pending_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempted_for_pending_charges', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_vat_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vat_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_gst_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gstin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ecom_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('proxy_topic', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) =>
      c.notNull().references('reseller_accounts.id').onDelete('cascade'),
    )
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sso_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_sso_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proxy_topic', 'text', (c) => c.notNull().unique())
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();
  await db.schema.createIndex('users_account_idx').on('users').column('account_id').execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('dba_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_person', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('partner_type', 'text', (c) => c.notNull())
    .addColumn('paypal_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hear_about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referal_others', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_status', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name_w9', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address1_w9', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address2_w9', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dba_name_w9', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('federal_tax_classification', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('federal_tax_classification_details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requesters_name_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tin_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tin_encrypted', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tin_last4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('w9_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('otp_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('sessions_subject_idx')
    .on('sessions')
    .columns(['subject_kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_account_idx')
    .on('audit_log')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'refresh_tokens',
    'sessions',
    'partners',
    'users',
    'reseller_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
