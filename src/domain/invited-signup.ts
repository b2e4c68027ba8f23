/** Spec section 5, "Invited-user signup, checked in this order on submit". */
import { formatMessage } from './messages';
import { cleanName, rules } from './rules';

export interface InvitedSignupInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
  readonly hasAcceptedTerms: boolean;
}

export type InvitedSignupField = 'firstName' | 'lastName' | 'password' | 'terms';

export interface InvitedSignupFailure {
  readonly field: InvitedSignupField;
  readonly message: string;
}

export type InvitedSignupResult =
  | {
      readonly ok: true;
      /** The cleaned values to send: names trimmed with single spaces, password trimmed. */
      readonly values: { firstName: string; lastName: string; password: string };
    }
  | ({ readonly ok: false } & InvitedSignupFailure);

/** First name, last name, password, then the terms checkbox; the first failure is reported. */
export function checkInvitedSignup(
  input: InvitedSignupInput,
  product: string,
): InvitedSignupResult {
  const firstName = cleanName(input.firstName);
  const lastName = cleanName(input.lastName);
  const password = input.password.trim();
  const checks: readonly [InvitedSignupField, string | null][] = [
    ['firstName', rules.firstName(firstName)],
    ['lastName', rules.lastName(lastName)],
    ['password', rules.password(password)],
    ['terms', input.hasAcceptedTerms ? null : formatMessage('terms.required', { product })],
  ];
  for (const [field, message] of checks) {
    if (message !== null) return { ok: false, field, message };
  }
  return { ok: true, values: { firstName, lastName, password } };
}
