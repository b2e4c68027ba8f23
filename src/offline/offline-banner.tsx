import { Alert } from '@mantine/core';
import { formatDisplayDate } from '../domain/dates';
import { useIsOnline, useOldestStoredAnswer } from './online-status';

/** "last updated <time>" of stored data. */
export function lastUpdatedText(syncedAt: number): string {
  return `last updated ${formatDisplayDate(syncedAt)}`;
}

/**
 * Shown at the top of the signed-in screens while the browser is offline: says so plainly and,
 * when the screen shows stored data, when that data was last updated.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const storedAt = useOldestStoredAnswer();
  if (isOnline) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" title="You are offline" role="status">
      {storedAt === undefined
        ? 'Data shown may be out of date. Actions that need the server wait until you are back online.'
        : `Showing data saved on this device, ${lastUpdatedText(storedAt)}. Actions that need the server wait until you are back online.`}
    </Alert>
  );
}
