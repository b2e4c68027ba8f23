/**
 * Where a sign-in returns to: the console page a signed-out visitor asked for, carried in the
 * sign-in page's `next` query parameter. Only a path of this console is followed, read the way a
 * browser reads it: browsers drop tabs and newlines and take `\` for `/`, so `/\evil.example` or
 * `//evil.example` would leave the site. Those, absolute URLs and anything that parses to another
 * origin are refused (null), and so are the sign-in pages themselves (a loop).
 */
export const RETURN_PATH_PARAM = 'next';

const MAX_LENGTH = 2000;
const PROBE_ORIGIN = 'https://console.invalid';
const SIGN_IN_PAGES = new Set(['/reseller/login']);
/** Where a sign-in lands anyway: not worth a parameter. */
const LANDINGS = new Set(['/', '/home', '/partner/dashboard']);

/** The console path (relative to /rpc-app) to return to after the sign-in, or null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  // One leading slash and nothing a browser would rewrite into a host: no backslash, no control
  // character (a tab inside `/\t/evil` is dropped and leaves `//evil`).
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.username || url.password) return null;
  // Dot segments resolve (`/a/..//evil`): the resolved path must still start with one slash.
  if (url.pathname.startsWith('//') || SIGN_IN_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address with the page to return to, when there is one worth keeping. */
export function withReturnPath(signInPath: string, returnPath: string | null): string {
  const safe = safeReturnPath(returnPath);
  if (!safe || LANDINGS.has(safe)) return signInPath;
  const separator = signInPath.includes('?') ? '&' : '?';
  return `${signInPath}${separator}${RETURN_PATH_PARAM}=${encodeURIComponent(safe)}`;
}

/** A paid-up account may go where it asked; one with charges due pays first (billing page). */
const PAY_FIRST = '/account/billingInfo';

/**
 * Where the console goes after a sign-in answered `next` (a console path): the page asked for
 * when there is a safe one, else the server's landing. A second step keeps the page asked for.
 */
export function afterSignIn(next: string, returnTo: string | null): string {
  const landing = next.startsWith('/') ? next : '/home';
  const safe = safeReturnPath(returnTo);
  if (landing.startsWith('/reseller/login')) return withReturnPath(landing, safe);
  if (landing === PAY_FIRST) return landing;
  return safe ?? landing;
}
