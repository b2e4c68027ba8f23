/**
 * Only same-origin targets are followed. The decision is made on the URL as a browser will read
 * it, never on the raw text: browsers drop tabs and newlines, read `\` as `/` and resolve dot
 * segments, so `/.//evil.example` would become `//evil.example` (another host) after a check of
 * the raw text had passed. Here the target is parsed first (WHATWG URL, as browsers do), the
 * origin compared, and the Location rebuilt from the parsed path with its leading slashes folded
 * into one, so it can never be read as a protocol-relative address.
 */
export function safeRedirect(
  target: string | undefined,
  publicOrigin: string,
  fallback: string,
): string {
  if (!target) return fallback;
  let url: URL;
  try {
    url = new URL(target.replace(/[\t\n\r]/g, ''), publicOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(publicOrigin).origin || url.username || url.password) return fallback;
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

/** The request headers a browser sends with a navigation that say where it came from. */
export interface NavigationHeaders {
  'sec-fetch-site'?: string | string[];
  origin?: string | string[];
  referer?: string | string[];
}

/**
 * Whether a GET that changes state (the logout pages, which the spec makes plain links) was made
 * by this site or typed by the person, not by another site (an image, a link or a form there).
 * Every current browser sends `Sec-Fetch-Site`; an older one is judged by `Origin` or `Referer`.
 * A request with none of them is not a browser's (curl, a script): its cookies are its own.
 */
export function isOwnNavigation(headers: NavigationHeaders, publicOrigin: string): boolean {
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const from = typeof headers.origin === 'string' ? headers.origin : headers.referer;
  if (typeof from !== 'string') return true;
  try {
    return new URL(from).origin === new URL(publicOrigin).origin;
  } catch {
    return false;
  }
}
