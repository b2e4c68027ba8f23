import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  cardBrandName,
  formatCardSummary,
  formatCsvTimestamp,
  formatDisplayDateTime,
  formatDisplayDay,
  formatMoney,
  formatRateBp,
  formatTaxLine,
} from '../../../src/domain/formats';
import { activityCsv } from '../../../src/features/activity-log/components/activity-csv';
import { lastSeenText } from '../../../src/features/computers/components/computers-table';
import { noteByline } from '../../../src/features/computers/components/notes-modal';
import { formatDay } from '../../../src/features/partner-reports/components/report-day';
import { lastUpdatedText } from '../../../src/offline/offline-banner';
import type { ActivityEntry } from '../../../src/domain/api/reseller-account';

// New York, so a local time and its UTC differ (and by a whole day late in the evening).
const previousTz = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  process.env.TZ = previousTz;
});

const lateEvening = '2025-04-06T02:07:00.000Z'; // Apr 05, 10:07 pm in New York

describe('one date and time format on screens, in the PDF and in CSV', () => {
  it('shows a date as the date part of "Mon dd, yyyy, hh:mm am/pm"', () => {
    expect(formatDisplayDay(lateEvening)).toBe('Apr 05, 2025');
    expect(formatDisplayDay(lateEvening, { isUtc: true })).toBe('Apr 06, 2025');
    // A calendar day stays that day in every zone.
    expect(formatDisplayDay('2025-04-05')).toBe('Apr 05, 2025');
    expect(formatDisplayDay('')).toBe('');
    expect(formatDisplayDay('not a date')).toBe('');
  });

  it('shows a date and time, saying UTC when it is in UTC', () => {
    expect(formatDisplayDateTime(lateEvening)).toBe('Apr 05, 2025, 10:07 pm');
    expect(formatDisplayDateTime(lateEvening, { isUtc: true })).toBe('Apr 06, 2025, 02:07 am UTC');
    expect(formatDisplayDateTime(null)).toBe('');
  });

  it('writes CSV timestamps in ISO 8601 with their time zone', () => {
    expect(formatCsvTimestamp(lateEvening)).toBe('2025-04-05T22:07:00-04:00');
    expect(formatCsvTimestamp(lateEvening, { isUtc: true })).toBe('2025-04-06T02:07:00Z');
    expect(formatCsvTimestamp(undefined)).toBe('');
  });
});

describe('one card brand spelling', () => {
  it('names a stored brand code as the card forms do', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('AMEX')).toBe('American Express');
    expect(cardBrandName('unionpay')).toBe('Unionpay');
    expect(formatCardSummary('visa', '4242')).toBe('Visa ending in 4242');
    expect(formatCardSummary('visa', '')).toBe('');
  });
});

describe('one money format on screens, in the PDF and in the partner reports', () => {
  it('formats minor units with the currency', () => {
    expect(formatMoney(149900, 'USD')).toBe('$1,499.00');
    expect(formatMoney(4995, 'USD')).toBe('$49.95');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('keeps each currency its own format when formats are reused', () => {
    expect(formatMoney(149900, 'EUR')).toBe('€1,499.00');
    expect(formatMoney(149900, 'USD')).toBe('$1,499.00');
    expect(formatMoney(100, 'GBP')).toBe('£1.00');
    expect(formatMoney(149900, 'EUR')).toBe('€1,499.00');
    expect(() => formatMoney(1, 'not a currency')).toThrow(RangeError);
  });

  it('writes dollars, euros and pounds exactly as Intl does, without making an Intl formatter', () => {
    const ByIntl = Intl.NumberFormat;
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      return new ByIntl(...args);
    });
    const amounts = fc.integer({ min: -1e12, max: 1e12 });
    fc.assert(
      fc.property(amounts, fc.constantFrom('USD', 'EUR', 'GBP'), (amountMinor, currency) => {
        const written = formatMoney(amountMinor, currency);
        const byIntl = new ByIntl('en-US', { style: 'currency', currency }).format(
          amountMinor / 100,
        );
        expect(written).toBe(byIntl);
      }),
      { numRuns: 2000 },
    );
    made.mockClear();
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-5, 'GBP')).toBe('-£0.05');
    expect(made).not.toHaveBeenCalled();
    // Another currency, or a fraction of a cent, is Intl's.
    expect(formatMoney(150000, 'JPY')).toBe('¥1,500');
    expect(formatMoney(10.5, 'USD')).toBe('$0.11');
    expect(made).toHaveBeenCalledTimes(2);
    made.mockRestore();
  });

  it('shows a rate in basis points as a percentage without trailing zeros', () => {
    expect(formatRateBp(725)).toBe('7.25%');
    expect(formatRateBp(800)).toBe('8%');
  });
});

describe('tax lines say the tax and its rate once', () => {
  it('adds the rate to a bare label', () => {
    expect(formatTaxLine('Sales Tax (CA)', 725)).toBe('Sales Tax (CA) 7.25%');
    expect(formatTaxLine('', 0)).toBe('Tax 0%');
  });

  it('does not repeat a rate a stored label already carries', () => {
    expect(formatTaxLine('Sales Tax (CA) 7.25%', 725)).toBe('Sales Tax (CA) 7.25%');
    expect(formatTaxLine('VAT (DE) 19%', 1900)).toBe('VAT (DE) 19%');
    expect(formatTaxLine('VAT reverse charge 0%', 0)).toBe('VAT reverse charge 0%');
  });
});

describe('screens and exports use these forms', () => {
  it('the computers list, its notes and the offline banner show "Mon dd, yyyy, hh:mm am/pm"', () => {
    expect(lastSeenText(lateEvening)).toBe('Apr 05, 2025, 10:07 pm');
    expect(lastSeenText(null)).toBe('Never');
    expect(noteByline({ author: 'Ann', createdAt: lateEvening })).toBe(
      'Ann · Apr 05, 2025, 10:07 pm',
    );
    expect(lastUpdatedText(Date.parse(lateEvening))).toBe('last updated Apr 05, 2025, 10:07 pm');
  });

  it('partner reports show their UTC days in the same form', () => {
    expect(formatDay('2025-04-05')).toBe('Apr 05, 2025');
    expect(formatDay(lateEvening)).toBe('Apr 06, 2025');
    expect(formatDay('')).toBe('—');
  });

  it('the activity log CSV writes its times with their time zone', () => {
    const entry: ActivityEntry = {
      id: '1',
      created_at: lateEvening,
      action: 'signin',
      action_label: 'Signed in',
      category: 'account',
      user_id: 'u1',
      user_name: 'Ann',
      user_email: 'ann@example.com',
      ip: '127.0.0.1',
      user_agent: 'test',
      target: '',
    };
    const [header, row] = activityCsv([entry]).split('\r\n');
    expect(header?.startsWith('Date,')).toBe(true);
    expect(row?.startsWith('2025-04-05T22:07:00-04:00,')).toBe(true);
  });
});
