/**
 * Where the console goes after a right password when the account needs a second factor. Kept
 * apart from the zod contracts so the sign-in page's bundle stays free of zod.
 */
export const TWOFA_LOGIN_STEP = '/reseller/login?step=twofa';

/**
 * The `next` of a right password for an e-mail shared by several accounts: no session yet; the
 * answer lists the usernames whose password matched, and the console signs in again with one.
 */
export const SELECT_USERNAME_STEP = 'select-username';
