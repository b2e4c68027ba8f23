/*
 * "5 minutes ago", "yesterday", "3 weeks ago": when a session was last active, in words, with the
 * browser's own Intl.RelativeTimeFormat (no library, no list of words to keep). Under a minute is
 * "just now": the server keeps "last active" to the minute.
 */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long ago `iso` was, seen from `now` (a moment in the future reads as "just now"). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.floor((now - then) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
