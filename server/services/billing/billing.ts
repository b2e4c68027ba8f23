import crypto from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import { errorCodes } from '../../../src/domain/api/envelope';
import {
  cardFieldsSchema,
  type BillingInfo,
  type CardSummary,
  type InvoiceLine,
  type Plan,
  type ProratedAmount,
  type TaxDetails,
  type UpgradeDetails,
} from '../../../src/domain/api/billing';
import { cardBrandNames, type CardBrand } from '../../../src/domain/cards';
import { accountValues, SUBSCRIPTION_TYPE_FREE_TRIAL } from '../../../src/domain/constants';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import { addDays, nowIso } from '../clock';
import type { CardInput, DeclineReason, PaymentGateway, StoredCard } from '../payments/gateway';
import { createSandboxGateway } from '../payments/sandbox';
import {
  checkUsZip,
  computeTax,
  countryName,
  countryOptions,
  isKnownCountry,
  usStateOptions,
  type TaxProfile,
  type TaxResult,
} from '../tax/tax';
import { prorate, termEnd, type Term } from './proration';
import {
  ensureBillingAccount,
  findPlanByCode,
  insertInvoice,
  insertTransaction,
  listActivePlans,
  loadAccountBundle,
  priceOf,
  recordPaidCharge,
  type AccountBundle,
  type PlanRow,
} from './repository';
import { beginAttempt, giveBack, keyForCharge, markAttempt } from '../payments/attempts';

let installed: PaymentGateway | undefined;
const sandboxes = new WeakMap<Database, PaymentGateway>();
/**
 * The gateway charges go to: the one installed (a real gateway, or a test double), else the
 * sandbox keeping its books in this database (so every instance sees the same gateway).
 */
export function paymentGateway(db: Database): PaymentGateway {
  if (installed) return installed;
  let sandbox = sandboxes.get(db);
  if (!sandbox) {
    sandbox = createSandboxGateway(db);
    sandboxes.set(db, sandbox);
  }
  return sandbox;
}
/** Installs a gateway for every database; `undefined` goes back to the sandbox. */
export function setPaymentGateway(next: PaymentGateway | undefined): void {
  installed = next;
}

const asTerm = (value: string): Term => (value === 'month' ? 'month' : 'year');

export const declineText = (reason: DeclineReason): string =>
  reason === 'not_processed'
    ? formatMessage('card.not.processed')
    : formatMessage('payment.failed');

function declined(reason: DeclineReason, field?: string): AppError {
  return new AppError('PAYMENT_DECLINED', declineText(reason), { status: 402, field });
}

export const planOut = (plan: PlanRow): Plan => ({
  code: plan.code,
  name: plan.name,
  computers: plan.computers,
  users: plan.users,
  monthlyPriceMinor: plan.monthly_price_minor,
  yearlyPriceMinor: plan.yearly_price_minor,
  currency: plan.currency,
});

export function cardOut(billing: AccountBundle['billing']): CardSummary | null {
  if (!billing.card_token) return null;
  const brand = billing.card_brand as CardBrand;
  return {
    brand,
    brandName: cardBrandNames[brand],
    last4: billing.card_last4,
    expMonth: billing.card_exp_month,
    expYear: billing.card_exp_year,
  };
}

export const taxProfileOf = (bundle: AccountBundle): TaxProfile => ({
  country: bundle.billing.country,
  state: bundle.billing.state,
  vatId: bundle.account.vat_id,
  gstin: bundle.account.gstin,
});

function taxDetailsOf(bundle: AccountBundle): TaxDetails {
  const tax = computeTax(taxProfileOf(bundle), 0);
  return {
    type: tax.type,
    label: tax.label,
    rateBp: tax.rateBp,
    isReverseCharge: tax.isReverseCharge,
    vatId: bundle.account.vat_id,
    gstin: bundle.account.gstin,
  };
}

const isTrialAccount = (bundle: AccountBundle) =>
  bundle.account.subscription_type === SUBSCRIPTION_TYPE_FREE_TRIAL || bundle.plan === null;

export function buyerOf(bundle: AccountBundle) {
  const { account, billing, admin } = bundle;
  const person = admin ? `${admin.first_name} ${admin.last_name}`.trim() : '';
  const cityLine = [billing.city, billing.state, billing.zip].filter(Boolean).join(', ');
  const taxId = account.gstin
    ? `GSTIN ${account.gstin}`
    : account.vat_id
      ? `VAT ID ${account.vat_id}`
      : '';
  return {
    name: account.company_name,
    lines: [person, admin?.email ?? '', billing.address1, cityLine, countryName(billing.country)]
      .map((line) => line.trim())
      .filter(Boolean),
    taxId,
  };
}

async function openPendingCharges(db: Executor, accountId: string) {
  return db
    .selectFrom('pending_charges')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .orderBy('due_at')
    .execute();
}

export async function billingInfo(db: Database, accountId: string): Promise<BillingInfo> {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const pending = await openPendingCharges(db, accountId);
  const { billing, account } = bundle;
  return {
    companyName: account.company_name,
    address1: billing.address1,
    city: billing.city,
    state: billing.state,
    zip: billing.zip,
    country: billing.country,
    countryName: countryName(billing.country),
    countries: countryOptions(),
    usStates: usStateOptions(),
    accountStatus: account.account_status,
    plan: bundle.plan ? planOut(bundle.plan) : null,
    term: asTerm(billing.term),
    renewTerm: asTerm(billing.renew_term),
    autoRenew: billing.auto_renew === 1,
    endDate: account.end_date,
    isTrial: isTrialAccount(bundle),
    card: cardOut(billing),
    pendingCharges: pending.map((charge) => ({
      id: charge.id,
      description: charge.description,
      amountMinor: charge.amount_minor,
      currency: charge.currency,
      dueAt: charge.due_at,
      isPastDue: charge.due_at <= now,
    })),
    pendingTotalMinor: pending.reduce((sum, charge) => sum + charge.amount_minor, 0),
    currency: bundle.plan?.currency ?? account.currency,
    tax: taxDetailsOf(bundle),
  };
}

export async function cardInfo(db: Database, accountId: string) {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  return { card: cardOut(bundle.billing) };
}

export interface AddressInput {
  address1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** The billing address rules the schema cannot check alone: known country, US state and ZIP. */
export function checkAddress(input: AddressInput): AddressInput {
  const country = input.country.toUpperCase();
  if (!isKnownCountry(country)) {
    throw new AppError(errorCodes.VALIDATION_FAILED, formatMessage('generic.error'), {
      field: 'country',
    });
  }
  let state = input.state.trim();
  if (country === 'US') {
    state = state.toUpperCase();
    if (!usStateOptions().some((option) => option.code === state)) {
      throw new AppError(errorCodes.VALIDATION_FAILED, formatMessage('state.select'), {
        field: 'state',
      });
    }
    if (!checkUsZip(input.zip, state)) {
      throw new AppError(errorCodes.VALIDATION_FAILED, formatMessage('zip.usa.invalid'), {
        field: 'zip',
      });
    }
  }
  return { ...input, country, state };
}

async function tokenizeOrThrow(db: Database, card: CardInput): Promise<StoredCard> {
  const result = await paymentGateway(db).tokenize(card);
  if (!result.ok) throw declined(result.reason, result.field);
  return result.card;
}

const cardColumns = (card: StoredCard, holder: string) => ({
  card_token: card.token,
  card_brand: card.brand,
  card_last4: card.last4,
  card_exp_month: card.expMonth,
  card_exp_year: card.expYear,
  card_holder: holder,
});

/**
 * Written inside a payment's own transaction (the route's audit line, with what the service
 * adds to its details), so a crash cannot keep the payment and lose its record, or the reverse.
 */
export type InPaymentTransaction = (
  tx: Executor,
  details: Record<string, unknown>,
) => Promise<void>;
const nothingMore: InPaymentTransaction = () => Promise.resolve();

/** Saves a new card on file (and the billing address); reports whether charges are pending. */
export async function updateCard(
  db: Database,
  accountId: string,
  input: CardInput & AddressInput,
  alongside: InPaymentTransaction = nothingMore,
) {
  const address = checkAddress(input);
  const card = await tokenizeOrThrow(db, input);
  const now = nowIso();
  await loadAccountBundle(db, accountId, now);
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('billing_accounts')
      .set({
        ...cardColumns(card, input.holder),
        address1: address.address1,
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
        updated_at: now,
      })
      .where('account_id', '=', accountId)
      .execute();
    await alongside(tx, { last4: card.last4 });
  });
  const pending = await openPendingCharges(db, accountId);
  return {
    text: formatMessage('card.updated'),
    card: {
      brand: card.brand,
      brandName: cardBrandNames[card.brand],
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    },
    hasPendingCharge: pending.length > 0,
    pendingTotalMinor: pending.reduce((sum, charge) => sum + charge.amount_minor, 0),
  };
}

const cardLabel = (billing: AccountBundle['billing']) => ({
  cardBrand: billing.card_brand,
  cardLast4: billing.card_last4,
});

/** A concurrent call settled some of the charges this one read as open: nothing is written. */
class PendingChargesTaken extends Error {}

/**
 * Charges the open pending charges to the card on file; reactivates a CCFAILEDACC account.
 *
 * Two calls at once (a double click, two tabs) read the same open charges and send the gateway
 * the same idempotency key, so the card is charged once; the pending charges are then claimed
 * with a conditional update (open -> paid) in the transaction that writes the payment, and only
 * the call that claims them all records it. The other answers as the winner did when its charge
 * is the one recorded, and otherwise gives its own charge back.
 */
export async function payPendingCharges(
  db: Database,
  accountId: string,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const pending = await openPendingCharges(db, accountId);
  if (pending.length === 0) {
    throw new AppError('NO_PENDING_CHARGE', formatMessage('generic.error'));
  }
  if (!bundle.billing.card_token) throw declined('not_processed', 'cardNumber');
  const total = pending.reduce((sum, charge) => sum + charge.amount_minor, 0);
  const currency = pending[0]?.currency ?? 'USD';
  const key = await keyForCharge(
    db,
    `pending:${pending.map((charge) => charge.id).join(',')}:${bundle.billing.card_token}`,
  );
  const chargeRequest = {
    token: bundle.billing.card_token,
    amountMinor: total,
    currency,
    description: 'Pending charges',
    idempotencyKey: key,
  };
  await beginAttempt(db, 'pending_charges', accountId, chargeRequest, now);
  const result = await paymentGateway(db).charge(chargeRequest);
  if (!result.ok) {
    await db.transaction().execute(async (tx) => {
      await markAttempt(tx, key, 'declined', now);
      await insertTransaction(tx, {
        accountId,
        invoiceId: pending[0]?.invoice_id ?? null,
        kind: 'failed',
        amountMinor: total,
        taxMinor: 0,
        rateBp: 0,
        currency,
        ...cardLabel(bundle.billing),
        description: 'Pending charges',
        failureReason: declineText(result.reason),
        createdAt: now,
      });
      await tx
        .updateTable('reseller_accounts')
        .set({ attempted_for_pending_charges: 1 })
        .where('id', '=', accountId)
        .execute();
    });
    throw declined(result.reason);
  }
  const wasSuspended = bundle.account.account_status === accountValues.CCFAILEDACC;
  const answer = {
    text: wasSuspended
      ? formatMessage('account.reactivated')
      : formatMessage('pending.charges.applied'),
    reactivated: wasSuspended,
  };
  try {
    await db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('pending_charges')
        .set({ status: 'paid', paid_at: now })
        .where(
          'id',
          'in',
          pending.map((charge) => charge.id),
        )
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== pending.length) throw new PendingChargesTaken();
      await recordPendingPayment(tx, bundle, pending, result.reference, now);
      await alongside(tx, { invoiceIds: pending.map((charge) => charge.invoice_id) });
      await markAttempt(tx, key, 'recorded', now, { gatewayRef: result.reference });
    });
  } catch (error) {
    if (!(error instanceof PendingChargesTaken)) throw error;
    const recorded = await db
      .selectFrom('transactions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'charge')
      .where('gateway_ref', '=', result.reference)
      .executeTakeFirst();
    if (recorded) return answer;
    // Another charge (another card, or another set of charges) paid them: this one goes back.
    // Its key is never sent again for a charge, since these pending charges are no longer open.
    await giveBack(db, paymentGateway(db), chargeRequest, nowIso());
    throw new AppError('PENDING_CHARGES_CHANGED', formatMessage('generic.error'), { status: 409 });
  }
  return answer;
}

/** The paid pending charges' invoices, transactions and commissions, and the account's state. */
async function recordPendingPayment(
  tx: Executor,
  bundle: AccountBundle,
  pending: Awaited<ReturnType<typeof openPendingCharges>>,
  reference: string,
  now: string,
): Promise<void> {
  const accountId = bundle.account.id;
  const wasSuspended = bundle.account.account_status === accountValues.CCFAILEDACC;
  let endDate = bundle.account.end_date;
  for (const charge of pending) {
    const invoice = charge.invoice_id
      ? await tx
          .selectFrom('invoices')
          .selectAll()
          .where('id', '=', charge.invoice_id)
          .executeTakeFirst()
      : undefined;
    if (invoice) {
      await tx
        .updateTable('invoices')
        .set({ status: 'PAID' })
        .where('id', '=', invoice.id)
        .execute();
      if (invoice.period_end > endDate) endDate = invoice.period_end;
    }
    await recordPaidCharge(tx, {
      accountId,
      invoiceId: charge.invoice_id,
      amountMinor: charge.amount_minor,
      taxMinor: invoice?.tax_minor ?? 0,
      rateBp: invoice?.tax_rate_bp ?? 0,
      currency: charge.currency,
      ...cardLabel(bundle.billing),
      description: charge.description,
      gatewayRef: reference,
      createdAt: now,
    });
  }
  await tx
    .updateTable('reseller_accounts')
    .set({
      is_pending_charge: 0,
      attempted_for_pending_charges: 0,
      end_date: endDate,
      ...(wasSuspended ? { account_status: 'A' } : {}),
    })
    .where('id', '=', accountId)
    .execute();
}

/** Whether signing in is held up by charges past their due date: pay (admin) or contact support. */
export async function pastDueAction(
  db: Executor,
  userId: string,
): Promise<'pay' | 'contact' | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('pending_charges', 'pending_charges.account_id', 'users.account_id')
    .select(['users.role'])
    .where('users.id', '=', userId)
    .where('pending_charges.status', '=', 'open')
    .where('pending_charges.due_at', '<=', nowIso())
    .executeTakeFirst();
  if (!row) return null;
  return row.role === 'admin' ? 'pay' : 'contact';
}

// --- Upgrade ---

export async function upgradeDetails(db: Database, accountId: string): Promise<UpgradeDetails> {
  const bundle = await loadAccountBundle(db, accountId, nowIso());
  const plans = await listActivePlans(db);
  const isTrial = isTrialAccount(bundle);
  const currentRank = isTrial ? 0 : (bundle.plan?.rank ?? 0);
  return {
    currentPlan: bundle.plan && !isTrial ? planOut(bundle.plan) : null,
    term: asTerm(bundle.billing.term),
    isTrial,
    startDate: bundle.account.start_date,
    endDate: bundle.account.end_date,
    options: plans.filter((plan) => plan.rank >= currentRank).map(planOut),
    card: cardOut(bundle.billing),
    tax: taxDetailsOf(bundle),
  };
}

interface Quote extends ProratedAmount {
  plan: PlanRow;
  tax: TaxResult;
  periodStart: string;
  lineText: string;
}

interface QuoteParts {
  plan: PlanRow;
  term: Term;
  subtotal: number;
  remainingDays: number;
  totalDays: number;
  isNewTerm: boolean;
  periodStart: string;
  periodEnd: string;
  lineText: string;
}

function finishQuote({ subtotal, ...parts }: QuoteParts, profile: TaxProfile): Quote {
  const tax = computeTax(profile, subtotal);
  return {
    ...parts,
    tax,
    planCode: parts.plan.code,
    subtotalMinor: subtotal,
    taxMinor: tax.taxMinor,
    totalMinor: subtotal + tax.taxMinor,
    taxLabel: tax.label,
    rateBp: tax.rateBp,
    currency: parts.plan.currency,
  };
}

const planNotFound = () =>
  new AppError('PLAN_NOT_FOUND', formatMessage('plan.not.found'), { field: 'planCode' });

/** A whole new term of a plan from today: a trial's upgrade and a paid signup. */
function newTermParts(plan: PlanRow, term: Term, now: string): QuoteParts {
  const periodEnd = termEnd(now, term);
  const days = prorate(0, { start: now, end: periodEnd }, now).totalDays;
  return {
    plan,
    term,
    subtotal: priceOf(plan, term),
    remainingDays: days,
    totalDays: days,
    isNewTerm: true,
    periodStart: now,
    periodEnd,
    lineText: `${plan.name} (${term === 'year' ? 'yearly' : 'monthly'})`,
  };
}

/** The amount to pay now for a plan change, with tax: every refusal text of the spec lives here. */
export function quoteUpgrade(
  bundle: AccountBundle,
  plan: PlanRow | undefined,
  requestedTerm: Term | undefined,
  now: string,
): Quote {
  if (!plan) throw planNotFound();
  const current = bundle.plan;
  if (isTrialAccount(bundle) || !current) {
    return finishQuote(newTermParts(plan, requestedTerm ?? 'year', now), taxProfileOf(bundle));
  }
  const currentTerm = asTerm(bundle.billing.term);
  const term = requestedTerm ?? currentTerm;
  const isLowerTerm = currentTerm === 'year' && term === 'month';
  if (plan.rank < current.rank || isLowerTerm) {
    throw new AppError('PLAN_DOWNGRADE', formatMessage('plan.no.downgrade'), {
      field: 'planCode',
    });
  }
  if (plan.id === current.id && term === currentTerm) {
    throw new AppError('PLAN_ALREADY_SUBSCRIBED', formatMessage('plan.already.subscribed'), {
      field: 'planCode',
    });
  }
  const termDates = { start: bundle.account.start_date, end: bundle.account.end_date };
  if (term === currentTerm) {
    const share = prorate(priceOf(plan, term) - priceOf(current, term), termDates, now);
    return finishQuote(
      {
        plan,
        term,
        subtotal: share.amountMinor,
        remainingDays: share.remainingDays,
        totalDays: share.totalDays,
        isNewTerm: false,
        periodStart: now,
        periodEnd: bundle.account.end_date,
        lineText: `Upgrade from ${current.name} to ${plan.name}, ${String(share.remainingDays)} of ${String(share.totalDays)} days`,
      },
      taxProfileOf(bundle),
    );
  }
  // Monthly to yearly: a new yearly term from today, less the unused part of this month.
  const credit = prorate(priceOf(current, currentTerm), termDates, now);
  const parts = newTermParts(plan, term, now);
  return finishQuote(
    {
      ...parts,
      subtotal: Math.max(0, priceOf(plan, term) - credit.amountMinor),
      lineText: `${plan.name} (yearly), less ${String(credit.remainingDays)} unused days of ${current.name}`,
    },
    taxProfileOf(bundle),
  );
}

export async function proratedAmount(
  db: Database,
  accountId: string,
  planCode: string,
  term: Term | undefined,
): Promise<ProratedAmount> {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const quote = quoteUpgrade(bundle, await findPlanByCode(db, planCode), term, now);
  return {
    planCode: quote.planCode,
    term: quote.term,
    remainingDays: quote.remainingDays,
    totalDays: quote.totalDays,
    isNewTerm: quote.isNewTerm,
    periodEnd: quote.periodEnd,
    subtotalMinor: quote.subtotalMinor,
    taxMinor: quote.taxMinor,
    totalMinor: quote.totalMinor,
    taxLabel: quote.taxLabel,
    rateBp: quote.rateBp,
    currency: quote.currency,
  };
}

/** The plan changed between the quote and the write (another upgrade at the same time). */
class PlanChangedMeanwhile extends Error {}

async function applyUpgrade(
  tx: Executor,
  bundle: AccountBundle,
  quote: Quote,
  now: string,
  payment:
    | { mode: 'card'; card: StoredCard | null; holder: string; reference: string }
    | { mode: 'invoice' },
): Promise<string> {
  const accountId = bundle.account.id;
  // The quote was made from the plan and term read before the charge; the plan only changes if
  // they are still the same, so two upgrades at once cannot both apply (and both be paid).
  const { plan_id: quotedPlanId, term: quotedTerm } = bundle.billing;
  const switched = await tx
    .updateTable('billing_accounts')
    .set({
      plan_id: quote.plan.id,
      term: quote.term,
      renew_term: quote.term,
      updated_at: now,
      ...(payment.mode === 'card' && payment.card ? cardColumns(payment.card, payment.holder) : {}),
    })
    .where('account_id', '=', accountId)
    .where('plan_id', quotedPlanId === null ? 'is' : '=', quotedPlanId)
    .where('term', '=', quotedTerm)
    .executeTakeFirst();
  if (Number(switched.numUpdatedRows) !== 1) throw new PlanChangedMeanwhile();
  const lines: InvoiceLine[] = [
    {
      description: quote.lineText,
      quantity: 1,
      unitMinor: quote.subtotalMinor,
      amountMinor: quote.subtotalMinor,
    },
  ];
  const invoiceId = await insertInvoice(tx, {
    accountId,
    kind: 'upgrade',
    status: payment.mode === 'card' ? 'PAID' : 'DUE',
    issuedAt: now,
    dueAt: payment.mode === 'card' ? now : addDays(now, 30),
    periodStart: quote.periodStart,
    periodEnd: quote.periodEnd,
    currency: quote.currency,
    lines,
    tax: { ...quote.tax, type: quote.tax.type },
    buyer: buyerOf(bundle),
  });
  await tx
    .updateTable('reseller_accounts')
    .set({
      subscription_type: 'PAID',
      account_status: 'A',
      payment_mode: payment.mode === 'card' ? 'CARD' : 'INVOICE',
      yearly_fee_minor: quote.plan.yearly_price_minor,
      currency: quote.currency,
      ...(quote.isNewTerm ? { start_date: now, end_date: quote.periodEnd } : {}),
    })
    .where('id', '=', accountId)
    .execute();
  if (payment.mode === 'card') {
    const billing = await tx
      .selectFrom('billing_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    await recordPaidCharge(tx, {
      accountId,
      invoiceId,
      amountMinor: quote.totalMinor,
      taxMinor: quote.taxMinor,
      rateBp: quote.rateBp,
      currency: quote.currency,
      ...cardLabel(billing),
      description: quote.lineText,
      gatewayRef: payment.reference,
      createdAt: now,
    });
  }
  return invoiceId;
}

export interface UpgradeCardRequest {
  useCardOnFile: boolean;
  cardNumber?: string;
  cvv?: string;
  expMonth?: string;
  expYear?: string;
  holder?: string;
}

/**
 * Why an upgrade's transaction failed, as the caller should hear it: when another upgrade changed
 * the plan meanwhile, the refusal a fresh quote gives ("You are already subscribed to this plan",
 * the downgrade text); otherwise the spec's "try again later".
 */
async function upgradeFailure(
  db: Database,
  error: unknown,
  accountId: string,
  planCode: string,
  term: Term | undefined,
): Promise<AppError> {
  const failed = new AppError('UPGRADE_FAILED', formatMessage('upgrade.failed'), { status: 503 });
  if (!(error instanceof PlanChangedMeanwhile)) return failed;
  try {
    const now = nowIso();
    const fresh = await loadAccountBundle(db, accountId, now);
    quoteUpgrade(fresh, await findPlanByCode(db, planCode), term, now);
  } catch (refusal) {
    if (refusal instanceof AppError) return refusal;
  }
  return failed;
}

/** POST continueUpg: pay by card (on file or new), then change the plan in one transaction. */
export async function upgradeByCard(
  db: Database,
  accountId: string,
  planCode: string,
  term: Term | undefined,
  cardRequest: UpgradeCardRequest,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const quote = quoteUpgrade(bundle, await findPlanByCode(db, planCode), term, now);
  let newCard: StoredCard | null = null;
  let holder = bundle.billing.card_holder;
  if (!cardRequest.useCardOnFile) {
    const parsed = cardFieldsSchema.safeParse({
      cardNumber: cardRequest.cardNumber ?? '',
      cvv: cardRequest.cvv ?? '',
      expMonth: cardRequest.expMonth ?? '',
      expYear: cardRequest.expYear ?? '',
      holder: cardRequest.holder ?? '',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(
        errorCodes.VALIDATION_FAILED,
        issue?.message ?? formatMessage('generic.error'),
        {
          field: issue?.path.join('.'),
        },
      );
    }
    newCard = await tokenizeOrThrow(db, parsed.data);
    holder = parsed.data.holder;
  }
  const token = newCard?.token ?? bundle.billing.card_token;
  if (!token) throw declined('not_processed', 'cardNumber');
  const chargeRequest = {
    token,
    amountMinor: quote.totalMinor,
    currency: quote.currency,
    description: quote.lineText,
    idempotencyKey: `upgrade:${accountId}:${crypto.randomUUID()}`,
  };
  const isCharged = quote.totalMinor > 0;
  if (isCharged) await beginAttempt(db, 'upgrade', accountId, chargeRequest, now);
  const charge = isCharged
    ? await paymentGateway(db).charge(chargeRequest)
    : ({ ok: true, reference: 'no-charge' } as const);
  if (!charge.ok) {
    await markAttempt(db, chargeRequest.idempotencyKey, 'declined', now);
    const label = newCard
      ? { cardBrand: newCard.brand, cardLast4: newCard.last4 }
      : cardLabel(bundle.billing);
    await insertTransaction(db, {
      accountId,
      invoiceId: null,
      kind: 'failed',
      amountMinor: quote.totalMinor,
      taxMinor: quote.taxMinor,
      rateBp: quote.rateBp,
      currency: quote.currency,
      ...label,
      description: quote.lineText,
      failureReason: declineText(charge.reason),
      createdAt: now,
    });
    throw declined(charge.reason);
  }
  try {
    const invoiceId = await db.transaction().execute(async (tx) => {
      const id = await applyUpgrade(tx, bundle, quote, now, {
        mode: 'card',
        card: newCard,
        holder,
        reference: charge.reference,
      });
      await alongside(tx, { invoiceId: id });
      if (isCharged) {
        await markAttempt(tx, chargeRequest.idempotencyKey, 'recorded', now, {
          gatewayRef: charge.reference,
        });
      }
      return id;
    });
    return { text: formatMessage('upgrade.success'), invoiceId };
  } catch (error) {
    // Nothing was written, so the money goes back (a failed refund stays on the ledger, retried).
    if (isCharged) await giveBack(db, paymentGateway(db), chargeRequest, nowIso());
    throw await upgradeFailure(db, error, accountId, planCode, term);
  }
}

/** POST continueInvoiceUpg: change the plan now and issue an invoice due in 30 days. */
export async function upgradeByInvoice(
  db: Database,
  accountId: string,
  planCode: string,
  term: Term | undefined,
  alongside: InPaymentTransaction = nothingMore,
) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  const quote = quoteUpgrade(bundle, await findPlanByCode(db, planCode), term, now);
  try {
    const invoiceId = await db.transaction().execute(async (tx) => {
      const id = await applyUpgrade(tx, bundle, quote, now, { mode: 'invoice' });
      await alongside(tx, { invoiceId: id });
      return id;
    });
    return { text: formatMessage('upgrade.success'), invoiceId };
  } catch (error) {
    throw await upgradeFailure(db, error, accountId, planCode, term);
  }
}

// --- Paid signup ---

export interface PaidSignupBilling {
  planCode: string;
  term: Term;
  card: CardInput;
  address: AddressInput;
}

/**
 * Paid signup: the account does not exist until the card has paid. The plan is quoted for the
 * billing address, the card tokenized and charged; then `createAccount` makes the account and
 * the plan, invoice and payment are written in the same transaction. A decline writes nothing;
 * a failure after the charge refunds it, so money and rows never disagree.
 */
export async function payForNewAccount(
  db: Database,
  input: PaidSignupBilling,
  createAccount: (tx: Executor, now: string) => Promise<string>,
): Promise<{ accountId: string; invoiceId: string }> {
  const now = nowIso();
  const plan = await findPlanByCode(db, input.planCode);
  if (!plan) throw planNotFound();
  const address = checkAddress(input.address);
  const quote = finishQuote(newTermParts(plan, input.term, now), {
    country: address.country,
    state: address.state,
    vatId: '',
    gstin: '',
  });
  const card = await tokenizeOrThrow(db, input.card);
  const charge = {
    token: card.token,
    amountMinor: quote.totalMinor,
    currency: quote.currency,
    description: quote.lineText,
    idempotencyKey: `signup:${crypto.randomUUID()}`,
  };
  await beginAttempt(db, 'signup', null, charge, now);
  const payment = await paymentGateway(db).charge(charge);
  if (!payment.ok) {
    await markAttempt(db, charge.idempotencyKey, 'declined', now);
    throw declined(payment.reason);
  }
  try {
    return await db.transaction().execute(async (tx) => {
      const accountId = await createAccount(tx, now);
      await ensureBillingAccount(tx, accountId, now);
      await tx
        .updateTable('billing_accounts')
        .set({ ...address, updated_at: now })
        .where('account_id', '=', accountId)
        .execute();
      const bundle = await loadAccountBundle(tx, accountId, now);
      const invoiceId = await applyUpgrade(tx, bundle, quote, now, {
        mode: 'card',
        card,
        holder: input.card.holder,
        reference: payment.reference,
      });
      await markAttempt(tx, charge.idempotencyKey, 'recorded', now, {
        gatewayRef: payment.reference,
        accountId,
      });
      return { accountId, invoiceId };
    });
  } catch (error) {
    await giveBack(db, paymentGateway(db), charge, nowIso());
    throw error;
  }
}

// --- Auto-renewal ---

export async function setAutoRenewal(db: Database, accountId: string, enable: boolean) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  await db
    .updateTable('billing_accounts')
    .set({ auto_renew: enable ? 1 : 0, updated_at: now })
    .where('account_id', '=', accountId)
    .execute();
  return {
    text: enable ? 'Auto-renewal has been turned on' : 'Auto-renewal has been turned off',
    autoRenew: enable,
    renewTerm: asTerm(bundle.billing.renew_term),
  };
}

export async function setRenewTerm(db: Database, accountId: string, renewTerm: Term) {
  const now = nowIso();
  const bundle = await loadAccountBundle(db, accountId, now);
  await db
    .updateTable('billing_accounts')
    .set({ renew_term: renewTerm, updated_at: now })
    .where('account_id', '=', accountId)
    .execute();
  return {
    text: 'Renewal details have been updated',
    autoRenew: bundle.billing.auto_renew === 1,
    renewTerm,
  };
}
