import { describe, expect, it } from 'vitest';
import {
  formatMessage,
  interpolate,
  isMessageKey,
  messages,
  type MessageKey,
} from '../../../src/domain/messages';

describe('message catalogue', () => {
  it.each([
    ['oops.somthing.wrong', 'Something went wrong. Try again after some time.'],
    ['incorrect.pwd', 'Incorrect password'],
    ['otp.action.denied', 'You do not have permission to perform this action'],
    ['pwd.req', 'Password cannot be blank'],
    ['pwd.range', 'Password should be between 6 - 20 characters'],
  ] as const)('has the key the spec names: %s', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it.each([
    [
      'otp.blocked',
      'Your account has been blocked temporarily as you have exceeded the maximum count for recieving OTP for login via two-factor authentication. Try again after 24 hours or contact support',
    ],
    ['sso.auth.error', 'An error occured during authentication. Enter valid credentials.'],
    ['unknown.error', 'An unknown error has occured'],
    ['password.is.password', "Password cannot be 'password'"],
    ['csv.too.many.users', 'Should not allow more than 500 users at a time'],
    [
      'account.cancelled.refund.failed',
      "Your account has been successfully cancelled. We're unable to process your refund, as your credit card details are invalid. Contact support.",
    ],
  ] as const)('keeps the spec text of %s word for word', (key, text) => {
    expect(messages[key]).toBe(text);
  });

  it('has no empty text and no stray whitespace', () => {
    for (const text of Object.values(messages)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).toBe(text.trim());
    }
  });
});

describe('formatMessage', () => {
  it.each([
    [
      formatMessage('account.not.registered', { product: 'RemotePC' }),
      'This account is not registered with RemotePC',
    ],
    [
      formatMessage('account.due.contact.support', { email: 'support@example.com' }),
      'Account has exceeded due date. Contact support at support@example.com',
    ],
    [
      formatMessage('hosts.delete.limit', { numberOfHosts: 25 }),
      'Cannot delete more than 25 hosts',
    ],
    [
      formatMessage('terms.required', { product: 'RemotePC' }),
      'You must agree to the terms of RemotePC service for account creation',
    ],
    [
      formatMessage('error.screen.back', { product: 'RemotePC' }),
      'Take me back to RemotePC Reseller Homepage',
    ],
  ])('fills placeholders: %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('returns texts without placeholders unchanged, brackets included', () => {
    expect(formatMessage('company.invalid')).toBe(
      "Company name cannot contain characters <> () % ? '",
    );
    expect(formatMessage('password.chars')).toBe(messages['password.chars']);
    expect(formatMessage('email.required')).toBe('Email cannot be blank');
  });

  it('requires the placeholder values at compile time', () => {
    // @ts-expect-error -- {product} must be given
    formatMessage('account.not.registered');
    // @ts-expect-error -- the placeholder is "email", not "mail"
    formatMessage('account.due.contact.support', { mail: 'x' });
    // @ts-expect-error -- a text without placeholders takes no argument
    formatMessage('email.required', { product: 'x' });
    expect(true).toBe(true);
  });
});

describe('interpolate', () => {
  it.each([
    ['{a} and <b>', { a: 1, b: 'two' }, '1 and two'],
    ['{a} {a}', { a: 'x' }, 'x x'],
    ['{missing} stays', {}, '{missing} stays'],
    ['<> () % ? and {} stay', { '': 'no' }, '<> () % ? and {} stay'],
    ['< spaced > stays', { spaced: 'no' }, '< spaced > stays'],
  ])('%j', (text, params, expected) => {
    expect(interpolate(text, params)).toBe(expected);
  });
});

describe('isMessageKey', () => {
  it.each([
    ['email.required', true],
    ['oops.somthing.wrong', true],
    ['oops.something.wrong', false],
    ['toString', false],
    ['', false],
  ])('%j -> %s', (key, expected) => {
    expect(isMessageKey(key)).toBe(expected);
    if (isMessageKey(key)) {
      const typed: MessageKey = key;
      expect(messages[typed]).toBeTypeOf('string');
    }
  });
});
