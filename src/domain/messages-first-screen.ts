/**
 * The messages the first screen can show before the rest of the catalogue (messages.ts) loads:
 * the sign-in form's rules (e-mail, passwords, names), the error screens and the notices of the
 * sign-in page (a refused SSO sign-in included). messages.ts spreads them into the one catalogue, so every key still reads from
 * `messages`; modules on the sign-in page import this file instead, to keep the whole catalogue
 * off that page (issue 21's JavaScript budget).
 */
export const firstScreenMessages = {
  'email.required': 'Email cannot be blank',
  'email.invalid': 'Enter a valid email address',
  'password.required': 'Password cannot be blank',
  'current.password.required': 'Current Password cannot be blank',
  'new.password.required': 'New Password cannot be blank',
  'confirm.password.required': 'Confirm Password cannot be blank',
  // The spec writes \" inside a quoted string: the text itself carries a plain double quote.
  'password.chars': 'Password can contain A-Z, a-z, 0-9 and ~`!@#$%^&*()-_+={}|[];\'"<>,.?/',
  'password.length': 'Password should be between 6 - 20 characters',
  'fullname.required': 'Enter your full name',
  'fullname.invalid': 'Full name can only contain a-z, A-Z and space',
  'fname.required': 'First name cannot be blank',
  'fname.invalid': 'First name can contain a-z, A-Z and space',
  'lname.required': 'Last name cannot be blank',
  'lname.invalid': 'Last name can contain a-z, A-Z and space',
  'name.required': 'Name cannot be blank',
  /** chosen: the spec gives no invalid text for the plain "name" field. */
  'name.invalid': 'Name can only contain a-z, A-Z and space',
  'route.error': 'Something went wrong',
  'error.screen.title': 'Oops!',
  'error.screen.link.expired': 'Oops! The link has expired.',
  'error.screen.back': 'Take me back to {product} Reseller Homepage',
  'account.cancelled': 'Your account has been cancelled successfully',
  'account.cancelled.refund.failed':
    "Your account has been successfully cancelled. We're unable to process your refund, as your credit card details are invalid. Contact support.",
  // A refused SSO sign-in, shown on the sign-in page it comes back to.
  'sso.not.enabled':
    'Your account is not SSO-enabled. Sign in to non-SSO account or contact admin to enable SSO.',
  'sso.saml.failed': 'SAML authentication has failed. Contact admin for assistance.',
  'sso.login.failed': 'Could not login. Contact admin for assistance.',
  'sso.auth.error': 'An error occured during authentication. Enter valid credentials.',
  /** chosen: the spec's probable reading. */
  'otp.action.denied': 'You do not have permission to perform this action',
} as const;

// Placeholders are ASCII words, so spec texts such as "<> () %" never match.
const PLACEHOLDER = /\{(\w+)\}|<(\w+)>/g;

/** Fills `{name}` and `<name>` placeholders of any text; unknown names are left as written. */
export function interpolate(
  text: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return text.replace(PLACEHOLDER, (whole, brace?: string, angle?: string) => {
    const name = brace ?? angle ?? '';
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
