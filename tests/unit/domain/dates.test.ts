import { afterAll, describe, expect, it } from 'vitest';

// Node reads TZ on every Date call, so setting it here puts this file in New York, where clocks
// went forward on 2025-03-09 and back on 2025-11-02.
const previousTz = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  process.env.TZ = previousTz;
});

const { defaultReportRange, formatDisplayDate, formatMmDdYyyy, isAfterCutOff, parseMmDdYyyy } =
  await import('../../../src/domain/dates');

describe('the test time zone', () => {
  it('is New York with daylight saving', () => {
    expect(new Date(2025, 0, 15).getTimezoneOffset()).toBe(300);
    expect(new Date(2025, 6, 15).getTimezoneOffset()).toBe(240);
  });
});

describe('formatDisplayDate ("Mon dd, yyyy, hh:mm am/pm", local time)', () => {
  it.each([
    ['2025-03-09T06:59:00Z', 'Mar 09, 2025, 01:59 am'], // last minute of EST
    ['2025-03-09T07:00:00Z', 'Mar 09, 2025, 03:00 am'], // first minute of EDT
    ['2025-11-02T05:30:00Z', 'Nov 02, 2025, 01:30 am'], // 01:30 EDT
    ['2025-11-02T06:30:00Z', 'Nov 02, 2025, 01:30 am'], // 01:30 again, EST
    ['2025-07-04T16:05:00Z', 'Jul 04, 2025, 12:05 pm'],
    ['2025-01-01T05:00:00Z', 'Jan 01, 2025, 12:00 am'],
    ['2024-12-31T23:15:00-05:00', 'Dec 31, 2024, 11:15 pm'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatDisplayDate(iso)).toBe(expected);
    expect(formatDisplayDate(new Date(iso))).toBe(expected);
    expect(formatDisplayDate(Date.parse(iso))).toBe(expected);
  });

  it.each([[''], ['not a date'], [null], [undefined]])('%j -> ""', (value) => {
    expect(formatDisplayDate(value)).toBe('');
  });
});

describe('parseMmDdYyyy', () => {
  it.each([
    ['03-09-2025', 2025, 2, 9],
    ['11-02-2025', 2025, 10, 2],
    ['02-29-2024', 2024, 1, 29],
    [' 12-31-1999 ', 1999, 11, 31],
    ['01-01-0099', 99, 0, 1],
  ])('%j is local midnight of that day', (text, year, month, day) => {
    const date = parseMmDdYyyy(text);
    expect(date?.getFullYear()).toBe(year);
    expect(date?.getMonth()).toBe(month);
    expect(date?.getDate()).toBe(day);
    expect(date?.getHours()).toBe(0);
  });

  it.each([
    ['02-29-2025'],
    ['02-30-2024'],
    ['13-01-2025'],
    ['00-10-2025'],
    ['2025-03-09'],
    ['3-9-2025'],
    [''],
  ])('%j is not a date', (text) => {
    expect(parseMmDdYyyy(text)).toBeNull();
  });

  it('spans 23 and 25 hours across the changes, and round-trips', () => {
    const hours = (from: string, to: string) =>
      ((parseMmDdYyyy(to)?.getTime() ?? 0) - (parseMmDdYyyy(from)?.getTime() ?? 0)) / 3_600_000;
    expect(hours('03-09-2025', '03-10-2025')).toBe(23);
    expect(hours('11-02-2025', '11-03-2025')).toBe(25);
    for (const text of ['03-09-2025', '03-10-2025', '11-02-2025', '11-03-2025']) {
      expect(formatMmDdYyyy(parseMmDdYyyy(text) ?? new Date(NaN))).toBe(text);
    }
  });
});

describe('defaultReportRange (7 days, today included)', () => {
  it.each([
    [new Date(2025, 2, 12, 0, 30), '03-06-2025', '03-12-2025'], // crosses spring forward
    [new Date(2025, 2, 12, 23, 59), '03-06-2025', '03-12-2025'],
    [new Date(2025, 2, 9, 3, 0), '03-03-2025', '03-09-2025'], // the change day itself
    [new Date(2025, 10, 5, 0, 15), '10-30-2025', '11-05-2025'], // crosses fall back
    [new Date(2025, 10, 2, 1, 30), '10-27-2025', '11-02-2025'],
    [new Date(2025, 0, 3, 12, 0), '12-28-2024', '01-03-2025'], // crosses the year
  ])('on %s', (now, from, to) => {
    expect(defaultReportRange(now)).toEqual({ from, to });
  });

  it('defaults to now', () => {
    expect(defaultReportRange().to).toBe(formatMmDdYyyy(new Date()));
  });
});

describe('isAfterCutOff (2025-04-27, local calendar day)', () => {
  it.each([
    [new Date(2025, 3, 27, 23, 59), false],
    [new Date(2025, 3, 28, 0, 0), true],
    ['2025-04-28T03:00:00Z', false], // still the 27th in New York
    ['2025-04-28T04:00:00Z', true],
    ['2024-12-31', false],
    ['2026-01-01T00:00:00Z', true],
    ['garbage', false],
  ])('%s -> %s', (value, expected) => {
    expect(isAfterCutOff(value)).toBe(expected);
  });
});
