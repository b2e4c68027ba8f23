import { describe, expect, it } from 'vitest';
import { checkInvitedSignup, type InvitedSignupInput } from '../../../src/domain/invited-signup';

const valid: InvitedSignupInput = {
  firstName: '  Mary   Ann ',
  lastName: 'Lee',
  password: ' secret1 ',
  hasAcceptedTerms: true,
};

describe('invited-user signup, in the spec order', () => {
  it('returns the cleaned values', () => {
    expect(checkInvitedSignup(valid, 'RemotePC')).toEqual({
      ok: true,
      values: { firstName: 'Mary Ann', lastName: 'Lee', password: 'secret1' },
    });
  });

  it.each<[string, Partial<InvitedSignupInput>, string, string]>([
    [
      'everything wrong: first name first',
      { firstName: '', lastName: '', password: '', hasAcceptedTerms: false },
      'firstName',
      'First name cannot be blank',
    ],
    [
      'then the last name',
      { lastName: 'L33', password: '', hasAcceptedTerms: false },
      'lastName',
      'Last name can contain a-z, A-Z and space',
    ],
    [
      'then the password',
      { password: 'abc', hasAcceptedTerms: false },
      'password',
      'Password should be between 6 - 20 characters',
    ],
    [
      'then the terms',
      { hasAcceptedTerms: false },
      'terms',
      'You must agree to the terms of RemotePC service for account creation',
    ],
  ])('%s', (_name, change, field, message) => {
    expect(checkInvitedSignup({ ...valid, ...change }, 'RemotePC')).toEqual({
      ok: false,
      field,
      message,
    });
  });
});
