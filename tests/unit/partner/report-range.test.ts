import { describe, expect, it } from 'vitest';
import {
  bountyCommission,
  rangeBuckets,
  referralCommission,
  resolveReportRange,
} from '../../../src/domain/api/partner-reports';

describe('report ranges', () => {
  it('a quarter covers its three months', () => {
    expect(resolveReportRange({ quarter: '4', year: '2025' }, '2026-11-22')).toEqual({
      ok: true,
      range: { type: 'quarterly', from: '2025-10-01', to: '2025-12-31', label: 'Q4 2025' },
    });
  });

  it('a month range may cross a year end, and ends on the last day of its month', () => {
    const result = resolveReportRange(
      { from_month: '11', from_year: '2023', to_month: '02', to_year: '2024' },
      '2026-11-22',
    );
    expect(result).toMatchObject({ ok: true, range: { from: '2023-11-01', to: '2024-02-29' } });
    if (result.ok)
      expect(rangeBuckets(result.range).map((b) => b.key)).toEqual([
        '2023-11',
        '2023-12',
        '2024-01',
        '2024-02',
      ]);
  });

  it('defaults to the last 7 days, today included', () => {
    const result = resolveReportRange({}, '2026-01-03');
    expect(result).toMatchObject({
      ok: true,
      range: { type: 'dates', from: '2025-12-28', to: '2026-01-03' },
    });
    if (result.ok) expect(rangeBuckets(result.range)).toHaveLength(7);
  });

  it('refuses impossible dates and reversed ranges', () => {
    expect(resolveReportRange({ from: '02-29-2025', to: '03-01-2025' }, '2026-01-01').ok).toBe(
      false,
    );
    expect(resolveReportRange({ from: '03-02-2025', to: '03-01-2025' }, '2026-01-01').ok).toBe(
      false,
    );
    expect(resolveReportRange({ quarter: '0', year: '2025' }, '2026-01-01').ok).toBe(false);
  });
});

describe('commission arithmetic', () => {
  it('referral is a percentage of each payment, rounded to the cent', () => {
    expect(referralCommission(4_995, 2_000)).toBe(999);
    expect(referralCommission(14_950, 1_500)).toBe(2_243); // 2242.5 rounds up
  });
  it('bounty is paid on the first payment only', () => {
    expect(bountyCommission(true, 5_000)).toBe(5_000);
    expect(bountyCommission(false, 5_000)).toBe(0);
  });
});
