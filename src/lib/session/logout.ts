import { isReferralRangeKey, signedInFlagKey, storageKeys } from '../../domain/constants';
import type { ProductType } from '../../domain/constants';
import { clearOtpGuard } from '../http/otp-guard';
import { paths, serverPages, CONSOLE_BASE } from '../paths';
import { removeLocal, removeSessionWhere } from '../storage';
import { clearSessionIdentity, refreshRecordKey, storedRefreshKeys } from './identity';
import { getProductType } from './product-type';
import { sessionChannel } from './session-channel';
import { stopSessionTimers } from './timers';

export interface LogoutOptions {
  /** Same-origin page the server sends the browser to; without it, the reseller login. */
  redirectUrl?: string;
}

/** A step another area adds to logout (the offline issue wipes its local data here). */
export type LogoutStep = () => void | Promise<void>;

const extraSteps: LogoutStep[] = [];

/**
 * Adds a step that runs after the storage clean-up and before the browser leaves. Asynchronous
 * steps are awaited, but never longer than LOGOUT_STEP_TIMEOUT_MS all together.
 */
export function registerLogoutStep(step: LogoutStep): () => void {
  extraSteps.push(step);
  return () => {
    const index = extraSteps.indexOf(step);
    if (index >= 0) extraSteps.splice(index, 1);
  };
}

/** A stuck clean-up step must not keep a user from leaving. */
export const LOGOUT_STEP_TIMEOUT_MS = 2000;

/** Everything logout touches, so the sequence can be checked step by step. */
export interface LogoutEnvironment {
  stopTimers: () => void;
  removeLocal: (key: string) => void;
  removeSessionWhere: (predicate: (key: string) => boolean) => void;
  /** The token-refresh record keys of this account kind (usually one). */
  refreshRecordKeys: (productType: ProductType) => string[];
  extraSteps: readonly LogoutStep[];
  navigate: (url: string) => void;
  /** Tells the other tabs; absent when this tab is following another tab's logout. */
  notifyOtherTabs?: (productType: ProductType) => void;
}

async function runExtraSteps(steps: readonly LogoutStep[]): Promise<void> {
  const all = Promise.all(
    steps.map(async (step) => {
      try {
        await step();
      } catch (error) {
        console.warn('A logout step failed', error);
      }
    }),
  );
  await Promise.race([
    all,
    new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_STEP_TIMEOUT_MS)),
  ]);
}

/** The logout of spec section 4, in its order, ending with `navigate(destination)`. */
export async function runLogoutSequence(
  productType: ProductType,
  destination: string,
  env: LogoutEnvironment,
): Promise<void> {
  // 1. stop the timers
  env.stopTimers();
  // 2. remove the signed-in flag
  env.removeLocal(signedInFlagKey(productType));
  // 3. remove the stored CSRF value
  env.removeLocal(storageKeys.csrf);
  // 4. remove the token-refresh record
  for (const key of env.refreshRecordKeys(productType)) env.removeLocal(key);
  // 5. remove the session entries of the referral range type
  env.removeSessionWhere(isReferralRangeKey);
  // Other tabs leave at once rather than at their next 5-second check.
  env.notifyOtherTabs?.(productType);
  // Areas that keep data of their own (offline copies) wipe it here.
  await runExtraSteps(env.extraSteps);
  // 6. go to the server's logout page of the product type
  env.navigate(destination);
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function browserEnvironment(notify: boolean): LogoutEnvironment {
  return {
    stopTimers: stopSessionTimers,
    removeLocal,
    removeSessionWhere,
    refreshRecordKeys: (productType) => {
      const keys = new Set(storedRefreshKeys(productType, localStorageOrUndefined()));
      keys.add(refreshRecordKey(productType, localStorageOrUndefined()));
      return [...keys];
    },
    // What this tab remembers about the session (who, support-OTP guard) goes with it.
    extraSteps: [forgetSessionState, ...extraSteps],
    navigate: (url) => {
      window.location.assign(url);
    },
    notifyOtherTabs: notify
      ? (productType) => {
          sessionChannel().post({ type: 'logout', productType });
        }
      : undefined,
  };
}

function forgetSessionState(): void {
  clearSessionIdentity('reseller');
  clearSessionIdentity('partner');
  clearOtpGuard();
}

let isLoggingOut = false;

/** True once this tab has started leaving; later 401s and checks do nothing more. */
export function isLogoutUnderway(): boolean {
  return isLoggingOut;
}

/**
 * Logs out of the current product type and leaves through the server's logout page, which
 * revokes the session and clears its cookies. Several failing calls may ask at once: one wins.
 */
export function logout(options: LogoutOptions = {}): void {
  if (isLoggingOut) return;
  isLoggingOut = true;
  const productType = getProductType();
  const query = options.redirectUrl
    ? `?${new URLSearchParams({ redirect_url: options.redirectUrl }).toString()}`
    : '';
  void runLogoutSequence(
    productType,
    `${serverPages.logout(productType)}${query}`,
    browserEnvironment(true),
  );
}

/** Where a tab goes when another tab logged out: the sign-in page of that account kind. */
export function loginPageOf(productType: ProductType): string {
  return productType === 'partner'
    ? serverPages.partnerSignIn
    : `${CONSOLE_BASE}${paths.resellerLogin}`;
}

/**
 * Another tab logged out: the session is already revoked, so this tab clears its own state the
 * same way and goes straight to the sign-in page.
 */
export function followLogoutOfOtherTab(productType: ProductType): void {
  if (isLoggingOut) return;
  isLoggingOut = true;
  void runLogoutSequence(productType, loginPageOf(productType), browserEnvironment(false));
}
