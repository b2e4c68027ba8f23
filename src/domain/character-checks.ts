/**
 * The three character checks spec section 5 lists without saying which fields use them. They are
 * predicates (true = acceptable) so that the named rules can reuse them with their own messages;
 * `noSpecialCharsRule`, `plainTextRule` and `addressCharsRule` pair them with chosen texts.
 */
import { messages } from './messages';
import { defineRule, matches, type Rule } from './rule-core';

const SPECIAL_CHARS = /['"<>?%()]/;
const PLAIN_TEXT = /^[A-Za-z0-9_ -]*$/;
const ADDRESS_CHARS = /^[A-Za-z0-9._ ,#()/-]*$/;

/** Rejects ' " < > ? % ( ) (used by the company and DBA names). */
export function noSpecialChars(value: string): boolean {
  return !SPECIAL_CHARS.test(value);
}

/** Letters, digits, -, _ and space only (used by city, ZIP and state fields). */
export function plainText(value: string): boolean {
  return PLAIN_TEXT.test(value);
}

/** Letters, digits, . _ space , # - ( ) / only (no field is named by the spec). */
export function addressChars(value: string): boolean {
  return ADDRESS_CHARS.test(value);
}

export const noSpecialCharsRule: Rule = defineRule({
  blank: null,
  checks: [[noSpecialChars, messages['special.chars.invalid']]],
});

export const plainTextRule: Rule = defineRule({
  blank: null,
  checks: [[matches(PLAIN_TEXT), messages['plain.text.invalid']]],
});

export const addressCharsRule: Rule = defineRule({
  blank: null,
  checks: [[matches(ADDRESS_CHARS), messages['address.chars.invalid']]],
});
