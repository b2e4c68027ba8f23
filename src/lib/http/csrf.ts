import { API_BASE } from './api-base';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** The value of the XSRF-TOKEN cookie, echoed in every call's X-XSRF-TOKEN header. */
export function readCsrfToken(): string {
  const prefix = `${CSRF_COOKIE}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!entry) return '';
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return entry.slice(prefix.length);
  }
}

/**
 * Asks the server for a CSRF cookie. The first render waits for this; a failure is only logged
 * (spec section 7), so the console still renders and the next state-changing call reports it.
 */
export async function requestCsrfToken(): Promise<void> {
  try {
    const response = await fetch(`${API_BASE}/csrf`, {
      method: 'POST',
      credentials: 'include',
      headers: { [CSRF_HEADER]: readCsrfToken() },
    });
    // Only the cookie matters, but the body is read to its end: a response left unread stays
    // "in flight" for the browser (and for tools that wait for the network to be idle).
    await response.arrayBuffer();
    if (!response.ok) console.warn(`CSRF token request failed with HTTP ${response.status}`);
  } catch (error) {
    console.warn('CSRF token request failed', error);
  }
}
