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
 * One formatter per currency: making an Intl.NumberFormat costs far more than formatting with it
 * (the partner dashboard formats a few hundred amounts for its chart; made on each call, that
 * was 50-70 ms of a throttled phone's main thread at load).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$1,499.00" for 149900 USD: formats minor units; never used to compute an amount. */
export function formatMoney(amountMinor: number, currency: string): string {
  return moneyFormatOf(currency).format(amountMinor / 100);
}

function moneyFormatOf(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * Makes `currency`'s formatter ahead of its first use. The first Intl.NumberFormat of a page
 * loads the locale's data: 50-80 ms of a throttled phone's main thread. A screen that will show
 * amounts calls this after its first paint, while its data is on the way, so that cost is not
 * added to the long task that draws the data.
 */
export function prepareMoneyFormat(currency: string): void {
  moneyFormatOf(currency);
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
