import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { freshKeys } from './helpers/test-app';

/*
 * Durability (issue 10): the real server process is killed with SIGKILL in the middle of
 * concurrent CSV imports, and again in the middle of concurrent payments. Whatever moment the
 * kill lands on, each piece of work is in the database whole or not at all. Runs on SQLite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */

const ROWS = 500;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-durability-'));
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `rpc_kill_${crypto.randomBytes(5).toString('hex')}`;
const databaseUrl = adminUrl
  ? Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString()
  : undefined;

const keys = freshKeys();
let server: ChildProcess | undefined;
let origin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  });
}

/** Starts the real server on the test's data (the same data again after a kill). */
async function startServer(): Promise<void> {
  const port = await freePort();
  origin = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // PostgreSQL takes its keys from the environment only; the restart after a kill reuses them.
      ...(databaseUrl ? keys : {}),
      SEED_DEMO: '1',
      LOG_LEVEL: 'silent',
      PUBLIC_ORIGIN: origin,
      STATIC_DIR: path.join(dataDir, 'no-build'),
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${origin}/rpc-api/health`)).ok) {
        server = child;
        return;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** SIGKILL: no shutdown hook, no pending write flushed, as when the machine loses power. */
async function killServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Reads the database the killed server left, the way the next start would find it. */
async function withDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

type Post = (url: string, form?: Record<string, string>) => Promise<Response>;

/** A minimal cookie-keeping client over fetch, echoing the CSRF token like the console. */
function client(): Post {
  const jar = new Map<string, string>();
  return async (url, form = {}) => {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
}

async function signedIn(email: string): Promise<Post> {
  const post = client();
  expect((await post('/rpc-api/csrf')).ok).toBe(true);
  const signIn = await post('/rpc-api/reseller/user_signin', {
    username: email,
    password: 'Demo@1234',
  });
  expect(signIn.status, `sign-in of ${email}`).toBe(200);
  return post;
}

beforeAll(async () => {
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
  }
}, 60_000);

afterAll(async () => {
  await killServer();
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during a CSV import', () => {
  it('leaves all of the rows or none of them', async () => {
    await startServer();
    const post = await signedIn('reseller@example.com');
    const csvOf = (prefix: string) =>
      [
        'email,first_name,last_name,allotted_computers',
        ...Array.from(
          { length: ROWS },
          (_, i) => `${prefix}${String(i)}@bulk.example.com,Bulk,User,0`,
        ),
      ].join('\n');
    // Several imports at once, so the kill finds some finished, some under way, some not begun.
    const prefixes = ['killa', 'killb', 'killc', 'killd'];
    const imports = prefixes.map((prefix) =>
      post('/rpc-api/reseller/user/invite/csv', { csv: csvOf(prefix) }).catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    await killServer();
    await Promise.all(imports);

    await withDatabase(async (db) => {
      for (const prefix of prefixes) {
        const row = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('email', 'like', `${prefix}%@bulk.example.com`)
          .executeTakeFirstOrThrow();
        expect([0, ROWS], `rows of ${prefix} after the kill`).toContain(Number(row.n));
      }
    });
  }, 60_000);
});

/*
 * Payments. The calls that write several rows at once: paying the pending charge of a suspended
 * account (pending charge, invoice, transaction, account status, commission, audit line) and
 * upgrading by card or by invoice (invoice, transaction, plan, term and dates, commission, audit
 * line). Every account comes through a partner's referral link, so every charge also writes the
 * partner's payment and commission. The invariants below are the services' own rules
 * (server/services/billing/pending-charges.ts, upgrade.ts, repository.ts,
 * partners/commissions.ts).
 */

const PAYERS = {
  suspended: 'suspended@example.com',
  acme: 'reseller@example.com',
  eu: 'eu@example.com',
  leaving: 'leaving@example.com',
} as const;
type Payer = keyof typeof PAYERS;

interface PaymentCall {
  payer: Payer;
  url: string;
  form: Record<string, string>;
}

interface Answer {
  call: PaymentCall;
  status: number | undefined;
  body: unknown;
}

const PAY_PENDING = '/rpc-api/reseller/v1_ecom/payPendingCharge';
const UPGRADE_BY_CARD = '/rpc-api/reseller/ecom/continueUpg';
const UPGRADE_BY_INVOICE = '/rpc-api/reseller/ecom/continueInvoiceUpg';

/** Several calls per account, all asking for the same thing, interleaved account by account. */
function paymentBurst(): PaymentCall[] {
  const newCard = {
    useCardOnFile: 'false',
    cardNumber: '5555555555554444',
    cvv: '123',
    expMonth: '12',
    expYear: String(new Date().getUTCFullYear() + 2),
    holder: 'Alex Rivera',
  };
  const perPayer: PaymentCall[][] = [
    Array.from({ length: 3 }, () => ({ payer: 'suspended', url: PAY_PENDING, form: {} })),
    Array.from({ length: 3 }, () => ({
      payer: 'acme',
      url: UPGRADE_BY_CARD,
      form: { planCode: 'BR-250' },
    })),
    [
      { payer: 'eu', url: UPGRADE_BY_CARD, form: { planCode: 'BR-100' } },
      { payer: 'eu', url: UPGRADE_BY_INVOICE, form: { planCode: 'BR-100' } },
      { payer: 'eu', url: UPGRADE_BY_CARD, form: { planCode: 'BR-100' } },
    ],
    Array.from({ length: 2 }, () => ({
      payer: 'leaving',
      url: UPGRADE_BY_CARD,
      form: { planCode: 'BR-50', ...newCard },
    })),
  ];
  const calls: PaymentCall[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const list of perPayer) {
      const call = list[round];
      if (call) calls.push(call);
    }
  }
  return calls;
}

interface Before {
  mark: string;
  accountIds: Record<Payer, string>;
  plans: Record<Payer, { planId: string | null; term: string }>;
  referralIds: Record<Payer, string>;
}

/** Every account is referred by demopartner from now on: each charge also owes a commission. */
async function prepareReferrals(db: Database): Promise<Before> {
  const mark = new Date().toISOString();
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where('partner_id', '=', 'demopartner')
    .executeTakeFirstOrThrow();
  const accountIds = {} as Record<Payer, string>;
  const plans = {} as Before['plans'];
  const referralIds = {} as Record<Payer, string>;
  for (const payer of Object.keys(PAYERS) as Payer[]) {
    const row = await db
      .selectFrom('users')
      .innerJoin('billing_accounts', 'billing_accounts.account_id', 'users.account_id')
      .select(['users.account_id', 'billing_accounts.plan_id', 'billing_accounts.term'])
      .where('users.email', '=', PAYERS[payer])
      .executeTakeFirstOrThrow();
    accountIds[payer] = row.account_id;
    plans[payer] = { planId: row.plan_id, term: row.term };
    referralIds[payer] = crypto.randomUUID();
    await db
      .insertInto('partner_referrals')
      .values({
        id: referralIds[payer],
        partner_id: partner.id,
        program: 'rpc',
        kind: 'referral',
        customer_name: payer,
        customer_email: PAYERS[payer],
        reseller_account_id: row.account_id,
        reminded_at: null,
        signup_at: mark,
      })
      .execute();
  }
  return { mark, accountIds, plans, referralIds };
}

/** Everything that does not hold after the kill, in words (empty when the data is consistent). */
async function paymentProblems(db: Database, before: Before, answers: Answer[]): Promise<string[]> {
  const problems: string[] = [];
  for (const payer of Object.keys(PAYERS) as Payer[]) {
    const accountId = before.accountIds[payer];
    const account = await db
      .selectFrom('reseller_accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const billing = await db
      .selectFrom('billing_accounts')
      .leftJoin('plans', 'plans.id', 'billing_accounts.plan_id')
      .select(['billing_accounts.plan_id', 'billing_accounts.term', 'plans.name'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const invoices = await db
      .selectFrom('invoices')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    const transactions = await db
      .selectFrom('transactions')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    const pending = await db
      .selectFrom('pending_charges')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    const attempts = await db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));

    // The payment ledger agrees with the money recorded: an attempt is marked recorded in the
    // transaction that writes its charge (one cut short stays `started`, for reconciliation).
    const chargeRefs = new Set(
      transactions.filter((row) => row.kind === 'charge').map((row) => row.gateway_ref),
    );
    for (const attempt of attempts) {
      if ((attempt.status === 'recorded') !== chargeRefs.has(attempt.gateway_ref ?? '')) {
        problems.push(`${payer}: attempt ${attempt.status}, ${attempt.gateway_ref ?? 'no'} charge`);
      }
    }
    const recordedRefs = new Set(
      attempts.filter((row) => row.status === 'recorded').map((row) => row.gateway_ref),
    );
    for (const charge of transactions) {
      if (charge.kind === 'charge' && charge.created_at >= before.mark) {
        if (!recordedRefs.has(charge.gateway_ref)) {
          problems.push(`${payer}: charge ${charge.gateway_ref} without its recorded attempt`);
        }
      }
    }

    // An invoice and its money: a paid invoice has exactly its one charge, of its total.
    for (const invoice of invoices) {
      const own = transactions.filter((row) => row.invoice_id === invoice.id);
      const charges = own.filter((row) => row.kind === 'charge');
      const refunds = own.filter((row) => row.kind === 'refund');
      const label = `${payer}: invoice ${invoice.number} (${invoice.kind}, ${invoice.status})`;
      if (invoice.status === 'PAID' && charges.length !== 1) {
        problems.push(`${label} has ${String(charges.length)} charges`);
      }
      if (invoice.status === 'DUE' && charges.length !== 0) {
        problems.push(`${label} is due but has ${String(charges.length)} charges`);
      }
      if (invoice.status === 'REFUNDED' && (charges.length !== 1 || refunds.length !== 1)) {
        problems.push(
          `${label} has ${String(charges.length)} charges, ${String(refunds.length)} refunds`,
        );
      }
      for (const charge of charges) {
        if (charge.amount_minor !== invoice.total_minor) {
          problems.push(
            `${label} totals ${String(invoice.total_minor)}, charged ${String(charge.amount_minor)}`,
          );
        }
      }
    }
    for (const charge of transactions.filter((row) => row.kind === 'charge')) {
      const invoice = charge.invoice_id ? invoiceById.get(charge.invoice_id) : undefined;
      if (!invoice) problems.push(`${payer}: charge ${charge.id} has no invoice of its account`);
    }

    // A pending charge is paid together with its invoice, and the account follows.
    for (const charge of pending) {
      const invoice = charge.invoice_id ? invoiceById.get(charge.invoice_id) : undefined;
      const expected = charge.status === 'paid' ? 'PAID' : 'DUE';
      if (invoice?.status !== expected) {
        problems.push(
          `${payer}: pending charge ${charge.status}, invoice ${invoice?.status ?? 'missing'}`,
        );
      }
      if ((charge.status === 'paid') !== (charge.paid_at !== null)) {
        problems.push(
          `${payer}: pending charge ${charge.status} with paid_at ${String(charge.paid_at)}`,
        );
      }
    }
    const hasOpen = pending.some((charge) => charge.status === 'open');
    if (hasOpen !== (account.is_pending_charge === 1)) {
      problems.push(
        `${payer}: is_pending_charge ${String(account.is_pending_charge)}, open ${String(hasOpen)}`,
      );
    }
    if (hasOpen !== (account.account_status === 'CCFAILEDACC')) {
      problems.push(
        `${payer}: account ${account.account_status}, open pending charge ${String(hasOpen)}`,
      );
    }

    // A plan change has its invoice. Every upgrade call of one account asked for the same plan
    // and term, so a second upgrade invoice would be the same change paid twice.
    const upgrades = invoices.filter(
      (invoice) => invoice.kind === 'upgrade' && invoice.issued_at >= before.mark,
    );
    const was = before.plans[payer];
    const isChanged = billing.plan_id !== was.planId || billing.term !== was.term;
    if (upgrades.length !== (isChanged ? 1 : 0)) {
      problems.push(
        `${payer}: plan changed ${String(isChanged)}, ${String(upgrades.length)} upgrade invoices`,
      );
    }
    const [upgrade] = upgrades;
    if (upgrade && isChanged) {
      const [line] = JSON.parse(upgrade.lines_json) as { description: string }[];
      if (!billing.name || !line?.description.includes(billing.name)) {
        problems.push(
          `${payer}: on ${String(billing.name)}, upgrade invoice for "${String(line?.description)}"`,
        );
      }
      if (upgrade.period_end !== account.end_date) {
        problems.push(
          `${payer}: term ends ${account.end_date}, upgrade invoice ${upgrade.period_end}`,
        );
      }
      const mode = upgrade.status === 'PAID' ? 'CARD' : 'INVOICE';
      if (account.payment_mode !== mode) {
        problems.push(
          `${payer}: payment mode ${account.payment_mode}, upgrade invoice ${upgrade.status}`,
        );
      }
    }

    // Each charge of a referred account is the partner's payment (net of tax) and commission.
    const charged = transactions
      .filter((row) => row.kind === 'charge' && row.created_at >= before.mark)
      .map((row) => `${row.created_at} ${String(row.amount_minor - row.tax_minor)}`)
      .sort();
    const referralId = before.referralIds[payer];
    const credited = (
      await db
        .selectFrom('partner_referral_payments')
        .select(['paid_at', 'amount_minor'])
        .where('referral_id', '=', referralId)
        .execute()
    )
      .map((row) => `${row.paid_at} ${String(row.amount_minor)}`)
      .sort();
    if (JSON.stringify(charged) !== JSON.stringify(credited)) {
      problems.push(
        `${payer}: charges ${JSON.stringify(charged)}, partner payments ${JSON.stringify(credited)}`,
      );
    }
    const commissions = await db
      .selectFrom('partner_commissions')
      .select('id')
      .where('referral_id', '=', referralId)
      .execute();
    if (commissions.length !== credited.length) {
      problems.push(
        `${payer}: ${String(credited.length)} partner payments, ${String(commissions.length)} commissions`,
      );
    }

    // The audit line is written with the payment: one per paid pending charge, one per upgrade.
    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('account_id', '=', accountId)
      .where('action', 'in', ['billing.pending.paid', 'billing.upgrade'])
      .where('created_at', '>=', before.mark)
      .execute();
    const upgradeAudits = audits
      .filter((row) => row.action === 'billing.upgrade')
      .map((row) => (JSON.parse(row.details) as { invoiceId?: string }).invoiceId)
      .sort();
    if (JSON.stringify(upgradeAudits) !== JSON.stringify(upgrades.map((row) => row.id).sort())) {
      problems.push(
        `${payer}: upgrade audit lines ${JSON.stringify(upgradeAudits)}, invoices ${JSON.stringify(upgrades.map((row) => row.id))}`,
      );
    }
    const paidPending = pending.filter((row) => row.paid_at !== null && row.paid_at >= before.mark);
    const pendingAudits = audits.filter((row) => row.action === 'billing.pending.paid').length;
    if (pendingAudits !== (paidPending.length > 0 ? 1 : 0)) {
      problems.push(
        `${payer}: ${String(paidPending.length)} pending charges paid, ${String(pendingAudits)} audit lines`,
      );
    }

    // Durable: what the server confirmed before it died is in the database.
    for (const answer of answers.filter((row) => row.call.payer === payer && row.status === 200)) {
      if (answer.call.url === PAY_PENDING && hasOpen) {
        problems.push(`${payer}: payment confirmed, pending charge still open`);
      }
      const invoiceId = (answer.body as { message?: { invoiceId?: string } } | undefined)?.message
        ?.invoiceId;
      if (answer.call.url !== PAY_PENDING && (!invoiceId || !invoiceById.has(invoiceId))) {
        problems.push(`${payer}: upgrade confirmed, invoice ${String(invoiceId)} missing`);
      }
    }
  }
  return problems;
}

describe('SIGKILL during payments', () => {
  it('leaves every payment whole or absent, and every confirmed one in place', async () => {
    // The server starts again on the data the previous kill left (or on fresh data alone).
    await startServer();
    const agents = {} as Record<Payer, Post>;
    for (const payer of Object.keys(PAYERS) as Payer[])
      agents[payer] = await signedIn(PAYERS[payer]);
    // The suspended account's card on file fails: a working card first, as the console asks.
    const card = await agents.suspended('/rpc-api/reseller/v1_ecom/updateCCAndGetPendingStatus', {
      cardNumber: '4242424242424242',
      cvv: '123',
      expMonth: '12',
      expYear: String(new Date().getUTCFullYear() + 2),
      holder: 'Casey Lin',
      address1: '1200 Pike Street',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
      country: 'US',
    });
    expect(card.status).toBe(200);
    const before = await withDatabase(prepareReferrals);

    const answers = paymentBurst().map(async (call): Promise<Answer> => {
      try {
        const response = await agents[call.payer](call.url, call.form);
        return { call, status: response.status, body: await response.json() };
      } catch {
        return { call, status: undefined, body: undefined };
      }
    });
    // The kill lands as the second answer comes back: some payments done, others half way.
    let answered = 0;
    await new Promise<void>((resolve) => {
      for (const answer of answers) {
        void answer.then(() => {
          answered += 1;
          if (answered === 2) resolve();
        });
      }
    });
    await killServer();
    const settled = await Promise.all(answers);

    const problems = await withDatabase((db) => paymentProblems(db, before, settled));
    expect(problems).toEqual([]);
  }, 60_000);
});
