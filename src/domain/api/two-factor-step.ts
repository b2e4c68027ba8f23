/**
 * Where the console goes after a right password when the account needs a second factor. Kept
 * apart from the zod contracts so the sign-in page's bundle stays free of zod.
 */
export const TWOFA_LOGIN_STEP = '/reseller/login?step=twofa';
