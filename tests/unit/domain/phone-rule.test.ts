import { describe, expect, it } from 'vitest';
import { generateSetupSchema } from '../../../src/domain/api/two-factor';
import { partnerSignupSchema, profileUpdateSchema } from '../../../src/domain/api/partner-account';
import { messages } from '../../../src/domain/messages';
import { normalisePhone, PHONE_EXAMPLE, rules, schemas } from '../../../src/domain/validation';

// Spec section 5, "Phone": an optional prefix ("0" or "+" and 1–5 digits), then exactly 10 digits.
// Spaces, dashes, dots and parentheses between the digits are removed before that rule.
const written = [
  ['+1 408 555 0100', '+14085550100'],
  ['(408) 555-0100', '4085550100'],
  ['408-555-0100', '4085550100'],
  ['408.555.0100', '4085550100'],
  ['+44 (0) 20 7946 0958', '+4402079460958'],
  ['  +91 98765-43210  ', '+919876543210'],
] as const;

describe('phone rule: separators people type', () => {
  it.each(written)('accepts %s and hands on %s', (value, stored) => {
    expect(normalisePhone(value)).toBe(stored);
    expect(rules.phone(value)).toBeNull();
    expect(rules.optionalPhone(value)).toBeNull();
    expect(schemas.phone.parse(value)).toBe(stored);
    expect(schemas.optionalPhone.parse(value)).toBe(stored);
  });

  it.each([
    '408/555/0100',
    '408_555_0100',
    '+1 408 555 010',
    '(408) 555-01000',
    '4o8 555 0100',
    '+ 1 2 3',
    '- - -',
  ])('still refuses %s', (value) => {
    expect(rules.phone(value)).toBe(messages['phone.invalid']);
    expect(schemas.phone.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
      messages['phone.invalid'],
    ]);
  });

  it('keeps the blank message for an empty value', () => {
    expect(rules.phone('   ')).toBe(messages['phone.required']);
    expect(rules.optionalPhone('   ')).toBeNull();
  });

  it('accepts its own placeholder example', () => {
    expect(rules.phone(PHONE_EXAMPLE)).toBeNull();
  });
});

describe('every phone field of the API stores the normalised number', () => {
  it('partner profile update', () => {
    const parsed = profileUpdateSchema.parse({ phoneNumber: '(408) 555-0100' });
    expect(parsed.phoneNumber).toBe('4085550100');
    expect(profileUpdateSchema.parse({}).phoneNumber).toBe('');
  });

  it('partner signup', () => {
    const shape = partnerSignupSchema.shape.phoneNumber;
    expect(shape.parse('+1 408 555 0100')).toBe('+14085550100');
  });

  it('two-factor phone setup', () => {
    expect(generateSetupSchema.parse({ method: 'phone', phone: '408-555-0100' })).toEqual({
      method: 'phone',
      phone: '4085550100',
    });
    expect(
      generateSetupSchema.safeParse({ method: 'phone', phone: '' }).error?.issues[0]?.message,
    ).toBe(messages['phone.required']);
  });
});
