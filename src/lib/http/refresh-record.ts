import { refreshStatuses, type RefreshStatus } from '../../domain/constants';

/** The token-refresh record of spec sections 3 and 4, shared by the tabs in localStorage. */
export interface RefreshRecord {
  /** When the last refresh started (in progress) or finished (success), in ms since the epoch. */
  lastUpdated: number;
  /** How long, in ms, a finished refresh stays fresh and a started one stays owned. */
  interval: number;
  inprogress: boolean;
  status: RefreshStatus;
}

/**
 * The interval. Two limits fix it:
 * - it must be shorter than the access token's lifetime (ACCESS_TOKEN_TTL_SECONDS, 600 s by
 *   default and never under 5 s), because a tab that finds a refresh finished less than one
 *   interval ago trusts the new token instead of refreshing again;
 * - it must be shorter than the server's refresh-token overlap (REFRESH_REUSE_GRACE_SECONDS,
 *   10 s), because a tab that takes over an abandoned refresh after one interval may replay the
 *   token the other tab already rotated, and the server accepts that only within the overlap.
 * 4 seconds is under both and still several round trips of a refresh request.
 */
export const REFRESH_INTERVAL_MS = 4000;

export function parseRefreshRecord(raw: string | null): RefreshRecord | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<RefreshRecord>;
    if (
      typeof value.lastUpdated !== 'number' ||
      typeof value.interval !== 'number' ||
      typeof value.inprogress !== 'boolean' ||
      !(refreshStatuses as readonly unknown[]).includes(value.status)
    ) {
      return undefined;
    }
    return value as RefreshRecord;
  } catch {
    return undefined;
  }
}

export function inProgressRecord(now: number, interval: number): RefreshRecord {
  return { lastUpdated: now, interval, inprogress: true, status: 'in_progress' };
}

export function successRecord(now: number, interval: number): RefreshRecord {
  return { lastUpdated: now, interval, inprogress: false, status: 'success' };
}

/** A refresh finished less than one interval ago: its cookies are the ones to use. */
export function isFreshSuccess(record: RefreshRecord | undefined, now: number): boolean {
  return (
    record?.status === 'success' && !record.inprogress && now - record.lastUpdated < record.interval
  );
}

/** Another tab is refreshing and has not yet run out its interval (after that it is taken over). */
export function isOwnedByAnother(record: RefreshRecord | undefined, now: number): boolean {
  return record?.inprogress === true && now - record.lastUpdated < record.interval;
}
