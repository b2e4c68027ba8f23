import { describe, expect, it } from 'vitest';
import { rules } from '../../../src/domain/validation';
import {
  blurCheckedFields,
  focusChecks,
  ruleValidator,
  trimStrings,
  validatorsFromRules,
} from '../../../src/ui/form-rules';

describe('ruleValidator', () => {
  const email = ruleValidator(rules.email);
  it.each([
    ['  user@example.com  ', null],
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    [undefined, 'Email cannot be blank'],
    [null, 'Email cannot be blank'],
    [{}, 'Email cannot be blank'],
    ['user@', 'Enter a valid email address'],
  ])('%j -> %j', (value, expected) => {
    expect(email(value)).toBe(expected);
  });

  it('checks numbers as their digits', () => {
    expect(ruleValidator(rules.cvv)(123)).toBeNull();
    expect(ruleValidator(rules.cvv)(12)).toBe('CVV can contain only 3-4 digits');
  });
});

interface Values {
  first: string;
  last: string;
  mail: string;
  pass: string;
  agree: boolean;
}

const ruleMap = {
  first: rules.firstName,
  last: rules.lastName,
  mail: rules.email,
  pass: rules.password,
};

describe('form wiring derived from the rules', () => {
  it('validates only fields that have a rule', () => {
    expect(Object.keys(validatorsFromRules<Values>(ruleMap))).toEqual([
      'first',
      'last',
      'mail',
      'pass',
    ]);
  });

  it('checks name and password fields on blur', () => {
    expect(blurCheckedFields<Values>(ruleMap)).toEqual(['first', 'last', 'pass']);
    expect(
      blurCheckedFields<{ a: string; b: string; c: string }>({
        a: rules.fullName,
        b: rules.newPassword,
        c: rules.city,
      }),
    ).toEqual(['a', 'b']);
  });

  it('checks the first name when the last name gains focus', () => {
    expect(focusChecks<Values>(ruleMap)).toEqual({ last: ['first'] });
    expect(focusChecks<Values>({ last: rules.lastName })).toEqual({});
  });
});

describe('trimStrings', () => {
  it('trims top-level strings only', () => {
    expect(trimStrings({ a: ' x ', b: 3, c: true, d: ['  y '] })).toEqual({
      a: 'x',
      b: 3,
      c: true,
      d: ['  y '],
    });
  });
});
