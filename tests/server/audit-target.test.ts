import { describe, expect, it } from 'vitest';
import { shortTarget } from '../../server/services/audit';

describe('activity log: a target too long for its column', () => {
  it('keeps whole names and says how many more there were', () => {
    const emails = Array.from({ length: 30 }, (_, i) => `user${String(i)}@example.com`);
    const target = shortTarget(emails.join(', '));
    expect(target.length).toBeLessThanOrEqual(200);
    const match = /^(.*) and (\d+) more$/.exec(target);
    expect(match).not.toBeNull();
    const kept = (match?.[1] ?? '').split(', ');
    expect(kept).toEqual(emails.slice(0, kept.length));
    expect(kept.length + Number(match?.[2])).toBe(30);
  });

  it('leaves a short target as it is, and cuts one long name with an ellipsis', () => {
    expect(shortTarget('a@example.com, b@example.com')).toBe('a@example.com, b@example.com');
    const long = shortTarget('x'.repeat(300));
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});
