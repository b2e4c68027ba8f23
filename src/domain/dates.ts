/**
 * Date formats of spec section 9: display "Mon dd, yyyy, hh:mm am/pm" in the local time zone,
 * report ranges and the sub-users' created_date in mm-dd-yyyy. Calendar arithmetic goes through
 * dayjs day units, so a range that crosses a daylight-saving change still spans whole days.
 */
import dayjs from 'dayjs';
import { CUT_OFF_DATE } from './constants';
import { REPORT_RANGE_DAYS } from './limits';

/** e.g. "Apr 05, 2025, 03:07 pm". */
export const DISPLAY_DATE_FORMAT = 'MMM DD, YYYY, hh:mm a';
/** e.g. "04-05-2025". */
export const MDY_FORMAT = 'MM-DD-YYYY';

export type DateInput = Date | string | number;

/** The display form in the local time zone; "" for a missing or unreadable date. */
export function formatDisplayDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DATE_FORMAT) : '';
}

/** mm-dd-yyyy of the local calendar day. */
export function formatMmDdYyyy(value: DateInput): string {
  return dayjs(value).format(MDY_FORMAT);
}

const MDY = /^(\d{2})-(\d{2})-(\d{4})$/;

/**
 * Local midnight of an mm-dd-yyyy date, or null when the text is not one (02-30-2025 included:
 * the date must round-trip, so no month or day overflow is accepted).
 */
export function parseMmDdYyyy(text: string): Date | null {
  const match = MDY.exec(text.trim());
  if (match === null) return null;
  const [, mm = '', dd = '', yyyy = ''] = match;
  const [month, day, year] = [Number(mm), Number(dd), Number(yyyy)];
  const date = new Date(year, month - 1, day);
  // new Date(y, m, d) maps years 0–99 to 1900+; setFullYear keeps the year as written.
  date.setFullYear(year, month - 1, day);
  const isExact =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return isExact ? date : null;
}

export interface ReportRange {
  /** mm-dd-yyyy, the first day of the range. */
  readonly from: string;
  /** mm-dd-yyyy, today. */
  readonly to: string;
}

/**
 * "The last 7 days up to today": seven calendar days, today included (today and the six before).
 */
export function defaultReportRange(now: DateInput = new Date()): ReportRange {
  const today = dayjs(now).startOf('day');
  return {
    from: today.subtract(REPORT_RANGE_DAYS - 1, 'day').format(MDY_FORMAT),
    to: today.format(MDY_FORMAT),
  };
}

/** Whether a date's local calendar day is after 2025-04-27 (the day itself is not after it). */
export function isAfterCutOff(value: DateInput): boolean {
  const date = dayjs(value);
  return date.isValid() && date.format('YYYY-MM-DD') > CUT_OFF_DATE;
}
