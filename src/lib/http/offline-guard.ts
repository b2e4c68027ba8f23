import { ApiError } from './api-error';

/**
 * Why an action that needs the server does not run while offline. Screens show it next to (or
 * as the tooltip of) a disabled action; the HTTP client answers any state-changing call made
 * offline with it, so an action a screen did not turn off still explains itself.
 */
export const OFFLINE_ACTION_HINT = 'You are offline. This needs a connection to the server.';

export const OFFLINE_CODE = 'OFFLINE';

/**
 * A state-changing call while the browser reports no connection: refused before it is sent
 * (it could only fail, and a queued write replayed later could surprise the user). Reads still
 * go out: the service worker answers cached reports.
 */
export function offlineRefusal(method: string): ApiError | undefined {
  if (method === 'GET' || typeof navigator === 'undefined' || navigator.onLine) return undefined;
  return new ApiError(0, OFFLINE_CODE, OFFLINE_ACTION_HINT);
}
