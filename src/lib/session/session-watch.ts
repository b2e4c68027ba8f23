import { SESSION_CHECK_INTERVAL_MS } from '../../domain/limits';
import { paths, CONSOLE_BASE } from '../paths';
import { followLogoutOfOtherTab, logout } from './logout';
import { getProductType } from './product-type';
import { sessionChannel } from './session-channel';
import { forgetTabSession, isSignedIn, signedInKindOfThisTab } from './signed-in';
import { registerSessionTimer } from './timers';

let isStarted = false;

/** One look at the flag: a tab that was signed in and finds its flag gone logs out. */
export function checkSignedInFlag(): void {
  // Only a tab that has been inside a signed-in area (or signed in itself) has a flag to watch:
  // a sign-in page left open stays where it is.
  const kind = signedInKindOfThisTab();
  if (!kind || isSignedIn(kind)) return;
  forgetTabSession();
  logout({ redirectUrl: `${CONSOLE_BASE}${paths.resellerLogin}` });
}

/**
 * Starts the session watch of spec section 4 in this tab:
 * - every 5 seconds the signed-in flag is checked; when a tab that was signed in finds it gone,
 *   it logs out and goes to the reseller login;
 * - a logout in another tab arrives on the BroadcastChannel and this tab leaves at once.
 * Call once, before the first render.
 */
export function startSessionWatch(): void {
  if (isStarted) return;
  isStarted = true;
  isSignedIn(getProductType()); // a tab opened while signed in watches from the start

  const timer = window.setInterval(checkSignedInFlag, SESSION_CHECK_INTERVAL_MS);
  registerSessionTimer(() => {
    window.clearInterval(timer);
  });

  sessionChannel().subscribe((message) => {
    // Only a tab signed in as that account kind has something to leave.
    if (message.type === 'logout' && message.productType === signedInKindOfThisTab()) {
      forgetTabSession();
      followLogoutOfOtherTab(message.productType);
    }
  });
}
