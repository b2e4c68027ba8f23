/**
 * Term arithmetic in whole UTC calendar days. A term runs from its start date (inclusive) to its
 * end date (exclusive); on the term's last day one day remains.
 */
export type Term = 'month' | 'year';

const DAY_MS = 86_400_000;

const utcDay = (iso: string): number => {
  const date = new Date(iso);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS;
};

export const daysBetween = (fromIso: string, toIso: string): number =>
  utcDay(toIso) - utcDay(fromIso);

/** Adds months in the calendar, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString();
}

export const termEnd = (startIso: string, term: Term): string =>
  addMonths(startIso, term === 'year' ? 12 : 1);

export interface Proration {
  /** Whole days left in the term, counting today. */
  remainingDays: number;
  totalDays: number;
  amountMinor: number;
}

/**
 * The share of a price difference for the rest of the term: difference x remaining / total days,
 * rounded half up to the minor unit, in integers only.
 */
export function prorate(
  differenceMinor: number,
  term: { start: string; end: string },
  today: string,
): Proration {
  const totalDays = Math.max(1, daysBetween(term.start, term.end));
  const remainingDays = Math.min(totalDays, Math.max(0, daysBetween(today, term.end)));
  const numerator = differenceMinor * remainingDays;
  const amountMinor = Math.floor((2 * numerator + totalDays) / (2 * totalDays));
  return { remainingDays, totalDays, amountMinor };
}
