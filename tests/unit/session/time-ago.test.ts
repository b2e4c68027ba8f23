import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../../src/features/reseller-account/components/relative-time';

/* "Last active 5 minutes ago" in "Where you're signed in". */

describe('how long ago a session was active', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 30, '5 minutes ago'],
    [3_600, '1 hour ago'],
    [3 * 3_600, '3 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [14 * 86_400, '2 weeks ago'],
    [45 * 86_400, 'last month'],
    [400 * 86_400, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, words) => {
    expect(timeAgo(before(seconds), now)).toBe(words);
  });

  it('reads a moment ahead of the clock as "just now", and nothing for a bad date', () => {
    expect(timeAgo(before(-30), now)).toBe('just now');
    expect(timeAgo('not a date', now)).toBe('');
  });
});
