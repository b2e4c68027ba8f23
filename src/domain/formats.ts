/**
 * The display forms the console, the server's PDF and its CSV exports share, so a date, a card
 * or a tax line reads the same on a screen, on paper and in a spreadsheet.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { cardBrandNames, type CardBrand } from './cards';
import { DISPLAY_DATE_FORMAT, type DateInput } from './dates';

dayjs.extend(utc);

/** The date part of the spec's display form ("Mon dd, yyyy, hh:mm am/pm"), e.g. "Apr 05, 2025". */
export const DISPLAY_DAY_FORMAT = 'MMM DD, YYYY';

interface ZoneOption {
  /** A document with no reader's clock (a PDF, a server's CSV) uses UTC and says so. */
  readonly isUtc?: boolean;
}

const parse = (value: DateInput, options: ZoneOption) =>
  // A bare yyyy-mm-dd is a calendar day: it stays that day in every zone.
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? dayjs.utc(value)
    : options.isUtc
      ? dayjs.utc(value)
      : dayjs(value);

/** "Apr 05, 2025"; "" for a missing or unreadable date. */
export function formatDisplayDay(
  value: DateInput | null | undefined,
  options: ZoneOption = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = parse(value, options);
  return date.isValid() ? date.format(DISPLAY_DAY_FORMAT) : '';
}

/** "Apr 05, 2025, 03:07 pm", with " UTC" after it when written in UTC. */
export function formatDisplayDateTime(
  value: DateInput | null | undefined,
  options: ZoneOption = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = options.isUtc ? dayjs.utc(value) : dayjs(value);
  if (!date.isValid()) return '';
  return `${date.format(DISPLAY_DATE_FORMAT)}${options.isUtc ? ' UTC' : ''}`;
}

/**
 * A CSV timestamp: ISO 8601 to the second with its offset ("2025-04-05T15:07:00-07:00", or
 * "2025-04-05T22:07:00Z" in UTC), which spreadsheets read and which never loses its time zone.
 */
export function formatCsvTimestamp(
  value: DateInput | null | undefined,
  options: ZoneOption = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = options.isUtc ? dayjs.utc(value) : dayjs(value);
  if (!date.isValid()) return '';
  return options.isUtc ? date.format('YYYY-MM-DDTHH:mm:ss[Z]') : date.format();
}

/**
 * Currencies whose amounts are written without Intl, as `Intl.NumberFormat('en-US', { style:
 * 'currency' })` writes them: the symbol, the whole units grouped by thousands, two decimals
 * ("$1,499.00", "-€12.50"; tests/unit/domain/formats.test.ts compares the two on random amounts).
 * Why by hand: a page's first Intl.NumberFormat loads ICU's number data, which was the longest
 * task after the first paint of the partner dashboard and the invoice list (180–220 ms of a
 * phone's main thread at 4× throttling), and every account is billed in one of these.
 */
const plainSymbols: Partial<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** Other currencies: one Intl formatter each (making one costs far more than using it). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$1,499.00" for 149900 USD: formats minor units; never used to compute an amount. */
export function formatMoney(amountMinor: number, currency: string): string {
  const symbol = plainSymbols[currency];
  if (symbol === undefined || !Number.isSafeInteger(amountMinor)) {
    return moneyFormatOf(currency).format(amountMinor / 100);
  }
  const minor = Math.abs(amountMinor);
  const units = String(Math.trunc(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(minor % 100).padStart(2, '0');
  return `${amountMinor < 0 ? '-' : ''}${symbol}${units}.${cents}`;
}

function moneyFormatOf(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** A rate in basis points as a percentage: 725 → "7.25%", 800 → "8%". */
export const formatRateBp = (rateBp: number): string =>
  `${String(rateBp / 100).replace(/\.0+$/, '')}%`;

/** "Visa", "Mastercard", "American Express": a stored brand code in the one spelling we show. */
export function cardBrandName(brand: string): string {
  const known = cardBrandNames[brand.toLowerCase() as CardBrand] as string | undefined;
  if (known) return known;
  return brand ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}` : 'Card';
}

/** "Visa ending in 4242" (screens, PDF, mails, CSV); "" when no card is known. */
export function formatCardSummary(brand: string, last4: string): string {
  return last4 ? `${cardBrandName(brand)} ending in ${last4}` : '';
}

/**
 * One tax line: the tax's name and its rate once, e.g. "Sales Tax (CA) 7.25%". Stored labels
 * that already end in their rate (older invoices) are not given it a second time.
 */
export function formatTaxLine(label: string, rateBp: number): string {
  const name = label.replace(/\s*\d+(?:\.\d+)?%$/, '').trim() || 'Tax';
  return `${name} ${formatRateBp(rateBp)}`;
}
