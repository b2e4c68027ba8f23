import { toCsv } from '../../../domain/csv';
import { activityActionLabel } from '../../../domain/api/activity-actions';
import type { ActivityEntry } from '../../../domain/api/reseller-account';
import { formatCsvTimestamp } from '../../../domain/formats';

/** The CSV text of log entries, with the screen's columns; times in ISO 8601 with their offset. */
export function activityCsv(entries: readonly ActivityEntry[]): string {
  return toCsv(
    entries.map((entry) => ({
      Date: formatCsvTimestamp(entry.created_at),
      User: entry.user_name,
      Email: entry.user_email,
      Action: activityActionLabel(entry.action),
      Target: entry.target,
      'IP address': entry.ip,
      'User agent': entry.user_agent,
    })),
    { columns: ['Date', 'User', 'Email', 'Action', 'Target', 'IP address', 'User agent'] },
  );
}

/** Hands a CSV text to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
