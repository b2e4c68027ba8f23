/**
 * The rules of the sign-in page's form and of the fields checked on blur (e-mail, passwords,
 * names): rules.ts lists them in `rules` with the others. They live here, with their messages in
 * messages-first-screen.ts, so the sign-in page loads these few rules and not the whole rule book
 * and message catalogue (issue 21's JavaScript budget).
 */
import { lengths } from './limits';
import { firstScreenMessages as messages } from './messages-first-screen';
import { defineRule, hasLength, matches, type Rule } from './rule-core';
import { CONTROL, charsShape, inner, type RuleShape } from './rule-shapes';

/**
 * Local part of word characters, "-", "." or "+"; "@"; dotted labels or a bracketed IPv4 address;
 * a final part of 2–25 letters or 1–3 digits.
 */
const EMAIL = /^[\w.+-]+@(?:\[\d{1,3}(?:\.\d{1,3}){3}\]|(?:[\w-]+\.)+(?:[A-Za-z]{2,25}|\d{1,3}))$/;
export const isEmail = (value: string) => hasLength(lengths.email)(value) && EMAIL.test(value);

// Colon, any whitespace and backslash are the only characters a password may not contain.
const PASSWORD_CHARS = /^[^:\s\\]*$/;
const NAME = /^[A-Za-z -]*$/;

// Control characters are refused after the spec's checks (rule-core.ts), so the shape leaves them out.
const passwordShape: RuleShape = {
  core: `[^:\\s\\\\${CONTROL}]{${lengths.password.min},${lengths.password.max}}`,
};
export const emailShape: RuleShape = { core: inner(EMAIL), maxLength: lengths.email.max };

const passwordRule = (blank: string): Rule =>
  defineRule({
    blank,
    shape: passwordShape,
    checks: [
      [matches(PASSWORD_CHARS), messages['password.chars']],
      [hasLength(lengths.password), messages['password.length']],
    ],
  });

const nameRule = (blank: string, invalid: string): Rule =>
  defineRule({
    blank,
    shape: charsShape('A-Za-z-', lengths.name),
    checks: [
      [matches(NAME), invalid],
      [hasLength(lengths.name), invalid],
    ],
  });

export const signInRules = {
  email: defineRule({
    blank: messages['email.required'],
    shape: emailShape,
    checks: [[isEmail, messages['email.invalid']]],
  }),

  password: passwordRule(messages['password.required']),
  currentPassword: passwordRule(messages['current.password.required']),
  newPassword: passwordRule(messages['new.password.required']),
  confirmPassword: passwordRule(messages['confirm.password.required']),

  fullName: nameRule(messages['fullname.required'], messages['fullname.invalid']),
  firstName: nameRule(messages['fname.required'], messages['fname.invalid']),
  lastName: nameRule(messages['lname.required'], messages['lname.invalid']),
  name: nameRule(messages['name.required'], messages['name.invalid']),
} as const satisfies Record<string, Rule>;
