/** What a plan change costs now, with tax, and every refusal text of the spec for one. */
import type { ProratedAmount, UpgradeDetails } from '../../../src/domain/api/billing';
import { formatMessage } from '../../../src/domain/messages';
import { AppError } from '../../app-error';
import type { Database } from '../../db/database';
import { nowIso } from '../clock';
import { computeTax, type TaxProfile, type TaxResult } from '../tax/tax';
import {
  asTerm,
  cardOut,
  isTrialAccount,
  planOut,
  taxDetailsOf,
  taxProfileOf,
} from './account-view';
import { prorate, termEnd, type Term } from './proration';
import {
  findPlanByCode,
  listActivePlans,
  loadAccountBundle,
  priceOf,
  type AccountBundle,
  type PlanRow,
} from './repository';

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

export interface Quote extends ProratedAmount {
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

export function finishQuote({ subtotal, ...parts }: QuoteParts, profile: TaxProfile): Quote {
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

export const planNotFound = () =>
  new AppError('PLAN_NOT_FOUND', formatMessage('plan.not.found'), { field: 'planCode' });

/** A whole new term of a plan from today: a trial's upgrade and a paid signup. */
export function newTermParts(plan: PlanRow, term: Term, now: string): QuoteParts {
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
