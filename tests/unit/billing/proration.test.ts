import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysBetween,
  prorate,
  termEnd,
} from '../../../server/services/billing/proration';
import { computeTax, checkUsZip, isValidBusinessVatId } from '../../../server/services/tax/tax';
import { createSandboxGateway, isExpiryInFuture } from '../../../server/services/payments/sandbox';

describe('term dates', () => {
  it('adds months with the calendar, clamping to the month end', () => {
    expect(addMonths('2027-01-31T10:00:00.000Z', 1)).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(termEnd('2028-02-29T00:00:00.000Z', 'year')).toBe('2029-02-28T00:00:00.000Z');
    expect(termEnd('2027-03-15T00:00:00.000Z', 'month')).toBe('2027-04-15T00:00:00.000Z');
  });

  it('counts whole UTC days', () => {
    expect(daysBetween('2028-01-01T23:00:00Z', '2029-01-01T01:00:00Z')).toBe(366);
    expect(daysBetween('2027-01-01T00:00:00Z', '2028-01-01T00:00:00Z')).toBe(365);
  });
});

describe('proration', () => {
  const year = { start: '2027-06-01T00:00:00.000Z', end: '2028-06-01T00:00:00.000Z' };
  const leapYear = { start: '2028-01-01T00:00:00.000Z', end: '2029-01-01T00:00:00.000Z' };
  const month = { start: '2027-02-01T00:00:00.000Z', end: '2027-03-01T00:00:00.000Z' };

  it('charges the difference for the days left in a year term', () => {
    // 366 days (the term holds 29 Feb 2028); half-way through, 183 days remain.
    const result = prorate(200_000, year, '2027-12-01T12:00:00.000Z');
    expect(result.totalDays).toBe(366);
    expect(result.remainingDays).toBe(183);
    expect(result.amountMinor).toBe(100_000);
  });

  it('uses 366 days in a leap year', () => {
    const result = prorate(100_000, leapYear, '2028-12-02T00:00:00.000Z');
    expect(result).toEqual({ remainingDays: 30, totalDays: 366, amountMinor: 8_197 });
  });

  it('charges for one day on the last day of the term', () => {
    const result = prorate(20_000, month, '2027-02-28T23:59:00.000Z');
    expect(result).toEqual({ remainingDays: 1, totalDays: 28, amountMinor: 714 });
  });

  it('charges the whole difference on the first day and nothing after the end', () => {
    expect(prorate(20_000, month, '2027-02-01T08:00:00.000Z').amountMinor).toBe(20_000);
    expect(prorate(20_000, month, '2027-03-01T00:00:00.000Z').amountMinor).toBe(0);
  });

  it('rounds half up in integers', () => {
    // 3 x 1 / 2 = 1.5 -> 2
    expect(
      prorate(
        3,
        { start: '2027-01-01T00:00:00Z', end: '2027-01-03T00:00:00Z' },
        '2027-01-02T00:00:00Z',
      ).amountMinor,
    ).toBe(2);
  });
});

describe('tax by billing country', () => {
  it('VAT at the buyer country rate without a VAT ID', () => {
    expect(computeTax({ country: 'DE', state: '', vatId: '', gstin: '' }, 10_000)).toMatchObject({
      type: 'vat',
      rateBp: 1900,
      taxMinor: 1_900,
      isReverseCharge: false,
    });
  });

  it('reverse charge with a valid business VAT ID from another EU country', () => {
    expect(
      computeTax({ country: 'DE', state: '', vatId: 'DE123456789', gstin: '' }, 10_000),
    ).toMatchObject({ type: 'vat', rateBp: 0, taxMinor: 0, isReverseCharge: true });
    expect(isValidBusinessVatId('GR', 'EL123456789')).toBe(true);
    expect(isValidBusinessVatId('DE', 'FR12345678901')).toBe(false);
  });

  it('domestic VAT for the seller’s own country even with a VAT ID', () => {
    expect(
      computeTax({ country: 'IE', state: '', vatId: 'IE1234567T', gstin: '' }, 10_000),
    ).toMatchObject({ rateBp: 2300, taxMinor: 2_300, isReverseCharge: false });
  });

  it('GST 18% for India', () => {
    expect(computeTax({ country: 'IN', state: '', vatId: '', gstin: '' }, 14_999)).toMatchObject({
      type: 'gst',
      rateBp: 1800,
      taxMinor: 2_700,
      label: 'GST 18%',
    });
  });

  it('US sales tax only in nexus states', () => {
    expect(computeTax({ country: 'US', state: 'TX', vatId: '', gstin: '' }, 10_000).taxMinor).toBe(
      625,
    );
    expect(computeTax({ country: 'US', state: 'OR', vatId: '', gstin: '' }, 10_000)).toMatchObject({
      type: 'sales_tax',
      rateBp: 0,
      taxMinor: 0,
    });
    expect(computeTax({ country: 'CA', state: 'ON', vatId: '', gstin: '' }, 10_000).taxMinor).toBe(
      0,
    );
  });

  it('checks US ZIP codes against the bundled data and the state', () => {
    expect(checkUsZip('94105', 'CA')).toBe(true);
    expect(checkUsZip('94105-1234', 'CA')).toBe(true);
    expect(checkUsZip('94105', 'NY')).toBe(false);
    expect(checkUsZip('00000', '')).toBe(false);
    expect(checkUsZip('ABCDE', '')).toBe(false);
  });
});

describe('sandbox gateway', () => {
  const now = new Date('2027-05-10T00:00:00Z');
  const card = {
    cardNumber: '4242424242424242',
    cvv: '123',
    expMonth: 5,
    expYear: 2027,
    holder: 'A B',
  };

  it('returns a token and the last four digits, never the number', async () => {
    const result = await createSandboxGateway().tokenize(card, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.card.last4).toBe('4242');
    expect(result.card.brand).toBe('visa');
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
  });

  it('refuses an expired card, a bad CVV, a bad number and the decline test number', async () => {
    const gateway = createSandboxGateway();
    expect((await gateway.tokenize({ ...card, expMonth: 4 }, now)).ok).toBe(false);
    expect((await gateway.tokenize({ ...card, cvv: '12' }, now)).ok).toBe(false);
    expect((await gateway.tokenize({ ...card, cardNumber: '4242424242424241' }, now)).ok).toBe(
      false,
    );
    expect(await gateway.tokenize({ ...card, cardNumber: '4000000000000002' }, now)).toEqual({
      ok: false,
      reason: 'not_processed',
    });
    expect(isExpiryInFuture(12, 2026, now)).toBe(false);
    expect(isExpiryInFuture(5, 2027, now)).toBe(true);
  });

  it('charges once per idempotency key and fails the charge test card', async () => {
    const gateway = createSandboxGateway();
    const good = await gateway.tokenize(card, now);
    const bad = await gateway.tokenize({ ...card, cardNumber: '4000000000000341' }, now);
    if (!good.ok || !bad.ok) throw new Error('tokenize failed');
    const request = { amountMinor: 100, currency: 'USD', description: 'x', idempotencyKey: 'k1' };
    const first = await gateway.charge({ ...request, token: good.card.token });
    const second = await gateway.charge({ ...request, token: good.card.token });
    expect(first).toEqual(second);
    expect(
      await gateway.charge({ ...request, idempotencyKey: 'k2', token: bad.card.token }),
    ).toEqual({
      ok: false,
      reason: 'payment_failed',
    });
  });
});
