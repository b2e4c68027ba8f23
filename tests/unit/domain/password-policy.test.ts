import { describe, expect, it } from 'vitest';
import {
  checkPasswordPolicy,
  passwordPolicyViolation,
  type PasswordPolicyContext,
} from '../../../src/domain/password-policy';

const base: PasswordPolicyContext = {
  newPassword: 'Newpass1!',
  confirmPassword: 'Newpass1!',
  email: 'owner@example.com',
  domainNames: ['www.remote-example.com'],
  isCurrentPasswordValid: true,
  isSameAsCurrent: false,
  isRecentlyUsed: false,
};

describe('server password rules', () => {
  it.each<[string, Partial<PasswordPolicyContext>, string, string]>([
    ['blank new password', { newPassword: ' ' }, 'newPassword', 'New Password cannot be blank'],
    [
      'short',
      { newPassword: 'abc', confirmPassword: 'abc' },
      'newPassword',
      'Password should be between 6 - 20 characters',
    ],
    [
      'blank confirm',
      { confirmPassword: '' },
      'confirmPassword',
      'Confirm Password cannot be blank',
    ],
    [
      'mismatch',
      { confirmPassword: 'Newpass2!' },
      'confirmPassword',
      'New Password and Confirm Password should match',
    ],
    [
      'current wrong',
      { isCurrentPasswordValid: false },
      'currentPassword',
      'Current Password is invalid',
    ],
    [
      'same as current',
      { isSameAsCurrent: true, isRecentlyUsed: true },
      'newPassword',
      'Current Password and New Password cannot be the same',
    ],
    [
      'email',
      { newPassword: 'Owner@Example.com', confirmPassword: 'Owner@Example.com' },
      'newPassword',
      'Email and Password cannot be the same',
    ],
    [
      '"password"',
      { newPassword: 'PassWord', confirmPassword: 'PassWord' },
      'newPassword',
      "Password cannot be 'password'",
    ],
    [
      'domain',
      { newPassword: 'remote-example.com', confirmPassword: 'remote-example.com' },
      'newPassword',
      'Password cannot be the domain name',
    ],
    [
      'domain without www and TLD',
      { newPassword: 'Remote-Example', confirmPassword: 'Remote-Example' },
      'newPassword',
      'Password cannot be the domain name',
    ],
    [
      'recently used',
      { isRecentlyUsed: true },
      'newPassword',
      'You used this password recently. Please choose a different one.',
    ],
  ])('%s', (_name, change, field, message) => {
    const context = { ...base, ...change };
    expect(passwordPolicyViolation(context)).toEqual({ field, message });
    expect(checkPasswordPolicy(context)).toBe(message);
  });

  it.each<[string, Partial<PasswordPolicyContext>]>([
    ['all fine', {}],
    ['trimmed values match', { newPassword: ' Newpass1! ', confirmPassword: 'Newpass1!' }],
    [
      'reset flow: no current password, no confirm',
      { isCurrentPasswordValid: undefined, confirmPassword: undefined },
    ],
    ['no domain names given', { domainNames: undefined }],
    [
      'contains but is not the domain',
      { newPassword: 'remote-example1', confirmPassword: 'remote-example1' },
    ],
  ])('passes: %s', (_name, change) => {
    expect(checkPasswordPolicy({ ...base, ...change })).toBeNull();
  });
});
