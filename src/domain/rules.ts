/**
 * Every rule of spec section 5 as a plain function (`rules`): each trims first and returns the
 * spec's message for the first failed check, or null. validation.ts adds the same rules as zod
 * schemas; this file stays free of zod so the console's forms can use it without loading zod.
 */
import { cardNumberRule, cvvRule } from './cards';
import { noSpecialChars, plainText } from './character-checks';
import { lengths, type LengthBounds } from './limits';
import { messages } from './messages';
import { defineRule, hasLength, matches, withShape, type Rule } from './rule-core';
import { emailShape, isEmail, signInRules } from './rules-sign-in';
import { charsShape, inner, textShape, type RuleShape } from './rule-shapes';

export { addressChars, noSpecialChars, plainText } from './character-checks';
export type { Rule } from './rule-core';

const PARTNER_ID = /^[a-z0-9_]*$/;
const PHONE = /^(?:0|\+\d{1,5})?\d{10}$/;
// What people type between the digits of a phone number: "+1 (408) 555-0100", "408.555.0100".
const PHONE_SEPARATORS = /[\s().-]/g;
const VAT_ID = /^[A-Za-z0-9.-]{8,20}$/;
// 2 digits, 5 capitals, 4 digits, 1 capital, 1–9 or a capital, "Z", then one letter or digit.
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[A-Za-z0-9]$/;
const NO_BACKSLASH_OR_QUOTES = /^[^\\'"]*$/;
const STREET_ADDRESS = /^[A-Za-z0-9#_/().\- ]*$/;

/** "+1 (408) 555-0100" -> "+14085550100": the form the phone rule checks and the server stores. */
export function normalisePhone(value: string): string {
  return value.trim().replace(PHONE_SEPARATORS, '');
}
const isPhone = (value: string) => PHONE.test(normalisePhone(value));

/** Shown as the phone fields' placeholder, so the accepted shape is visible before typing. */
export const PHONE_EXAMPLE = '+1 408 555 0100';

const phoneShape: RuleShape = { core: inner(PHONE) };
const PLAIN_TEXT_CHARS = 'A-Za-z0-9_-';

const plainTextField = (
  blank: string | null,
  invalid: string,
  bounds: LengthBounds = lengths.plainTextField,
) =>
  defineRule({
    blank,
    shape: charsShape(PLAIN_TEXT_CHARS, bounds),
    checks: [[(value) => plainText(value) && hasLength(bounds)(value), invalid]],
  });

const companyChars = (value: string) => noSpecialChars(value) && !value.includes('\\');

const addressLine = (blank: string | null, invalid: string): Rule =>
  defineRule({
    blank,
    shape: textShape({ max: lengths.addressLine.max, excluded: `\\\\'"` }),
    checks: [
      [matches(NO_BACKSLASH_OR_QUOTES), invalid],
      [hasLength(lengths.addressLine), invalid],
    ],
  });

const streetAddressRule = (blank: string | null): Rule =>
  defineRule({
    blank,
    shape: charsShape('A-Za-z0-9#_/().\\-', lengths.streetAddress),
    checks: [
      [
        (value) => STREET_ADDRESS.test(value) && hasLength(lengths.streetAddress)(value),
        messages['street.address.invalid'],
      ],
    ],
  });

/** The dropdown's placeholders count as "nothing chosen". */
const stateDropdown = (blank: string): Rule =>
  withShape(
    (value: string) => {
      const trimmed = value.trim();
      if (trimmed === '') return blank;
      if (trimmed === 'Select') return messages['state.select'];
      if (trimmed === 'Choose a state') return messages['state.choose'];
      // The rule is "letters, digits, hyphen, underscore and space"; the message also mentions the
      // dot, but the spec's check does not allow it, and we follow the check.
      return plainText(trimmed) && hasLength(lengths.state)(trimmed)
        ? null
        : messages['state.invalid'];
    },
    { ...charsShape(PLAIN_TEXT_CHARS, lengths.state), except: ['Select', 'Choose a state'] },
    { isRequired: true },
  );

const lengthOnly = (
  bounds: LengthBounds,
  message: string,
  { isOptional = false, isMultiline = false } = {},
) =>
  defineRule({
    blank: isOptional ? null : message,
    shape: textShape({ ...bounds, isMultiline }),
    checks: [[hasLength(bounds), message]],
    isMultiline,
  });

export const rules = {
  email: signInRules.email,
  /** Optional; when given it must be a valid email. */
  paypalEmail: defineRule({
    blank: null,
    shape: emailShape,
    checks: [[isEmail, messages['paypal.email.invalid']]],
  }),

  password: signInRules.password,
  currentPassword: signInRules.currentPassword,
  newPassword: signInRules.newPassword,
  confirmPassword: signInRules.confirmPassword,

  fullName: signInRules.fullName,
  firstName: signInRules.firstName,
  lastName: signInRules.lastName,
  name: signInRules.name,

  city: plainTextField(messages['city.required'], messages['city.invalid']),
  /** The billing form's ZIP code: 1–20 characters. */
  zip: plainTextField(messages['zip.required'], messages['zip.invalid'], lengths.zip),
  postalCode: plainTextField(messages['postal.required'], messages['postal.invalid'], lengths.zip),
  /** The partner form's "ZIP Code", checked like the city (section 5, "City, ZIP code and state text"). */
  partnerZip: plainTextField(messages['zipcode.required'], messages['zipcode.invalid']),
  stateText: plainTextField(messages['state.required'], messages['state.text.invalid']),
  stateSelect: stateDropdown(messages['state.select']),
  partnerState: stateDropdown(messages['state.required']),

  companyName: defineRule({
    blank: messages['company.required'],
    shape: textShape({ max: lengths.companyName.max, excluded: `'"<>?%()\\\\` }),
    checks: [
      [hasLength(lengths.companyName), messages['company.too.long']],
      [companyChars, messages['company.invalid']],
    ],
  }),
  /** Optional. */
  dbaName: defineRule({
    blank: null,
    shape: textShape({ max: lengths.dbaName.max, excluded: `'"<>?%()\\\\` }),
    checks: [
      [hasLength(lengths.dbaName), messages['dba.too.long']],
      [companyChars, messages['dba.invalid']],
    ],
  }),
  partnerId: defineRule({
    blank: messages['partnerid.required'],
    shape: charsShape('a-z0-9_', { ...lengths.partnerId, hasSpaces: false }),
    checks: [
      [hasLength(lengths.partnerId), messages['partnerid.length']],
      [matches(PARTNER_ID), messages['partnerid.invalid']],
    ],
  }),

  /** Checked (and stored, see `ruleNormalisers`) without spaces, dashes, dots and parentheses. */
  phone: defineRule({
    blank: messages['phone.required'],
    shape: phoneShape,
    checks: [[isPhone, messages['phone.invalid']]],
  }),
  /** For the forms where the phone number may be left empty. */
  optionalPhone: defineRule({
    blank: null,
    shape: phoneShape,
    checks: [[isPhone, messages['phone.invalid']]],
  }),
  /** Optional ("An empty value is allowed"). */
  vatId: defineRule({
    blank: null,
    shape: { core: inner(VAT_ID) },
    checks: [[matches(VAT_ID), messages['vat.invalid']]],
  }),
  /** Optional ("An empty value is allowed"). */
  gstin: defineRule({
    blank: null,
    shape: { core: inner(GSTIN) },
    checks: [[matches(GSTIN), messages['gstin.invalid']]],
  }),

  addressLine1: addressLine(messages['address1.required'], messages['address1.invalid']),
  /** Address Line 1 when card payment is selected. */
  billingAddressLine1: addressLine(
    messages['billing.address.required'],
    messages['address1.invalid'],
  ),
  /** The generic address check. */
  address: addressLine(messages['address.required'], messages['address.invalid']),
  streetAddress: streetAddressRule(messages['address.required']),
  /** Optional. */
  streetAddressLine2: streetAddressRule(null),

  cardNumber: cardNumberRule,
  cvv: cvvRule,

  computerName: lengthOnly(lengths.computerName, messages['computer.name.length']),
  groupName: lengthOnly(lengths.groupName, messages['group.name.length']),
  personalKey: lengthOnly(lengths.personalKey, messages['personal.key.length']),
  comments: lengthOnly(lengths.comments, messages['comments.length'], { isMultiline: true }),
  computerDescription: lengthOnly(
    lengths.computerDescription,
    messages['computer.description.length'],
    { isMultiline: true },
  ),
  /** Optional; "less than 250 characters". */
  message: lengthOnly(lengths.message, messages['message.length'], {
    isOptional: true,
    isMultiline: true,
  }),
  /** Optional; the field it belongs to is not shown. */
  maxLength256: lengthOnly(lengths.maxLength256, messages['max.256'], { isOptional: true }),

  /** The API key dialog: "pwd.req" when empty, "pwd.range" outside the 6–20 range. */
  apiKeyPassword: defineRule({
    blank: messages['pwd.req'],
    shape: textShape(lengths.apiKeyPassword),
    checks: [[hasLength(lengths.apiKeyPassword), messages['pwd.range']]],
  }),
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;
export const ruleNames = Object.keys(rules) as RuleName[];

/** Rules whose value is rewritten after trimming, before it is checked and handed on. */
export const ruleNormalisers: Readonly<Partial<Record<RuleName, (value: string) => string>>> = {
  phone: normalisePhone,
  optionalPhone: normalisePhone,
};

/** Names are cleaned as well as checked: trimmed, with runs of spaces collapsed. */
export function cleanName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}
