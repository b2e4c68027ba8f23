import { formatDisplayDay } from '../../../domain/formats';

/** yyyy-mm-dd (or an ISO timestamp) as "Mon dd, yyyy" in UTC, the calendar the reports use. */
export function formatDay(iso: string): string {
  return formatDisplayDay(iso, { isUtc: true }) || '—';
}
