import { formatDisplayDay } from '../../../domain/formats';

/** Minor units to a display amount, e.g. 4995 USD → "$49.95". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}

/** yyyy-mm-dd (or an ISO timestamp) as "Mon dd, yyyy" in UTC, the calendar the reports use. */
export function formatDay(iso: string): string {
  return formatDisplayDay(iso, { isUtc: true }) || '—';
}
