/**
 * The message catalogue: every user-facing text of spec sections 4, 5 and 8 under a stable key.
 * Texts are the spec's, word for word, typos included ("recieving", "occured"); the keys the spec
 * itself names ("oops.somthing.wrong", "incorrect.pwd", ...) keep their spelling too.
 * Texts the spec leaves open are marked "chosen" and listed in src/domain/README.md.
 * Placeholders are `{name}` or `<name>` and are filled from arguments by `formatMessage`.
 */
import { firstScreenMessages, interpolate } from './messages-first-screen';

export { interpolate };

export const messages = {
  // Section 5's e-mail, password and name texts, the error screens and the sign-in page's
  // notices live in messages-first-screen.ts (the sign-in page loads only those).
  ...firstScreenMessages,
  // --- Section 5: email ---
  'paypal.email.invalid': 'Enter a valid paypal email address',

  // --- Section 5: city, ZIP code and state text (partner forms) ---
  'city.required': 'Enter your city',
  'city.invalid': 'City name can only contain characters A-Z, a-z, 0-9 and space',
  'zipcode.required': 'Enter your ZIP Code',
  /** chosen: "similar messages for the other fields". */
  'zipcode.invalid': 'ZIP Code can only contain characters A-Z, a-z, 0-9 and space',
  'state.required': 'State/Province/Region cannot be blank',
  /** chosen: "similar messages for the other fields". */
  'state.text.invalid': 'State/Province/Region can only contain characters A-Z, a-z, 0-9 and space',

  // --- Section 5: company, DBA, partner ID ---
  'company.required': 'Enter company name',
  'company.invalid': "Company name cannot contain characters <> () % ? '",
  /** chosen: the spec gives the 100-character bound but no text for it. */
  'company.too.long': 'Company name cannot be longer than 100 characters',
  'dba.invalid': "DBA name cannot contain characters <> () % ? ' and quotes",
  /** chosen: the spec gives the DBA name no bound; it shares the company name's. */
  'dba.too.long': 'DBA name cannot be longer than 100 characters',
  'partnerid.required': 'Enter Partner ID',
  'partnerid.length': 'The Partner id must contain between 4 to 50 characters.',
  'partnerid.invalid': 'Partner ID can only contain characters a-z, 0-9 and _',

  // --- Section 5: phone and tax IDs ---
  'phone.required': 'Phone number cannot be blank',
  'phone.invalid': 'Enter a valid phone number',
  'vat.invalid': 'Enter a valid VAT ID',
  'gstin.invalid': 'Enter a valid GSTIN',

  // --- Section 5: state dropdown ---
  'state.select': 'Select a state/province/region',
  'state.choose': 'Select a state',
  'state.invalid':
    'State/Province can only contain characters A - Z, a - z, 0 - 9, .(dot),-(hyphen) and blank space',

  // --- Section 5: addresses ---
  'address1.required': 'Address Line 1 cannot be blank',
  'billing.address.required': 'Billing address cannot be blank',
  'address1.invalid': 'Enter a valid Address Line 1',
  'address.required': 'Address cannot be blank',
  'address.invalid': 'Enter a valid address',
  'street.address.invalid':
    'The address can only contain characters A-Z, a-z, 0-9, _, #, /, ( ), -, . and blank space',

  // --- Section 5: zip / postal code (billing forms) ---
  'zip.required': 'Zip code cannot be blank',
  'zip.invalid': 'Enter a valid Zip code',
  'postal.required': 'Postal code cannot be blank',
  'postal.invalid': 'Enter a valid Postal code',
  'zip.usa.invalid': 'invalid zip code',

  // --- Section 5: the three unattached character checks (texts chosen) ---
  'special.chars.invalid': 'Cannot contain characters \' " < > ? % ( )',
  'plain.text.invalid': 'Can only contain characters A-Z, a-z, 0-9, -, _ and blank space',
  'address.chars.invalid':
    'Can only contain characters A-Z, a-z, 0-9, ., _, blank space, ,, #, -, ( ) and /',

  // --- Section 5: invited-user signup and API key dialog ---
  'terms.required': 'You must agree to the terms of {product} service for account creation',
  /** chosen: the spec names the key only; it reads as the general required text. */
  'pwd.req': 'Password cannot be blank',
  /** chosen: the spec names the key only; the dialog uses the general 6–20 range. */
  'pwd.range': 'Password should be between 6 - 20 characters',

  // --- Section 8: session and request ---
  'link.expired': 'The link has expired.',

  // --- Section 8: captcha ---
  'captcha.failed': 'Captcha verification failed',
  'captcha.verify': 'Please verify captcha',
  'captcha.robot': 'Please confirm you are not a robot',

  // --- Section 8: login and account ---
  'login.invalid.email.password': 'Email or password you entered is invalid. Please try again',
  'login.invalid.partner': 'Partner ID / Email or Password is incorrect',
  'login.invalid': 'Invalid Login',
  'account.not.registered': 'This account is not registered with {product}',
  'account.cancelled.access': 'You are trying to access a cancelled account',
  'account.due.contact.support': 'Account has exceeded due date. Contact support at {email}',
  'account.due.apply.charges': 'Account has exceeded due date. Apply pending charges',
  'account.cancel.pending.amount': 'You must pay the pending amount in order to cancel the account',
  'otp.blocked':
    'Your account has been blocked temporarily as you have exceeded the maximum count for recieving OTP for login via two-factor authentication. Try again after 24 hours or contact support',
  'otp.incorrect': 'OTP is incorrect',
  'otp.expired.or.incorrect': 'Entered OTP has expired or is incorrect',
  'otp.required': 'OTP cannot be blank',
  'login.select.username': 'Multiple accounts are associated with your email, select a Username',
  'account.email.registered': 'An account is already registered with this email address',
  'email.exists': 'Email address already exists',
  'account.register.failed': 'Unable to register account',

  // --- Section 8: single sign-on ---
  'sso.enabled': 'Your account is SSO-enabled. Sign in to SSO account.',
  // The refused SSO sign-in texts (sso.not.enabled, sso.saml.failed, sso.login.failed,
  // sso.auth.error) are in messages-first-screen.ts: the sign-in page shows them.

  // --- Section 8: password ---
  'password.link.expired': 'Password link expired',
  'password.reset.link.sent':
    'A link to reset password has been sent to your registered email address',
  'password.reset.success': 'You have successfully reset your password',
  'password.changed': 'Password has been changed successfully',
  'password.recently.used': 'You used this password recently. Please choose a different one.',
  'password.same.as.current': 'Current Password and New Password cannot be the same',
  'password.confirm.mismatch': 'New Password and Confirm Password should match',
  'current.password.invalid': 'Current Password is invalid',
  'password.incorrect': 'Incorrect password',
  'password.same.as.email': 'Email and Password cannot be the same',
  'password.is.password': "Password cannot be 'password'",
  'password.is.domain': 'Password cannot be the domain name',

  // --- Section 8: payment and plan ---
  'card.not.processed': 'Credit card could not be processed',
  'payment.failed':
    'There was an error in completing the payment. Check your credit card information and try again.',
  'card.invalid': 'Invalid credit card number',
  'card.length': 'Card number must be between 14-16 digits',
  'cvv.invalid': 'CVV can contain only 3-4 digits',
  'card.unsupported': 'This credit card is not supported',
  /** chosen: the spec gives no required text for the card fields; each field names itself. */
  'card.number.required': 'Card number cannot be blank',
  /** chosen */
  'cvv.required': 'CVV cannot be blank',
  /** chosen */
  'card.month.required': 'Expiry month cannot be blank',
  /** chosen */
  'card.year.required': 'Expiry year cannot be blank',
  /** chosen: the spec gives no text for an expiry date in the past. */
  'card.expired': 'This card has expired. Check the expiry month and year.',
  'card.updated': 'Your Credit card details have been updated successfully',
  /** chosen: the spec changes the address only with the card; this is its own save. */
  'billing.address.updated': 'Billing address updated successfully',
  'pending.charges.applied': 'Pending charges have been applied successfully',
  'account.reactivated':
    "Your account has been reactivated and you can provide a solution for your customer's remote access and support needs.",
  'plan.no.downgrade': 'You cannot downgrade an account to a lower subscription plan',
  'plan.already.subscribed': 'You are already subscribed to this plan',
  'plan.not.found': 'The plan you are trying to subscribe to does not exist',
  'upgrade.failed': 'There was some problem during upgrade. Please try again later.',
  'upgrade.success': 'Your account has been upgraded successfully',

  // --- Section 8: users, profile and two-factor ---
  'profile.updated': 'Profile updated successfully',
  'profile.unchanged': 'You have not made any changes to your profile',
  'user.updated': 'User details updated successfully',
  'user.deleted': 'User has been deleted successfully',
  'invitation.sent': 'Invitation sent successfully',
  'invitation.copied': 'User invitation copied',
  'team.one.per.user':
    'You cannot add a user to more than one team. Deselect users who are already part of a Team',
  'permission.denied': 'You do not have permission to perform this action',
  /** chosen: the spec says only that these confirmations and their error variants exist. */
  'twofa.enabled': 'Two-factor authentication has been enabled successfully',
  'twofa.disabled': 'Two-factor authentication has been disabled successfully',
  'twofa.enable.failed':
    'Two-factor authentication could not be enabled. Try again after some time.',
  'twofa.disable.failed':
    'Two-factor authentication could not be disabled. Try again after some time.',

  // --- Section 8: CSV bulk invitation ---
  'csv.invalid': 'Please upload a valid CSV file',
  'csv.one.file': 'Only one file upload is allowed at a time',
  'csv.too.many.users': 'Should not allow more than 500 users at a time',
  'csv.accounts.failed':
    'Accounts could not be created. Check the user details in CSV file and try again.',
  /** chosen: the spec gives no text for a bad allotted-computers cell. */
  'csv.allotted.computers.invalid': 'Allotted computers must be a whole number',

  // --- Section 8: computers and groups ---
  'computer.name.length': 'Computer name should be between 3-50 characters',
  'group.name.length': 'Group name should be between 1 - 20 characters',
  'personal.key.length': 'Personal Key should be between 4 - 15 characters',
  'comments.length': 'Comments size must be in between 6-4000',
  'computer.description.length': 'Computer description size must be in between 6-250',
  'max.256': 'Maximum 256 characters allowed',
  'message.length': 'Message should be less than 250 characters',
  'hosts.delete.limit': 'Cannot delete more than <numberOfHosts> hosts',

  // --- Section 8: invited-user signup, API key (keys named by the spec) ---
  /** chosen: the key's text is not shown; it reads as the generic message. */
  'oops.somthing.wrong': 'Something went wrong. Try again after some time.',
  /** chosen: the spec's probable reading. */
  'incorrect.pwd': 'Incorrect password',

  // --- Section 4: API key dialog and clipboard ---
  'apikey.protect': 'Protect this key like a password!',
  'apikey.generated': 'Key generated successfully',
  'clipboard.copied': 'Copied to clipboard',

  // --- Section 8: generic ---
  'generic.error': 'Something went wrong. Try again after some time.',
  'unknown.error': 'An unknown error has occured',
} as const;

export type MessageKey = keyof typeof messages;

// A placeholder name is a word: this keeps "<>" in the company-name text from counting as one.
type Word<S extends string> = S extends '' ? never : S extends `${string} ${string}` ? never : S;
type BraceParams<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? Word<P> | BraceParams<Rest>
  : never;
type AngleParams<S extends string> = S extends `${string}<${infer P}>${infer Rest}`
  ? Word<P> | AngleParams<Rest>
  : never;

/** The placeholder names of one message, e.g. "product" | "email". */
export type MessageParamName<K extends MessageKey> =
  BraceParams<(typeof messages)[K]> | AngleParams<(typeof messages)[K]>;

export type MessageParams<K extends MessageKey> = Readonly<
  Record<MessageParamName<K>, string | number>
>;

/**
 * The text of a message key; keys with placeholders require their values, so a missing
 * `{product}` is a compile error rather than a literal "{product}" on screen.
 */
export function formatMessage<K extends MessageKey>(
  key: K,
  ...args: [MessageParamName<K>] extends [never] ? [] : [params: MessageParams<K>]
): string {
  const [params] = args;
  const text: string = messages[key];
  return params === undefined ? text : interpolate(text, params);
}

/** Whether a string is a key of the catalogue (e.g. one read back from the server). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}
