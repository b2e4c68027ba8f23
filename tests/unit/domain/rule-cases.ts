/**
 * The table every rule of spec section 5 is tested against (validation.test.ts runs it through
 * both `rules` and `schemas`). Typed as a Record over RuleName, so a new rule without cases does
 * not compile. Each table holds the length boundaries (exactly at, one under, one over),
 * leading/trailing spaces and the spec's exact message.
 */
import { messages as m } from '../../../src/domain/messages';
import type { RuleName } from '../../../src/domain/validation';

export interface RuleCases {
  readonly accept: readonly string[];
  readonly reject: readonly (readonly [value: string, message: string])[];
}

const a = (n: number) => 'a'.repeat(n);

const passwordCases = (blank: string): RuleCases => ({
  accept: ['secret', 'secret1', a(19), a(20), '  secret1  ', 'P@ss~`!#$%^&', `Ab1'"<>,.?/[]{}|`],
  reject: [
    ['', blank],
    ['   ', blank],
    ['abcde', m['password.length']],
    [' abcde ', m['password.length']],
    [a(21), m['password.length']],
    ['pass word', m['password.chars']],
    ['pass:word', m['password.chars']],
    ['pass\\word', m['password.chars']],
    ['pass\tword', m['password.chars']],
  ],
});

const nameCases = (blank: string, invalid: string): RuleCases => ({
  accept: ['John Smith', 'Mary-Jane', 'A', 'Jo', a(49), a(50), '  John  '],
  reject: [
    ['', blank],
    ['  ', blank],
    [a(51), invalid],
    ['John3', invalid],
    ["O'Brien", invalid],
    ['José', invalid],
    ['John_Smith', invalid],
  ],
});

const plainTextCases = (blank: string, invalid: string, max: number): RuleCases => ({
  accept: ['New York', 'St-Louis', 'abc_1', '1', '12', a(max - 1), a(max), '  Paris  '],
  reject: [
    ['', blank],
    ['   ', blank],
    [a(max + 1), invalid],
    ['St. Louis', invalid],
    ['Zürich', invalid],
    ['A/B', invalid],
    ["O'Fallon", invalid],
  ],
});

const stateCases = (blank: string): RuleCases => ({
  accept: ['California', 'New-York', 'Tamil_Nadu', 'X', 'XY', a(49), a(50), '  Texas  '],
  reject: [
    ['', blank],
    ['Select', m['state.select']],
    [' Select ', m['state.select']],
    ['Choose a state', m['state.choose']],
    [a(51), m['state.invalid']],
    ['St. Gallen', m['state.invalid']],
    ['Québec', m['state.invalid']],
  ],
});

const addressLineCases = (blank: string | null, invalid: string): RuleCases => ({
  accept: [
    '1 Main St',
    'Apt #5, 2nd floor',
    'P.O. Box 12 (rear)',
    '  12 Rue de l Église  ',
    a(199),
    a(200),
    ...(blank === null ? ['', '  '] : []),
  ],
  reject: [
    ...(blank === null ? [] : ([['', blank] as const, ['  ', blank] as const] as const)),
    [a(201), invalid],
    [` ${a(201)} `, invalid],
    ["O'Hara St", invalid],
    ['Say "hi"', invalid],
    ['back\\slash', invalid],
  ],
});

const streetCases = (blank: string | null): RuleCases => ({
  accept: [
    '1 Main St.',
    'Unit #4/5 (rear)',
    'a_b-c',
    'A',
    a(199),
    a(200),
    '  12 Main  ',
    ...(blank === null ? ['', '  '] : []),
  ],
  reject: [
    ...(blank === null ? [] : ([['', blank]] as const)),
    [a(201), m['street.address.invalid']],
    ['Main St, Apt 4', m['street.address.invalid']],
    ["O'Hara", m['street.address.invalid']],
    ['Main & Co', m['street.address.invalid']],
    ['Straße 5', m['street.address.invalid']],
  ],
});

/**
 * Characters outside the Basic Multilingual Plane: one character, two UTF-16 units. Lengths are
 * counted in characters (code points), as the API document's maxLength and zod count them.
 */
const astral = (length: number) => '😀'.repeat(length);

const lengthCases = (min: number, max: number, message: string): RuleCases => ({
  accept: [a(min), a(min + 1), a(max - 1), a(max), `  ${a(min)}  `, 'Office PC 1', astral(max)],
  reject: [
    ['', message],
    ['   ', message],
    [a(min - 1), message],
    [`  ${a(min - 1)}  `, message],
    [a(max + 1), message],
    [a(max + 10), message],
    [astral(max + 1), message],
  ],
});

const maxOnlyCases = (max: number, message: string): RuleCases => ({
  accept: ['', '   ', 'hello', a(max - 1), a(max), `  ${a(max)}  `, astral(max)],
  reject: [
    [a(max + 1), message],
    [astral(max + 1), message],
    [` ${a(max + 1)} `, message],
    [a(max + 2), message],
    [a(max + 50), message],
    [a(5000), message],
  ],
});

// 68 + "@example.com" (12) = 80 characters, the maximum.
const email80 = `${a(68)}@example.com`;

export const ruleCases: Readonly<Record<RuleName, RuleCases>> = {
  email: {
    accept: [
      'user@example.com',
      '  user@example.com  ',
      'first.last+tag@sub.example.co.uk',
      'a_b-c@my-domain.org',
      'x@[192.168.0.1]',
      'x@example.123',
      `a@b.${'z'.repeat(25)}`,
      email80,
      email80.slice(1),
    ],
    reject: [
      ['', m['email.required']],
      ['   ', m['email.required']],
      [`a${email80}`, m['email.invalid']],
      ['user@example', m['email.invalid']],
      ['user example@x.com', m['email.invalid']],
      ['user@x.c', m['email.invalid']],
      [`a@b.${'z'.repeat(26)}`, m['email.invalid']],
      ['user@@x.com', m['email.invalid']],
      ['user@x.1234', m['email.invalid']],
      ['us:er@x.com', m['email.invalid']],
      ['x@[192.168.0.1', m['email.invalid']],
    ],
  },
  paypalEmail: {
    accept: ['', '   ', 'pay@example.com', ' pay@example.com ', 'x@[10.0.0.1]', email80],
    reject: [
      [`a${email80}`, m['paypal.email.invalid']],
      ['pay@example', m['paypal.email.invalid']],
      ['pay.example.com', m['paypal.email.invalid']],
      ['pay@ex ample.com', m['paypal.email.invalid']],
      ['pay@example.c', m['paypal.email.invalid']],
    ],
  },
  password: passwordCases(m['password.required']),
  currentPassword: passwordCases(m['current.password.required']),
  newPassword: passwordCases(m['new.password.required']),
  confirmPassword: passwordCases(m['confirm.password.required']),
  fullName: nameCases(m['fullname.required'], m['fullname.invalid']),
  firstName: nameCases(m['fname.required'], m['fname.invalid']),
  lastName: nameCases(m['lname.required'], m['lname.invalid']),
  name: nameCases(m['name.required'], m['name.invalid']),
  city: plainTextCases(m['city.required'], m['city.invalid'], 50),
  zip: {
    accept: ['12345', '12345-6789', 'SW1A 1AA', '1', '12', a(19), a(20), ' 560001 '],
    reject: [
      ['', m['zip.required']],
      ['  ', m['zip.required']],
      [a(21), m['zip.invalid']],
      ['123.45', m['zip.invalid']],
      ['12345#', m['zip.invalid']],
      ['12,345', m['zip.invalid']],
    ],
  },
  postalCode: {
    accept: ['K1A 0B1', 'H0H-0H0', '75008', '1', a(19), a(20), ' 560001 '],
    reject: [
      ['', m['postal.required']],
      ['  ', m['postal.required']],
      [a(21), m['postal.invalid']],
      ['K1A.0B1', m['postal.invalid']],
      ['75008/1', m['postal.invalid']],
      ['№75008', m['postal.invalid']],
    ],
  },
  partnerZip: plainTextCases(m['zipcode.required'], m['zipcode.invalid'], 50),
  stateText: plainTextCases(m['state.required'], m['state.text.invalid'], 50),
  stateSelect: stateCases(m['state.select']),
  partnerState: stateCases(m['state.required']),
  companyName: {
    accept: ['Acme Inc.', 'A&B, LLC', 'X', 'Smith & Sons #2', a(99), a(100), '  Acme  '],
    reject: [
      ['', m['company.required']],
      ['  ', m['company.required']],
      [a(101), m['company.too.long']],
      ['Acme (US)', m['company.invalid']],
      ['Acme?', m['company.invalid']],
      ['100% Co', m['company.invalid']],
      ['<Acme>', m['company.invalid']],
      ["Acme's", m['company.invalid']],
      ['Acme "Co"', m['company.invalid']],
      ['Acme\\Co', m['company.invalid']],
    ],
  },
  dbaName: {
    accept: ['', '  ', 'Acme Trading', 'A&B', a(99), a(100), '  Acme  '],
    reject: [
      [a(101), m['dba.too.long']],
      ['Acme (US)', m['dba.invalid']],
      ['Acme?', m['dba.invalid']],
      ['Acme "Co"', m['dba.invalid']],
      ["Acme's", m['dba.invalid']],
      ['Acme\\Co', m['dba.invalid']],
    ],
  },
  partnerId: {
    accept: ['abcd', 'abcde', 'partner_01', a(49), a(50), '  abcd  ', '1234'],
    reject: [
      ['', m['partnerid.required']],
      ['abc', m['partnerid.length']],
      [' abc ', m['partnerid.length']],
      [a(51), m['partnerid.length']],
      ['ABCD', m['partnerid.invalid']],
      ['ab-cd', m['partnerid.invalid']],
      ['ab cd', m['partnerid.invalid']],
    ],
  },
  phone: {
    accept: [
      '1234567890',
      '01234567890',
      '+11234567890',
      '+441234567890',
      '+123451234567890',
      ' 1234567890 ',
    ],
    reject: [
      ['', m['phone.required']],
      ['  ', m['phone.required']],
      ['123456789', m['phone.invalid']],
      ['12345678901', m['phone.invalid']],
      ['+1234561234567890', m['phone.invalid']],
      ['+1234567890', m['phone.invalid']],
      // Spaces, dashes, dots and parentheses are removed first (phone-rule.test.ts); a slash is not.
      ['123/456/7890', m['phone.invalid']],
      ['abcdefghij', m['phone.invalid']],
    ],
  },
  optionalPhone: {
    accept: ['', '  ', '1234567890', '01234567890', '+911234567890', ' 1234567890 '],
    reject: [
      ['123456789', m['phone.invalid']],
      ['12345678901', m['phone.invalid']],
      ['+1234561234567890', m['phone.invalid']],
      ['(123) 456_7890', m['phone.invalid']],
      ['phone', m['phone.invalid']],
    ],
  },
  vatId: {
    accept: ['', '  ', 'DE123456', 'GB123.456-78', a(19), a(20), ' DE1234567 '],
    reject: [
      ['DE12345', m['vat.invalid']],
      [a(21), m['vat.invalid']],
      ['DE 123456', m['vat.invalid']],
      ['DE_123456', m['vat.invalid']],
      ['DE12345/6', m['vat.invalid']],
    ],
  },
  gstin: {
    accept: [
      '',
      '  ',
      '22AAAAA0000A1Z5',
      '27ABCDE1234F2Z5',
      '29ABCDE1234FZZa',
      ' 07AAACR5055K1ZX ',
    ],
    reject: [
      ['22AAAAA0000A1Z', m['gstin.invalid']],
      ['22AAAAA0000A1Z55', m['gstin.invalid']],
      ['22aaaaa0000A1Z5', m['gstin.invalid']],
      ['22AAAAA0000A0Z5', m['gstin.invalid']],
      ['22AAAAA0000A1Y5', m['gstin.invalid']],
      ['AAAAAAA0000A1Z5', m['gstin.invalid']],
    ],
  },
  addressLine1: addressLineCases(m['address1.required'], m['address1.invalid']),
  billingAddressLine1: addressLineCases(m['billing.address.required'], m['address1.invalid']),
  address: addressLineCases(m['address.required'], m['address.invalid']),
  streetAddress: streetCases(m['address.required']),
  streetAddressLine2: streetCases(null),
  cardNumber: {
    accept: [
      '4111111111111111',
      '5555555555554444',
      '2223003122003222',
      '378282246310005',
      '6011111111111117',
      '30569309025904',
      '3530111333300000',
      ' 4111111111111111 ',
    ],
    reject: [
      ['', m['card.number.required']],
      ['4222222222222', m['card.length']],
      ['41111111111111113', m['card.length']],
      ['4111 1111 1111 1111', m['card.length']],
      ['4111-1111-1111-1111', m['card.length']],
      ['4111111111111112', m['card.invalid']],
      ['411111111111116', m['card.invalid']],
      ['6200000000000005', m['card.unsupported']],
      ['1234567812345670', m['card.unsupported']],
    ],
  },
  cvv: {
    accept: ['123', '1234', ' 123 ', '000', '9999'],
    reject: [
      ['', m['cvv.required']],
      ['12', m['cvv.invalid']],
      ['12345', m['cvv.invalid']],
      ['12a', m['cvv.invalid']],
      ['1 23', m['cvv.invalid']],
      ['abc', m['cvv.invalid']],
    ],
  },
  computerName: lengthCases(3, 50, m['computer.name.length']),
  groupName: {
    accept: ['a', 'ab', a(19), a(20), ' Sales ', 'Sales Team'],
    reject: [
      ['', m['group.name.length']],
      ['   ', m['group.name.length']],
      [a(21), m['group.name.length']],
      [` ${a(21)} `, m['group.name.length']],
      [a(30), m['group.name.length']],
    ],
  },
  personalKey: lengthCases(4, 15, m['personal.key.length']),
  comments: lengthCases(6, 4000, m['comments.length']),
  computerDescription: lengthCases(6, 250, m['computer.description.length']),
  message: maxOnlyCases(249, m['message.length']),
  maxLength256: maxOnlyCases(256, m['max.256']),
  apiKeyPassword: {
    accept: ['secret', 'secret1', a(19), a(20), ' secret '],
    reject: [
      ['', m['pwd.req']],
      ['   ', m['pwd.req']],
      ['abcde', m['pwd.range']],
      [' abcde ', m['pwd.range']],
      [a(21), m['pwd.range']],
      ['a', m['pwd.range']],
    ],
  },
};
