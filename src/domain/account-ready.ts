/**
 * The sign-in page an invited user reaches after creating the account says so, with the e-mail
 * filled in: the signup answers a link to the sign-in page with these parameters.
 */
export const accountReadyParam = 'account';
export const accountReadyEmailParam = 'email';
export const ACCOUNT_READY_TEXT =
  'Your account is ready. Sign in with the password you just chose.';
