import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/domain/messages';
import {
  addressChars,
  cleanName,
  noSpecialChars,
  plainText,
  ruleNames,
  rules,
  schemas,
} from '../../../src/domain/validation';
import {
  addressCharsRule,
  noSpecialCharsRule,
  plainTextRule,
} from '../../../src/domain/character-checks';
import { ruleCases } from './rule-cases';

const show = (value: string) =>
  JSON.stringify(value.length > 30 ? `${value.slice(0, 12)}…(${value.length})` : value);

describe.each(ruleNames)('rule %s', (name) => {
  const { accept, reject } = ruleCases[name];

  it('has at least five accepted and five rejected values', () => {
    expect(accept.length).toBeGreaterThanOrEqual(5);
    expect(reject.length).toBeGreaterThanOrEqual(5);
  });

  it.each(accept.map((value) => [show(value), value]))('accepts %s', (_label, value) => {
    expect(rules[name](value)).toBeNull();
    const parsed = schemas[name].safeParse(value);
    expect(parsed.success).toBe(true);
    // The schema hands the trimmed value on.
    expect(parsed.data).toBe(value.trim());
  });

  it.each(reject.map(([value, message]) => [show(value), value, message]))(
    'rejects %s',
    (_label, value, message) => {
      expect(rules[name](value)).toBe(message);
      const parsed = schemas[name].safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
    },
  );
});

describe('schemas of missing fields', () => {
  it('give the blank message of a required field', () => {
    expect(schemas.email.safeParse(undefined).error?.issues[0]?.message).toBe(
      'Email cannot be blank',
    );
    expect(schemas.newPassword.safeParse(undefined).error?.issues[0]?.message).toBe(
      'New Password cannot be blank',
    );
  });

  it('give "" for an optional field', () => {
    expect(schemas.paypalEmail.parse(undefined)).toBe('');
    expect(schemas.vatId.parse(undefined)).toBe('');
  });
});

describe('the section-5 texts, word for word', () => {
  it.each([
    ['password.chars', 'Password can contain A-Z, a-z, 0-9 and ~`!@#$%^&*()-_+={}|[];\'"<>,.?/'],
    ['partnerid.length', 'The Partner id must contain between 4 to 50 characters.'],
    ['company.invalid', "Company name cannot contain characters <> () % ? '"],
    ['dba.invalid', "DBA name cannot contain characters <> () % ? ' and quotes"],
    [
      'state.invalid',
      'State/Province can only contain characters A - Z, a - z, 0 - 9, .(dot),-(hyphen) and blank space',
    ],
    [
      'street.address.invalid',
      'The address can only contain characters A-Z, a-z, 0-9, _, #, /, ( ), -, . and blank space',
    ],
  ] as const)('%s', (key, text) => {
    expect(messages[key]).toBe(text);
  });
});

describe('the three unattached character checks', () => {
  const table: readonly [
    string,
    (value: string) => boolean,
    readonly string[],
    readonly string[],
  ][] = [
    [
      'noSpecialChars',
      noSpecialChars,
      ['Acme Inc', 'a-b_c', 'A&B, LLC', '#1 / 2', 'plain'],
      ["it's", 'say "hi"', '<b>', 'why?', '100%', '(x)'],
    ],
    [
      'plainText',
      plainText,
      ['abc', 'A-B_C 1', '', '  ', 'Tamil_Nadu'],
      ['a.b', 'a,b', 'a/b', 'é', 'a#b'],
    ],
    [
      'addressChars',
      addressChars,
      ['1 Main St.', 'Apt #4, (rear)', 'a/b_c-d', '', 'P.O. Box 7'],
      ["O'Hara", 'a"b', 'a&b', 'a;b', 'Straße'],
    ],
  ];
  describe.each(table)('%s', (_name, check, good, bad) => {
    it.each(good)('allows %j', (value) => expect(check(value)).toBe(true));
    it.each(bad)('refuses %j', (value) => expect(check(value)).toBe(false));
  });

  it('pairs each with a chosen message and treats empty as valid', () => {
    expect(noSpecialCharsRule(' <x> ')).toBe(messages['special.chars.invalid']);
    expect(plainTextRule('a.b')).toBe(messages['plain.text.invalid']);
    expect(addressCharsRule('a&b')).toBe(messages['address.chars.invalid']);
    expect([noSpecialCharsRule(''), plainTextRule(' '), addressCharsRule('')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('cleanName', () => {
  it.each([
    ['  John  ', 'John'],
    ['Mary   Jane', 'Mary Jane'],
    ['\tAnn\n', 'Ann'],
    ['', ''],
    ['A-B  C', 'A-B C'],
  ])('%j becomes %j', (input, output) => {
    expect(cleanName(input)).toBe(output);
  });
});
