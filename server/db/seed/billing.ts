import crypto from 'node:crypto';
import type { Tx } from '../database';
import type { InvoiceLine } from '../../../src/domain/api/billing';
import { addDays } from '../../services/clock';
import { hashPassword } from '../../services/passwords';
import { addMonths } from '../../services/billing/proration';
import { insertInvoice, insertTransaction } from '../../services/billing/repository';
import { computeTax, countryName } from '../../services/tax/tax';

const topic = () => crypto.randomBytes(9).toString('hex');

interface DemoBilling {
  accountId: string;
  company: string;
  person: string;
  email: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  vatId?: string;
}

const buyer = (demo: DemoBilling) => ({
  name: demo.company,
  lines: [
    demo.person,
    demo.email,
    demo.address1,
    [demo.city, demo.state, demo.zip].filter(Boolean).join(', '),
    countryName(demo.country),
  ],
  taxId: demo.vatId ? `VAT ID ${demo.vatId}` : '',
});

async function planId(tx: Tx, code: string): Promise<string> {
  const row = await tx
    .selectFrom('plans')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One paid period: its invoice and the charge (or a failed attempt first, or a later refund). */
async function paidPeriod(
  tx: Tx,
  demo: DemoBilling,
  options: {
    start: string;
    end: string;
    description: string;
    priceMinor: number;
    card: { brand: string; last4: string };
    failFirst?: boolean;
    refunded?: boolean;
  },
) {
  const tax = computeTax(
    { country: demo.country, state: demo.state, vatId: demo.vatId ?? '', gstin: '' },
    options.priceMinor,
  );
  const lines: InvoiceLine[] = [
    {
      description: options.description,
      quantity: 1,
      unitMinor: options.priceMinor,
      amountMinor: options.priceMinor,
    },
  ];
  const total = options.priceMinor + tax.taxMinor;
  const paidAt = options.failFirst ? addDays(options.start, 2) : options.start;
  const invoiceId = await insertInvoice(tx, {
    accountId: demo.accountId,
    kind: 'renewal',
    status: options.refunded ? 'REFUNDED' : 'PAID',
    issuedAt: options.start,
    dueAt: options.start,
    periodStart: options.start,
    periodEnd: options.end,
    currency: 'USD',
    lines,
    tax,
    buyer: buyer(demo),
  });
  const base = {
    accountId: demo.accountId,
    invoiceId,
    amountMinor: total,
    taxMinor: tax.taxMinor,
    rateBp: tax.rateBp,
    currency: 'USD',
    cardBrand: options.card.brand,
    cardLast4: options.card.last4,
    description: options.description,
  };
  if (options.failFirst) {
    await insertTransaction(tx, {
      ...base,
      kind: 'failed',
      cardLast4: '0341',
      failureReason:
        'There was an error in completing the payment. Check your credit card information and try again.',
      createdAt: options.start,
    });
  }
  await insertTransaction(tx, {
    ...base,
    kind: 'charge',
    gatewayRef: `ch_demo_${crypto.randomBytes(6).toString('hex')}`,
    createdAt: paidAt,
  });
  if (options.refunded) {
    await insertTransaction(tx, {
      ...base,
      kind: 'refund',
      description: `Refund: ${options.description}`,
      gatewayRef: `re_demo_${crypto.randomBytes(6).toString('hex')}`,
      createdAt: addDays(paidAt, 4),
    });
  }
}

/**
 * Billing demo data: Acme (reseller@example.com) on Bulk Reseller 100, monthly, with 18 months of
 * invoices and transactions (a failed charge retried, a refund); a suspended reseller in
 * CCFAILEDACC with a pending charge past due; a German reseller for VAT.
 */
export async function seedBillingDemo(tx: Tx, now: string): Promise<void> {
  const acmeUser = await tx
    .selectFrom('users')
    .select(['account_id'])
    .where('email', '=', 'reseller@example.com')
    .executeTakeFirst();
  const [br25, br50, br100] = await Promise.all([
    planId(tx, 'BR-25'),
    planId(tx, 'BR-50'),
    planId(tx, 'BR-100'),
  ]);
  const cardYear = new Date(now).getUTCFullYear() + 3;

  if (acmeUser) {
    const acme: DemoBilling = {
      accountId: acmeUser.account_id,
      company: 'Acme Remote Services',
      person: 'Riley Morgan',
      email: 'reseller@example.com',
      address1: '500 Howard Street',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      country: 'US',
    };
    const termStart = addDays(now, -12);
    await tx
      .updateTable('reseller_accounts')
      .set({ start_date: termStart, end_date: addMonths(termStart, 1), yearly_fee_minor: 149_900 })
      .where('id', '=', acme.accountId)
      .execute();
    await tx
      .insertInto('billing_accounts')
      .values({
        account_id: acme.accountId,
        plan_id: br100,
        term: 'month',
        renew_term: 'month',
        auto_renew: 1,
        address1: acme.address1,
        city: acme.city,
        state: acme.state,
        zip: acme.zip,
        country: 'US',
        card_token: `sbx_ok_demo${crypto.randomBytes(8).toString('hex')}`,
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 8,
        card_exp_year: cardYear,
        card_holder: 'Riley Morgan',
        updated_at: now,
      })
      .execute();
    for (let month = 17; month >= 0; month -= 1) {
      const start = addMonths(termStart, -month);
      await paidPeriod(tx, acme, {
        start,
        end: addMonths(start, 1),
        description: 'Bulk Reseller 100 (monthly)',
        priceMinor: 14_999,
        card: { brand: 'visa', last4: '4242' },
        failFirst: month === 9,
        refunded: month === 14,
      });
    }
  }

  const [suspendedHash, euHash, leavingHash] = await Promise.all([
    hashPassword('Demo@1234'),
    hashPassword('Demo@1234'),
    hashPassword('Demo@1234'),
  ]);
  const addReseller = async (
    company: string,
    email: string,
    first: string,
    last: string,
    hash: string,
    account: { status: string; start: string; end: string; fee: number; pending: number },
  ) => {
    const accountId = crypto.randomUUID();
    await tx
      .insertInto('reseller_accounts')
      .values({
        id: accountId,
        company_name: company,
        plan_name: 'Bulk Reseller',
        subscription_type: 'PAID',
        account_status: account.status,
        payment_mode: 'CARD',
        start_date: account.start,
        end_date: account.end,
        yearly_fee_minor: account.fee,
        currency: 'USD',
        is_pending_charge: account.pending,
        ecom_flag: 1,
        proxy_topic: topic(),
        created_at: addDays(now, -400),
      })
      .execute();
    await tx
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        account_id: accountId,
        username: email,
        email,
        password_hash: hash,
        first_name: first,
        last_name: last,
        role: 'admin',
        status: 'active',
        proxy_topic: topic(),
        preferences: '{}',
        created_at: addDays(now, -400),
        updated_at: addDays(now, -400),
      })
      .execute();
    return accountId;
  };

  // Suspended: the renewal 10 days ago failed on the card on file; the charge is past due.
  const oldStart = addMonths(addDays(now, -10), -1);
  const oldEnd = addDays(now, -10);
  const suspendedId = await addReseller(
    'Stormline Support Co.',
    'suspended@example.com',
    'Casey',
    'Lin',
    suspendedHash,
    {
      status: 'CCFAILEDACC',
      start: oldStart,
      end: oldEnd,
      fee: 49_900,
      pending: 1,
    },
  );
  const suspended: DemoBilling = {
    accountId: suspendedId,
    company: 'Stormline Support Co.',
    person: 'Casey Lin',
    email: 'suspended@example.com',
    address1: '1200 Pike Street',
    city: 'Seattle',
    state: 'WA',
    zip: '98101',
    country: 'US',
  };
  await tx
    .insertInto('billing_accounts')
    .values({
      account_id: suspendedId,
      plan_id: br25,
      term: 'month',
      renew_term: 'month',
      auto_renew: 1,
      address1: suspended.address1,
      city: suspended.city,
      state: suspended.state,
      zip: suspended.zip,
      country: 'US',
      card_token: `sbx_fail_demo${crypto.randomBytes(8).toString('hex')}`,
      card_brand: 'visa',
      card_last4: '0341',
      card_exp_month: 3,
      card_exp_year: cardYear,
      card_holder: 'Casey Lin',
      updated_at: now,
    })
    .execute();
  for (const back of [2, 1]) {
    await paidPeriod(tx, suspended, {
      start: addMonths(oldStart, -back),
      end: addMonths(oldStart, -back + 1),
      description: 'Bulk Reseller 25 (monthly)',
      priceMinor: 4_999,
      card: { brand: 'visa', last4: '1881' },
    });
  }
  await paidPeriod(tx, suspended, {
    start: oldStart,
    end: oldEnd,
    description: 'Bulk Reseller 25 (monthly)',
    priceMinor: 4_999,
    card: { brand: 'visa', last4: '1881' },
  });
  const renewal = computeTax({ country: 'US', state: 'WA', vatId: '', gstin: '' }, 4_999);
  const dueInvoice = await insertInvoice(tx, {
    accountId: suspendedId,
    kind: 'renewal',
    status: 'DUE',
    issuedAt: oldEnd,
    dueAt: addDays(oldEnd, 7),
    periodStart: oldEnd,
    periodEnd: addMonths(oldEnd, 1),
    currency: 'USD',
    lines: [
      {
        description: 'Bulk Reseller 25 (monthly) renewal',
        quantity: 1,
        unitMinor: 4_999,
        amountMinor: 4_999,
      },
    ],
    tax: renewal,
    buyer: buyer(suspended),
    idempotencyKey: `renew:${suspendedId}:${oldEnd}`,
  });
  await insertTransaction(tx, {
    accountId: suspendedId,
    invoiceId: dueInvoice,
    kind: 'failed',
    amountMinor: 4_999 + renewal.taxMinor,
    taxMinor: renewal.taxMinor,
    rateBp: renewal.rateBp,
    currency: 'USD',
    cardBrand: 'visa',
    cardLast4: '0341',
    description: 'Bulk Reseller 25 (monthly) renewal',
    failureReason:
      'There was an error in completing the payment. Check your credit card information and try again.',
    createdAt: oldEnd,
  });
  await tx
    .insertInto('pending_charges')
    .values({
      id: crypto.randomUUID(),
      account_id: suspendedId,
      invoice_id: dueInvoice,
      amount_minor: 4_999 + renewal.taxMinor,
      currency: 'USD',
      description: 'Bulk Reseller 25 (monthly) renewal',
      due_at: addDays(oldEnd, 7),
      status: 'open',
      period_key: `renew:${suspendedId}:${oldEnd}`,
      created_at: oldEnd,
      paid_at: null,
    })
    .execute();

  // A German reseller on a yearly plan: VAT at 19 % until a business VAT ID is set.
  const euStart = addDays(now, -100);
  const euId = await addReseller('Nordlicht IT GmbH', 'eu@example.com', 'Jonas', 'Becker', euHash, {
    status: 'A',
    start: euStart,
    end: addMonths(euStart, 12),
    fee: 89_900,
    pending: 0,
  });
  const eu: DemoBilling = {
    accountId: euId,
    company: 'Nordlicht IT GmbH',
    person: 'Jonas Becker',
    email: 'eu@example.com',
    address1: 'Torstrasse 49',
    city: 'Berlin',
    state: 'Berlin',
    zip: '10119',
    country: 'DE',
  };
  await tx
    .insertInto('billing_accounts')
    .values({
      account_id: euId,
      plan_id: br50,
      term: 'year',
      renew_term: 'year',
      auto_renew: 1,
      address1: eu.address1,
      city: eu.city,
      state: eu.state,
      zip: eu.zip,
      country: 'DE',
      card_token: `sbx_ok_demo${crypto.randomBytes(8).toString('hex')}`,
      card_brand: 'mastercard',
      card_last4: '4444',
      card_exp_month: 11,
      card_exp_year: cardYear,
      card_holder: 'Jonas Becker',
      updated_at: now,
    })
    .execute();
  await paidPeriod(tx, eu, {
    start: euStart,
    end: addMonths(euStart, 12),
    description: 'Bulk Reseller 50 (yearly)',
    priceMinor: 89_900,
    card: { brand: 'mastercard', last4: '4444' },
  });

  // A small monthly reseller for trying e-mail change and cancellation without touching Acme.
  const leavingStart = addDays(now, -10);
  const leavingId = await addReseller(
    'Lakeside Helpdesk',
    'leaving@example.com',
    'Alex',
    'Rivera',
    leavingHash,
    { status: 'A', start: leavingStart, end: addMonths(leavingStart, 1), fee: 4_999, pending: 0 },
  );
  const leaving: DemoBilling = {
    accountId: leavingId,
    company: 'Lakeside Helpdesk',
    person: 'Alex Rivera',
    email: 'leaving@example.com',
    address1: '88 Lake Street',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    country: 'US',
  };
  await tx
    .insertInto('billing_accounts')
    .values({
      account_id: leavingId,
      plan_id: br25,
      term: 'month',
      renew_term: 'month',
      auto_renew: 1,
      address1: leaving.address1,
      city: leaving.city,
      state: leaving.state,
      zip: leaving.zip,
      country: 'US',
      card_token: `sbx_ok_demo${crypto.randomBytes(8).toString('hex')}`,
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 4,
      card_exp_year: cardYear,
      card_holder: 'Alex Rivera',
      updated_at: now,
    })
    .execute();
  await paidPeriod(tx, leaving, {
    start: leavingStart,
    end: addMonths(leavingStart, 1),
    description: 'Bulk Reseller 25 (monthly)',
    priceMinor: 4_999,
    card: { brand: 'visa', last4: '4242' },
  });
}
